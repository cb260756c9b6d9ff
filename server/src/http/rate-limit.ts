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
