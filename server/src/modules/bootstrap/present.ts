import type { FastifyRequest } from 'fastify';
import type { BootstrapData } from '@backbeat/common';

export function baseUrlOf(request: FastifyRequest): string {
  return request.server.services.config.appUrl ?? `${request.protocol}://${request.host}`;
}

/** The bootstrap data for whoever made this request (after login or logout too). */
export function bootstrapFor(request: FastifyRequest): Promise<BootstrapData> {
  const { bootstrap, config } = request.server.services;
  return bootstrap.build({
    user: request.user,
    cookies: request.cookies,
    userAgent: request.headers['user-agent'],
    baseUrl: baseUrlOf(request),
    debug: config.debug,
  });
}
