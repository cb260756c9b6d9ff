import { sql } from 'kysely';
import type { RepostableType } from '@backbeat/common';
import type { Db } from '../../db/database.ts';
import { visible } from '../catalog/visibility.ts';

/** Reposts of tracks and albums; lists keep only what the viewer may see. */
export function createRepostsRepository(db: Db) {
  return {
    async repost(userId: number, type: RepostableType, id: number): Promise<void> {
      await db
        .insertInto('reposts')
        .values({
          user_id: userId,
          repostable_type: type,
          repostable_id: id,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'repostable_type', 'repostable_id']).doNothing())
        .execute();
    },

    async forgetItems(type: RepostableType, ids: readonly number[]): Promise<void> {
      if (!ids.length) return;
      await db
        .deleteFrom('reposts')
        .where('repostable_type', '=', type)
        .where('repostable_id', 'in', ids)
        .execute();
    },

    async unrepost(userId: number, type: RepostableType, id: number): Promise<void> {
      await db
        .deleteFrom('reposts')
        .where('user_id', '=', userId)
        .where('repostable_type', '=', type)
        .where('repostable_id', '=', id)
        .execute();
    },

    /** A user's reposts the viewer may see, newest first. */
    async ofUser(userId: number, viewerId: number, page: { limit: number; offset: number }) {
      const seen = sql<boolean>`(
        (reposts.repostable_type = 'tracks' and exists (select 1 from tracks where tracks.id = reposts.repostable_id and ${visible('tracks', viewerId)}))
        or (reposts.repostable_type = 'albums' and exists (select 1 from albums where albums.id = reposts.repostable_id and ${visible('albums', viewerId)})))`;
      const base = db.selectFrom('reposts').where('reposts.user_id', '=', userId).where(seen);
      const [rows, count] = await Promise.all([
        base
          .select(['repostable_type', 'repostable_id', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('repostable_id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    async ids(userId: number, type: RepostableType): Promise<number[]> {
      const rows = await db
        .selectFrom('reposts')
        .select('repostable_id')
        .where('user_id', '=', userId)
        .where('repostable_type', '=', type)
        .execute();
      return rows.map((r) => r.repostable_id);
    },
  };
}

export type RepostsRepository = ReturnType<typeof createRepostsRepository>;
