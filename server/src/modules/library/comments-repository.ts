import type { Db } from '../../db/database.ts';

/** Comments on tracks with their authors. */
export function createCommentsRepository(db: Db) {
  const withAuthor = () =>
    db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.user_id')
      .select([
        'comments.id',
        'comments.track_id',
        'comments.parent_id',
        'comments.body',
        'comments.position',
        'comments.created_at',
        'comments.user_id',
        'users.name as user_name',
        'users.image as user_image',
      ]);

  return {
    /** The newest top-level comments of a track, then every reply to them. */
    async forTrack(trackId: number, limit: number) {
      const top = await withAuthor()
        .where('comments.track_id', '=', trackId)
        .where('comments.parent_id', 'is', null)
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .limit(limit)
        .execute();
      if (!top.length) return { top, replies: [] };
      const replies = await withAuthor()
        .where(
          'comments.parent_id',
          'in',
          top.map((c) => c.id),
        )
        .orderBy('comments.created_at')
        .orderBy('comments.id')
        .execute();
      return { top, replies };
    },

    async find(id: number) {
      return withAuthor().where('comments.id', '=', id).executeTakeFirst();
    },

    async insert(values: {
      track_id: number;
      user_id: number;
      parent_id: number | null;
      body: string;
      position: number | null;
    }): Promise<number> {
      const { id } = await db
        .insertInto('comments')
        .values({ ...values, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('comments').where('id', '=', id).execute();
    },

    async deleteForTracks(trackIds: readonly number[]): Promise<void> {
      if (!trackIds.length) return;
      // Replies first: they point at their parents.
      await db
        .deleteFrom('comments')
        .where('track_id', 'in', trackIds)
        .where('parent_id', 'is not', null)
        .execute();
      await db.deleteFrom('comments').where('track_id', 'in', trackIds).execute();
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
