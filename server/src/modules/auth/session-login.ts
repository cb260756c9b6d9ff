import type { FastifyRequest } from 'fastify';

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
