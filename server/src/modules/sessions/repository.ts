import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { SessionsTable } from '../../db/schema.ts';
import { createKeyedCache } from '../../lib/cache.ts';

export type SessionRow = SessionsTable;

/** Which cached session rows a change made stale: one row, or a user's (but one). */
export type SessionCacheChange =
  { session: string } | { userSessions: number; except: string | null };

/**
 * Every signed-in request reads its session row, so rows are kept 2 s per instance (see
 * createKeyedCache). Each change below forgets the row here at once; a session ended on
 * another instance stops working here within those 2 s.
 */
const SESSION_CACHE = { ttlMs: 2000, maxEntries: 10_000 };

export function createSessionsRepository(db: Db) {
  const rows = createKeyedCache<string, SessionRow | undefined>(SESSION_CACHE);
  const listeners = new Set<(change: SessionCacheChange) => void>();
  function forgetCached(change: SessionCacheChange): void {
    if ('session' in change) rows.delete(change.session);
    else
      rows.deleteWhere((row) => row?.user_id === change.userSessions && row.id !== change.except);
  }
  /** Forgets here at once, and tells whoever relays changes to the other instances. */
  function changed(change: SessionCacheChange): void {
    forgetCached(change);
    for (const listener of listeners) listener(change);
  }
  /** Forgets the cached row once the change is written, so no read in flight keeps the old one. */
  async function changing(id: string, write: Promise<unknown>): Promise<void> {
    try {
      await write;
    } finally {
      changed({ session: id });
    }
  }
  return {
    /** Calls back on every change to cached rows (see modules/sessions/cache-sync.ts). */
    onCacheChange(listener: (change: SessionCacheChange) => void): void {
      listeners.add(listener);
    },
    /** Applies a change announced by another instance. */
    forgetCached,
    async findLive(id: string): Promise<SessionRow | undefined> {
      const row = await rows.get(id, () =>
        db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst(),
      );
      return row && row.expires_at > nowIso() ? row : undefined;
    },
    async insert(row: SessionRow): Promise<void> {
      await changing(row.id, db.insertInto('sessions').values(row).execute());
    },
    async touch(id: string, lastActivity: string, expiresAt: string): Promise<void> {
      await changing(
        id,
        db
          .updateTable('sessions')
          .set({ last_activity: lastActivity, expires_at: expiresAt })
          .where('id', '=', id)
          .execute(),
      );
    },
    async updatePayload(id: string, payload: string): Promise<void> {
      await changing(
        id,
        db.updateTable('sessions').set({ payload }).where('id', '=', id).execute(),
      );
    },
    async delete(id: string): Promise<void> {
      await changing(id, db.deleteFrom('sessions').where('id', '=', id).execute());
    },
    async setLocation(id: string, city: string | null, country: string | null): Promise<void> {
      await changing(
        id,
        db.updateTable('sessions').set({ city, country }).where('id', '=', id).execute(),
      );
    },
    async listForUser(userId: number): Promise<SessionRow[]> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', nowIso())
        .orderBy('last_activity', 'desc')
        .execute();
    },
    async deleteForUser(userId: number, exceptId?: string): Promise<number> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptId) query = query.where('id', '!=', exceptId);
      const result = await query.executeTakeFirst();
      changed({ userSessions: userId, except: exceptId ?? null });
      return Number(result.numDeletedRows);
    },
    async deleteExpired(): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('expires_at', '<=', nowIso())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
