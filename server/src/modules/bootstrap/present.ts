import type { FastifyRequest } from 'fastify';
import type { BootstrapData } from '@backbeat/common';

export function baseUrlOf(request: FastifyRequest): string {
  return request.server.services.config.appUrl ?? `${request.protocol}://${request.host}`;
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
    baseUrl: baseUrlOf(request),
    debug: config.debug,
  });
}
