import type { FastifyRequest } from 'fastify';
import { baseUrlOf } from '../bootstrap/present.ts';
import type { PageMeta } from './service.ts';

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

/**
 * The head elements of a page: title, description, canonical link, Open Graph and Twitter
 * card tags, the manifest link and JSON-LD. `siteName` names the site in link previews.
 */
export function renderHead(meta: PageMeta, siteName: string, nonce: string): string {
  const tag = (name: string, content: string | null, attribute = 'name') =>
    content ? `<meta ${attribute}="${name}" content="${escapeHtml(content)}">` : '';
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('description', meta.description),
    meta.noindex ? tag('robots', 'noindex') : '',
    meta.canonical ? `<link rel="canonical" href="${escapeHtml(meta.canonical)}">` : '',
    '<link rel="manifest" href="/manifest.webmanifest">',
    tag('og:site_name', siteName, 'property'),
    tag('og:title', meta.title, 'property'),
    tag('og:description', meta.description, 'property'),
    tag('og:type', meta.type, 'property'),
    tag('og:url', meta.canonical, 'property'),
    tag('og:image', meta.image, 'property'),
    tag('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('twitter:title', meta.title),
    tag('twitter:description', meta.description),
    tag('twitter:image', meta.image),
    meta.jsonLd
      ? `<script type="application/ld+json" nonce="${nonce}">${scriptJson(meta.jsonLd)}</script>`
      : '',
  ].join('');
}

/**
 * The head of a page is written once per page meta (the SEO service keeps those while they
 * hold) and site name: the app page finds its compressed head again by this same string.
 */
const headsByMeta = new WeakMap<PageMeta, Map<string, string>>();
function keptHead(meta: PageMeta, siteName: string, nonce: string): string {
  let heads = headsByMeta.get(meta);
  if (!heads) headsByMeta.set(meta, (heads = new Map()));
  const key = `${siteName}\u0000${nonce}`;
  let head = heads.get(key);
  if (head === undefined) {
    head = renderHead(meta, siteName, nonce);
    heads.set(key, head);
  }
  return head;
}

/** The status and head of the app page at this request's address (handed to http/spa.ts). */
export async function pageHeadFor(
  request: FastifyRequest,
  nonce: string,
): Promise<{ status: number; head: string }> {
  const { seo, settings } = request.server.services;
  const path = request.url.split('?')[0] ?? '/';
  const [meta, all] = await Promise.all([
    seo.pageMeta(path, await baseUrlOf(request)),
    settings.all(),
  ]);
  // The head is read as a guest (crawlers are guests). A signed-in person may be opening
  // their own private album or playlist, which a guest's 404 would wrongly report as missing
  // (the page itself decides what they may see), so they get 200 with the noindex head.
  const status = meta.status === 404 && request.user ? 200 : meta.status;
  return { status, head: keptHead(meta, all['branding.site_name'], nonce) };
}
