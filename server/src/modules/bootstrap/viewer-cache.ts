import type { BootstrapData, User } from '@backbeat/common';
import { createKeyedCache } from '../../lib/cache.ts';

/** What the bootstrap data adds to a signed-in viewer besides the request's user. */
export interface ViewerExtras {
  social_profiles: User['social_profiles'];
  unread_notifications_count: number;
  workspaces: BootstrapData['workspaces'];
}

/** A change to one viewer's extras, or to everyone's (`'all'`). */
export type ViewerChange = number | 'all';

const VIEWER_CACHE = { ttlMs: 10_000, maxEntries: 10_000 };

/**
 * Every app page and bootstrap answer of a signed-in viewer read their linked social
 * accounts, the bell's count and their workspaces: three queries per page (issue 22). They are
 * kept per user, and whatever changes them says so (`changed`): a notification or a read one,
 * a workspace's list or members (what the server also tells the user's open tabs), a linked or
 * unlinked account. That forgets them here at once and tells `onChange` listeners, which relay
 * it to the other instances (`forget`); the TTL only bounds a change that slipped past both.
 */
export function createViewerCache(load: (user: User) => Promise<ViewerExtras>) {
  const extras = createKeyedCache<number, ViewerExtras>(VIEWER_CACHE);
  const listeners = new Set<(change: ViewerChange) => void>();
  // The request's user joined with their extras: the same object while both are the same, so
  // the app page writes its JSON once (http/spa.ts keeps JSON by object).
  const completed = new WeakMap<User, { extras: ViewerExtras; user: User }>();
  const forget = (change: ViewerChange) =>
    change === 'all' ? extras.clear() : extras.delete(change);

  return {
    async viewer(user: User): Promise<{ user: User; workspaces: BootstrapData['workspaces'] }> {
      const kept = await extras.get(user.id, () => load(user));
      let hit = completed.get(user);
      if (hit?.extras !== kept) {
        hit = {
          extras: kept,
          user: {
            ...user,
            social_profiles: kept.social_profiles,
            unread_notifications_count: kept.unread_notifications_count,
          },
        };
        completed.set(user, hit);
      }
      return { user: hit.user, workspaces: kept.workspaces };
    },
    /** Called once a change is written: forgets here and tells the listeners. */
    changed(change: ViewerChange): void {
      forget(change);
      for (const listener of listeners) listener(change);
    },
    onChange(listener: (change: ViewerChange) => void): void {
      listeners.add(listener);
    },
    /** Applies a change announced by another instance. */
    forget,
  };
}

export type ViewerCache = ReturnType<typeof createViewerCache>;
