import type { Db, Dialect } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { inIds } from '../../db/id-list.ts';

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

export function createNotificationsRepository(db: Db, dialect: Dialect) {
  const unread = (userId: number) =>
    db.selectFrom('notifications').where('user_id', '=', userId).where('read_at', 'is', null);

  return {
    async insert(row: { user_id: number; type: string; data: string; reference: string | null }) {
      return db
        .insertInto('notifications')
        .values({ ...row, created_at: nowIso() })
        .returning(['id', 'type', 'data', 'read_at', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    async page(userId: number, limit: number, offset: number) {
      return db
        .selectFrom('notifications')
        .select(['id', 'type', 'data', 'read_at', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await unread(userId)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** How many of these ids are the user's notifications. */
    async countOwned(userId: number, ids: readonly number[]): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where(inIds(dialect, 'id', ids))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async markRead(userId: number, ids: readonly number[] | 'all'): Promise<void> {
      let query = db
        .updateTable('notifications')
        .set({ read_at: nowIso() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (ids !== 'all') query = query.where(inIds(dialect, 'id', ids));
      await query.execute();
    },

    /** Removes what is about a reference (an invite that was used); returns whose they were. */
    async deleteByReference(reference: string): Promise<number[]> {
      const rows = await db
        .deleteFrom('notifications')
        .where('reference', '=', reference)
        .returning('user_id')
        .execute();
      return [...new Set(rows.map((r) => r.user_id))];
    },

    async selections(userId: number) {
      return db
        .selectFrom('notification_subscriptions')
        .select(['notif_id', 'channels'])
        .where('user_id', '=', userId)
        .execute();
    },

    async saveSelections(userId: number, rows: { notif_id: string; channels: string }[]) {
      if (!rows.length) return;
      await db
        .insertInto('notification_subscriptions')
        .values(rows.map((row) => ({ ...row, user_id: userId, updated_at: nowIso() })))
        .onConflict((oc) =>
          oc.columns(['user_id', 'notif_id']).doUpdateSet((eb) => ({
            channels: eb.ref('excluded.channels'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    /** A browser's push subscription; an endpoint moves to whoever registers it last. */
    async savePushSubscription(row: {
      user_id: number;
      endpoint_hash: string;
      endpoint: string;
      p256dh: string;
      auth: string;
    }): Promise<void> {
      await db
        .insertInto('push_subscriptions')
        .values({ ...row, created_at: nowIso() })
        .onConflict((oc) =>
          oc.column('endpoint_hash').doUpdateSet((eb) => ({
            user_id: eb.ref('excluded.user_id'),
            endpoint: eb.ref('excluded.endpoint'),
            p256dh: eb.ref('excluded.p256dh'),
            auth: eb.ref('excluded.auth'),
            created_at: eb.ref('excluded.created_at'),
          })),
        )
        .execute();
    },

    async pushSubscriptions(userId: number) {
      return db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth'])
        .where('user_id', '=', userId)
        .execute();
    },

    async deletePushSubscription(
      where: { id: number } | { userId: number; endpointHash: string },
    ): Promise<boolean> {
      let query = db.deleteFrom('push_subscriptions');
      query =
        'id' in where
          ? query.where('id', '=', where.id)
          : query
              .where('user_id', '=', where.userId)
              .where('endpoint_hash', '=', where.endpointHash);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
