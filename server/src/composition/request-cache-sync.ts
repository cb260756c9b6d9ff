import type { RealtimeHub } from '../realtime/hub.ts';
import type { UsersService } from '../modules/users/service.ts';
import type { SessionCacheChange, SessionsRepository } from '../modules/sessions/repository.ts';

type Notice = { sessions: SessionCacheChange } | { user: number };
const TOPIC = 'request-caches';

/**
 * Every request reads its session row and user from a 2 s per-instance cache, and Subsonic
 * calls their verified credentials. A change is forgotten at once where it is made; this
 * relays it over the realtime bus (Redis when configured) so the other instances forget it
 * too, and a logout, a ban or a revoked key applies everywhere without waiting out the 2 s.
 * Returns the way out.
 */
export async function syncRequestCaches(deps: {
  sessions: Pick<SessionsRepository, 'onCacheChange' | 'forgetCached'>;
  users: Pick<UsersService, 'onCacheChange' | 'forgetCached'>;
  /** Subsonic's verified credentials (modules/subsonic/auth.ts), kept per user. */
  credentials: { forgetUser(userId: number): void };
  hub: Pick<RealtimeHub, 'broadcast' | 'listen'>;
}): Promise<() => Promise<void>> {
  const announce = (notice: Notice) => void deps.hub.broadcast(TOPIC, JSON.stringify(notice));
  deps.sessions.onCacheChange((change) => announce({ sessions: change }));
  deps.users.onCacheChange((userId) => {
    deps.credentials.forgetUser(userId);
    announce({ user: userId });
  });
  return deps.hub.listen(TOPIC, (message) => {
    const notice = JSON.parse(message) as Notice;
    if ('sessions' in notice) deps.sessions.forgetCached(notice.sessions);
    else {
      deps.users.forgetCached(notice.user);
      deps.credentials.forgetUser(notice.user);
    }
  });
}
