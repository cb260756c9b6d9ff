import type { Db } from '../../db/database.ts';

/** Subsonic bookmarks (0026_bookmarks): one saved position per user and song. */
export function createBookmarksRepository(db: Db) {
  return {
    list: (userId: number) =>
      db
        .selectFrom('bookmarks')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('changed_at', 'desc')
        .execute(),

    async save(
      userId: number,
      trackId: number,
      bookmark: { positionMs: number; comment: string | null; client: string },
    ) {
      const at = new Date().toISOString();
      const values = {
        position_ms: bookmark.positionMs,
        comment: bookmark.comment,
        changed_by: bookmark.client.slice(0, 100),
        changed_at: at,
      };
      await db
        .insertInto('bookmarks')
        .values({ user_id: userId, track_id: trackId, created_at: at, ...values })
        .onConflict((conflict) => conflict.columns(['user_id', 'track_id']).doUpdateSet(values))
        .execute();
    },

    async delete(userId: number, trackId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('bookmarks')
        .where('user_id', '=', userId)
        .where('track_id', '=', trackId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BookmarksRepository = ReturnType<typeof createBookmarksRepository>;
