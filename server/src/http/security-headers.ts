import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * What a response that is not an HTML page may do once loaded as a document: nothing. JSON,
 * images and files opened on their own run no script, load nothing and are never framed.
 */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Stored files (artwork, uploads) may be SVGs: opened on their own they must not run script
 * even if one slipped through, so they are sandboxed (an `<img>` shows them unchanged).
 */
export const STORED_FILE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

const HSTS = 'max-age=31536000; includeSubDomains';

/** Replies that other sites may frame (embeds): they send no X-Frame-Options at all. */
const frameableReplies = new WeakSet<FastifyReply>();

/**
 * Lets other sites frame this reply. Its CSP's frame-ancestors says which; X-Frame-Options is
 * left out, because browsers that honour only it would block the embed.
 */
export function allowFraming(reply: FastifyReply): void {
  frameableReplies.add(reply);
}

/**
 * The headers every response carries (DESIGN §7), also for replies written straight to the
 * socket (streams and stored files bypass the onSend hook).
 */
export function baseSecurityHeaders(appUrl: string | null): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    ...(appUrl?.startsWith('https://') ? { 'strict-transport-security': HSTS } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, appUrl: string | null): void {
  const base = baseSecurityHeaders(appUrl);
  app.decorate('securityHeaders', base);
  // Callback style (no promise per response); the headers go on before the payload is sent.
  const headers = Object.entries(base);
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of headers) {
      if (name === 'x-frame-options' && frameableReplies.has(reply)) continue;
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // The SPA page sets its own policy with a nonce; everything else is not a page.
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', NON_DOCUMENT_CSP);
    }
    done(null, payload);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** {@link baseSecurityHeaders} for this app, for replies written to the raw socket. */
    securityHeaders: Record<string, string>;
  }
}
