import type { FastifyRequest } from 'fastify';

/**
 * Route rate-limit config for @fastify/rate-limit, counted after the body is parsed so keys
 * can include the account. Counters live in Redis when it is configured.
 */
export function rateLimit(
  name: string,
  max: number,
  perMs: number,
  key: (request: FastifyRequest) => string = () => '',
) {
  return {
    max,
    timeWindow: perMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${name}|${request.ip}|${key(request)}`,
  };
}

export const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/**
 * Route rate-limit config counted per client: the account when signed in (people sharing one
 * address each get their own allowance), else the address. `request.ip` only believes
 * forwarding headers from TRUSTED_PROXIES, so a spoofed X-Forwarded-For starts no new count.
 */
export function rateLimitPerClient(name: string, max: number, perMs: number) {
  return {
    max,
    timeWindow: perMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `${name}|user:${request.user.id}` : `${name}|ip:${request.ip}`,
  };
}
