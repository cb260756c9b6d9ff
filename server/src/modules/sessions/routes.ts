import { createHash } from 'node:crypto';
import { listUserSessions, logoutOtherSessions } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import type { SessionRow } from './repository.ts';

/**
 * Spec §3 session `token`: a short label that tells sessions apart, derived one way from the
 * row id (itself a hash of the cookie). It is not the cookie secret and cannot be turned
 * back into it or used to sign in.
 */
export function sessionLabel(id: string): string {
  return createHash('sha256').update(`session-label:${id}`).digest('hex').slice(0, 16);
}

export function describeDevice(row: SessionRow, currentId: string) {
  const ua = parseUserAgent(row.user_agent);
  const type = ua.device.type;
  return {
    id: row.id,
    device_type: type === 'mobile' || type === 'tablet' ? type : ('desktop' as const),
    platform: ua.os.name ?? null,
    browser: ua.browser.name ?? null,
    city: row.city,
    country: row.country,
    ip_address: row.ip_address,
    token: sessionLabel(row.id),
    last_active: row.last_activity,
    is_current_device: row.id === currentId,
  };
}

export const sessionsRoutes: RoutesPlugin = async (app) => {
  const { sessions, auth } = app.services;

  registerEndpoint(app, listUserSessions, async (request) => ({
    sessions: (await sessions.listForUser(request.user!.id)).map((row) =>
      describeDevice(row, request.session.id),
    ),
  }));

  registerEndpoint(
    app,
    logoutOtherSessions,
    async (request) => {
      await auth.checkPassword(request.user!.id, request.body.password);
      await sessions.deleteForUser(request.user!.id, request.session.id);
      return { message: 'Logged out other sessions.' };
    },
    { config: { rateLimit: rateLimit('logout-other', 10, 60_000) } },
  );
};
