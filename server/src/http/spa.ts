import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BootstrapData } from '@backbeat/common';
import { createPageGzip, sharedPiece, type PagePiece, type SharedPiece } from './page-gzip.ts';
import { allowFraming } from './security-headers.ts';
import { themeBootScript } from './theme-boot.ts';

const HEAD_MARKER = '<!--app-head-->';

const FALLBACK_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Backbeat</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">${HEAD_MARKER}</head><body><div id="root"><p style="font-family:sans-serif;padding:2rem">The web app is not built yet. Run <code>npm run build</code>.</p></div></body></html>`;

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * Bootstrap values the services hand out from their caches (the locale with all its lines,
 * the localizations, menus) are the same object from page to page until they change, and
 * cached values are never changed in place: each is written as JSON once, not per page.
 */
const writtenJson = new WeakMap<object, string>();
function cachedScriptJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return scriptJson(value);
  let json = writtenJson.get(value);
  if (json === undefined) {
    json = scriptJson(value);
    writtenJson.set(value, json);
  }
  return json;
}

const sameValues = (kept: unknown[], values: unknown[]) =>
  kept.length === values.length && kept.every((value, index) => value === values[index]);

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const brotli = (html: string) =>
  promisify(brotliCompress)(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });

/** Bootstrap data that differs from viewer to viewer; the rest is the same for a language. */
const VIEWER_KEYS = new Set<string>([
  'user',
  'workspaces',
  'subscription_permissions',
  'show_cookie_notice',
  'is_mobile_device',
]);

const WORKER_CSP = "default-src 'self'; img-src 'self' data: https:; frame-ancestors 'none'";

