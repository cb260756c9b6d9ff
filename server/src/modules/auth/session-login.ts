import type { FastifyRequest } from 'fastify';
import { PASSWORD_CONFIRMATION_SECONDS } from '@backbeat/common';
import { confirmationRequired } from '../../lib/domain-errors.ts';

/**
 * Signs the user into a brand-new session (a new id on every login) and records where the
 * device is, looked up off the request path so login never waits for the geo database.
 */
export async function startUserSession(request: FastifyRequest, userId: number, remember: boolean) {
  const { services } = request.server;
  const sessionId = await request.session.regenerate(userId, remember, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  request.user = await services.users.findById(userId);
  void services.geo
    .lookup(request.ip)
    .then(({ city, country }) =>
      city || country ? services.sessions.setLocation(sessionId, city, country) : undefined,
    )
    .catch((error: unknown) => request.log.warn({ err: error }, 'session location lookup failed'));
}

const CONFIRMED_AT = 'password_confirmed_at';

export function markPasswordConfirmed(request: FastifyRequest): Promise<void> {
  return request.session.put(CONFIRMED_AT, Math.floor(Date.now() / 1000));
}

export function isPasswordConfirmed(
  request: FastifyRequest,
  seconds = PASSWORD_CONFIRMATION_SECONDS,
): boolean {
  const at = request.session.payload<number>(CONFIRMED_AT);
  return typeof at === 'number' && Date.now() / 1000 - at < seconds;
}

/** Sensitive account changes need the password confirmed within 9000 s (spec §5, §9): 423. */
export async function requireConfirmedPassword(request: FastifyRequest): Promise<void> {
  if (isPasswordConfirmed(request)) return;
  const row = request.user
    ? await request.server.services.users.findRowById(request.user.id)
    : null;
  // An account made through social login has no password to confirm.
  if (row && row.password === null) return;
  throw confirmationRequired('Please confirm your password first.');
}
