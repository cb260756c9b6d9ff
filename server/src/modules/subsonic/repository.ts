import type { Db } from '../../db/database.ts';
import type { RatingsTable } from '../../db/subsonic-schema.ts';

type Rateable = RatingsTable['rateable_type'];

/** App passwords, saved play queues and ratings: what Subsonic clients keep on the server. */
export function createSubsonicRepository(db: Db) {
  return {
    appPasswords: (userId: number) =>
      db
        .selectFrom('app_passwords')
        .select(['id', 'name', 'secret', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),

    async addAppPassword(userId: number, name: string, secret: string) {
      const row = await db
        .insertInto('app_passwords')
        .values({ user_id: userId, name, secret, created_at: new Date().toISOString() })
        .returning(['id', 'name', 'created_at', 'last_used_at'])
        .executeTakeFirstOrThrow();
      return row;
    },

    async deleteAppPassword(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('app_passwords')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async touchAppPassword(id: number) {
      await db
        .updateTable('app_passwords')
        .set({ last_used_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    playQueue: (userId: number) =>
      db.selectFrom('play_queues').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    async savePlayQueue(
      userId: number,
      queue: { trackIds: number[]; current: number | null; positionMs: number; client: string },
    ) {
      const values = {
        track_ids: JSON.stringify(queue.trackIds),
        current_track_id: queue.current,
        position_ms: queue.positionMs,
        changed_by: queue.client.slice(0, 100),
        changed_at: new Date().toISOString(),
      };
      await db
        .insertInto('play_queues')
        .values({ user_id: userId, ...values })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
        .execute();
    },

    async setRating(userId: number, type: Rateable, id: number, rating: number) {
      if (rating === 0) {
        await db
          .deleteFrom('ratings')
          .where('user_id', '=', userId)
          .where('rateable_type', '=', type)
          .where('rateable_id', '=', id)
          .execute();
        return;
      }
      const values = { rating, updated_at: new Date().toISOString() };
      await db
        .insertInto('ratings')
        .values({ user_id: userId, rateable_type: type, rateable_id: id, ...values })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'rateable_type', 'rateable_id']).doUpdateSet(values),
        )
        .execute();
    },

    async ratings(userId: number, type: Rateable, ids: readonly number[]) {
      if (!ids.length) return new Map<number, number>();
      const rows = await db
        .selectFrom('ratings')
        .select(['rateable_id', 'rating'])
        .where('user_id', '=', userId)
        .where('rateable_type', '=', type)
        .where('rateable_id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.rateable_id, row.rating]));
    },
  };
}

export type SubsonicRepository = ReturnType<typeof createSubsonicRepository>;