/** Embeds (spec §2) are meant to be framed by other sites; every other page only by this one. */
const EMBED_PATH = /^\/(track\/\d+\/[^/?#]+|album\/\d+\/[^/?#]+\/[^/?#]+)\/embed\/?(?:[?#]|$)/;

function contentSecurityPolicy(nonce: string, embed = false, connectSrc: string[] = []): string {
  return [
    "default-src 'self'",
    // reCAPTCHA's script and frame are loaded on demand when a site key is configured.
    `script-src 'self' 'nonce-${nonce}' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/`,
    // The appearance editor frames the site itself for its live preview.
    "frame-src 'self' https://www.google.com/recaptcha/",
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "font-src 'self' data: https://fonts.gstatic.com",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    // Direct uploads PUT to the bucket's origin (spec 2 §7), which the page must reach.
    ["connect-src 'self' ws: wss:", ...connectSrc].join(' '),
    embed ? 'frame-ancestors http: https:' : "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The policy around its nonce, written once: the text before the nonce and after it. */
function policyAroundNonce(embed: boolean, connectSrc: string[] = []): [string, string] {
  const mark = '\u0000nonce\u0000';
  const [before = '', after = ''] = contentSecurityPolicy(mark, embed, connectSrc).split(mark);
  return [before, after];
}

/**
 * CSP nonces: 16 random bytes each, drawn from a pool filled 256 nonces at a time (one call
 * into the random generator per 256 pages instead of one per page). Each is used once.
 */
function noncePool(size = 256): () => string {
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + 16 > pool.length) {
      pool = randomBytes(16 * size);
      at = 0;
    }
    const nonce = pool.toString('base64', at, at + 16);
    at += 16;
    return nonce;
  };
}

/**
 * Serves the built SPA: hashed assets with long caching, and for every app route the one
 * HTML page with the bootstrap data and the pre-paint theme script embedded (spec §3).
 * `bootstrapFor` is handed in by the composition root (http imports no feature module).
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistPath: string,
  bootstrapFor: (request: FastifyRequest) => Promise<BootstrapData>,
  /** The page's status (404 for an address the app lacks) and its head: title, meta tags. */
  headFor: (request: FastifyRequest, nonce: string) => Promise<{ status: number; head: string }>,
  options: {
    /** Origins besides this site that the page may connect to (the S3 bucket). */
    connectSrc?: string[];
  } = {},
): Promise<void> {
  const indexFile = join(webDistPath, 'index.html');
  // The head's title comes from headFor, per page.
  const template = (
    existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : FALLBACK_TEMPLATE
  ).replace(/<title>[^<]*<\/title>/, '');

  if (existsSync(join(webDistPath, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(webDistPath, 'assets'),
      prefix: '/assets/',
      maxAge: '365d',
      immutable: true,
      preCompressed: true,
    });
    // Root-level files from web/public (favicon, robots.txt…), each on its own route.
    const rootFiles = readdirSync(webDistPath, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.html'))
      .map((entry) => entry.name);
    for (const name of rootFiles) {
      app.get(`/${name}`, { config: { session: false } }, (_request, reply) => {
        // A worker script runs under the CSP it is served with: the service worker shows
        // push notifications with images from this site or https.
        if (name.endsWith('.js')) reply.header('content-security-policy', WORKER_CSP);
        return reply.sendFile(name, webDistPath, { maxAge: '1d', immutable: false });
      });
    }
  }

  const [templateHead = '', templateBody = ''] = template.split(HEAD_MARKER);
  const pageGzip = createPageGzip();
  // The head is asked for with this in place of the nonce, which each request then puts in.
  const nonceMark = `nonce-${randomBytes(12).toString('hex')}`;
  const nextNonce = noncePool();
  const policies = {
    page: policyAroundNonce(false, options.connectSrc),
    embed: policyAroundNonce(true, options.connectSrc),
  };
  /*
   * What every viewer of a page gets is compressed once and kept (page-gzip.ts): the head
   * (template, language, favicon and the address's own head) as the pieces between its
   * nonces, and the shared bootstrap values. Both are found again by the identity of what
   * they were made from: the head by its text (seo/head.ts hands out the same string for the
   * same page), the bootstrap values by the objects the services keep in their caches, which
   * are never changed in place (a change makes new ones).
   */
  const headPieces = new Map<string, Map<string, SharedPiece[]>>();
  const HEADS_KEPT = 200;
  function headPiecesFor(head: string, language: string, favicon: string | null): SharedPiece[] {
    const variant = `${language}\u0000${favicon ?? ''}`;
    let variants = headPieces.get(head);
    const hit = variants?.get(variant);
    if (hit) return hit;
    const opening = templateHead
      .replace('<html lang="en">', `<html lang="${escapeAttribute(language)}">`)
      // The admin's favicon (appearance editor) in place of the built-in one.
      .replace(/<link rel="icon" href="\/favicon\.svg"[^>]*>/, (built) =>
        favicon ? `<link rel="icon" href="${escapeAttribute(favicon)}">` : built,
      );
    const parts = head.split(nonceMark);
    parts[0] = opening + parts[0];
    parts[parts.length - 1] += '<script nonce="';
    const pieces = parts.map(sharedPiece);
    if (!variants) {
      if (headPieces.size >= HEADS_KEPT) headPieces.delete(headPieces.keys().next().value!);
      variants = new Map();
      headPieces.set(head, variants);
    }
    // Variants of one head are few (a language, a favicon, a new settings version).
    if (variants.size >= 8) variants.delete(variants.keys().next().value!);
    variants.set(variant, pieces);
    return pieces;
  }
  let everyonePieces: { entries: unknown[]; piece: SharedPiece }[] = [];
  function everyonePieceFor(entries: unknown[]): SharedPiece {
    const hit = everyonePieces.find((kept) => sameValues(kept.entries, entries));
    if (hit) return hit.piece;
    const members: string[] = [];
    for (let index = 0; index < entries.length; index += 2) {
      members.push(`${JSON.stringify(entries[index])}:${cachedScriptJson(entries[index + 1])}`);
    }
    const piece = sharedPiece(`">window.bootstrapData={${members.join(',')}`);
    // A few at a time: the languages and theme choices in use, and the settings before and
    // after a change.
    everyonePieces = [{ entries, piece }, ...everyonePieces.slice(0, 31)];
    return piece;
  }
  /*
   * A viewer's own part, found again by their user object (the request's, the same while it is
   * kept) and the identity of the other viewer values; guests share one slot. Only a part made
   * from the very same values is reused, so one viewer's can never reach another.
   */
  const viewerPieces = new WeakMap<object, { values: unknown[]; piece: SharedPiece }>();
  const GUEST = {};
  function viewerPieceFor(user: object | null, afterOthers: boolean, values: unknown[]) {
    const slot = user ?? GUEST;
    const hit = viewerPieces.get(slot);
    if (hit && sameValues(hit.values, [afterOthers, ...values])) return hit.piece;
    const members: string[] = [];
    for (let index = 0; index < values.length; index += 2) {
      members.push(`${JSON.stringify(values[index])}:${cachedScriptJson(values[index + 1])}`);
    }
    const piece = pageGzip.own((afterOthers && members.length ? ',' : '') + members.join(','));
    viewerPieces.set(slot, { values: [afterOthers, ...values], piece });
    return piece;
  }
  // Zod reads its global config when it loads: jitless keeps it from probing for eval, which
  // the page's CSP forbids (the probe would only report a violation).
  const closing = sharedPiece(
    `};${themeBootScript}window.__zod_globalConfig={jitless:true};</script>${templateBody}`,
  );

  app.decorate(
    'sendSpaPage',
    async function sendSpaPage(request: FastifyRequest, reply: FastifyReply) {
      const nonce = nextNonce();
      const embed = EMBED_PATH.test(request.url);
      if (embed) allowFraming(reply);
      const [data, page] = await Promise.all([bootstrapFor(request), headFor(request, nonceMark)]);
      const pieces: PagePiece[] = [];
      for (const piece of headPiecesFor(page.head, data.locale.language, data.branding.favicon)) {
        if (pieces.length) pieces.push({ stored: nonce });
        pieces.push({ shared: piece });
      }
      pieces.push({ stored: nonce });
      const everyone: unknown[] = [];
      const viewer: unknown[] = [];
      for (const key in data) {
        (VIEWER_KEYS.has(key) ? viewer : everyone).push(key, data[key as keyof BootstrapData]);
      }
      pieces.push({ shared: everyonePieceFor(everyone) });
      pieces.push({ shared: viewerPieceFor(data.user, everyone.length > 0, viewer) });
      pieces.push({ shared: closing });
      const [before, after] = embed ? policies.embed : policies.page;
      reply
        .code(page.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding')
        .header('content-security-policy', before + nonce + after);
      // Gzip is joined from pieces compressed once (page-gzip.ts); brotli, which cannot be
      // joined so, only for a client that takes no gzip.
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bgzip\b/.test(accepts))
        return reply.header('content-encoding', 'gzip').send(pageGzip.gzip(pieces));
      if (/\bbr\b/.test(accepts))
        return reply.header('content-encoding', 'br').send(await brotli(pageGzip.text(pieces)));
      return reply.send(pageGzip.text(pieces));
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    sendSpaPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}
