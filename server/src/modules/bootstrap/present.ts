import type { FastifyRequest } from 'fastify';
import type { BootstrapData } from '@backbeat/common';

export function baseUrlOf(request: FastifyRequest): string {
  return request.server.services.config.appUrl ?? `${request.protocol}://${request.host}`;
}

/** The bootstrap data for whoever made this request (after login or logout too). */
export async function bootstrapFor(request: FastifyRequest): Promise<BootstrapData> {
  const { bootstrap, config, users } = request.server.services;
  return bootstrap.build({
    // A request carries the user without the bootstrap-only extras; add them here.
    user: request.user ? await users.complete(request.user) : null,
    cookies: request.cookies,
    userAgent: request.headers['user-agent'],
    baseUrl: baseUrlOf(request),
    debug: config.debug,
  });
}
