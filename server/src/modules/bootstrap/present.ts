import type { FastifyRequest } from 'fastify';
import type { BootstrapData } from '@backbeat/common';

/**
 * The site's public address (APP_URL, or the one pinned at the first visit): never the
 * request's Host, which anyone can forge (issue 35). Empty only before any page was visited.
 */
export async function baseUrlOf(request: FastifyRequest): Promise<string> {
  return (await request.server.services.siteAddress.current()) ?? '';
}

/** The bootstrap data for whoever made this request (after login or logout too). */
export async function bootstrapFor(request: FastifyRequest): Promise<BootstrapData> {
  const { bootstrap, config, viewers } = request.server.services;
  // A request carries the user without the bootstrap-only extras; they come kept per viewer.
  const viewer = request.user ? await viewers.viewer(request.user) : null;
  return bootstrap.build({
    user: viewer?.user ?? null,
    workspaces: viewer?.workspaces,
    cookies: request.cookies,
    userAgent: request.headers['user-agent'],
    baseUrl: await baseUrlOf(request),
    debug: config.debug,
  });
}
