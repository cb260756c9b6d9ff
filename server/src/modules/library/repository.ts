import { sql } from 'kysely';
import type { LikeableType } from '@backbeat/common';
import type { Db } from '../../db/database.ts';
import { visible } from '../catalog/visibility.ts';

interface Page {
  limit: number;
  offset: number;
}

/** Liked and followed artist ids of a listener, with when they were added. */
const libraryArtists = (userId: number) => sql`
  select likeable_id as id, created_at as added_at from likes
    where user_id = ${userId} and likeable_type = 'artists'
  union all
  select followable_id as id, created_at as added_at from follows
    where follower_id = ${userId} and followable_type = 'artists'`;

/** Likes and listening history; lists keep only what the listener may still see. */
export function createLibraryRepository(db: Db) {
  /**
   * The listener's visible plays, newest first, numbered by run: a run is consecutive plays
   * of one track (a play starts a new run when the one after it in time was another track).
   */
  function historyRuns(userId: number) {
    const order = sql`order by track_plays.played_at desc, track_plays.id desc`;
    const starts = db
      .selectFrom('track_plays')
      .innerJoin('tracks', 'tracks.id', 'track_plays.track_id')
      .select([
        'track_plays.id',
        'track_plays.track_id',
        'track_plays.played_at',
        sql<number>`case when lag(track_plays.track_id) over (${order}) = track_plays.track_id then 0 else 1 end`.as(
          'starts',
        ),
      ])
      .where('track_plays.user_id', '=', userId)
      .where(visible('tracks', userId));
    return db
      .selectFrom(starts.as('plays'))
      .select([
        'id',
        'track_id',
        'played_at',
        sql<number>`sum(starts) over (order by played_at desc, id desc rows unbounded preceding)`.as(
          'run',
        ),
      ]);
  }

  /** Liked rows of one kind whose item still exists and is visible to the listener. */
  function likedQuery(userId: number, type: LikeableType) {
    const stillVisible =
      type === 'artists'
        ? sql<boolean>`exists (select 1 from artists where artists.id = likes.likeable_id)`
        : sql<boolean>`exists (select 1 from ${sql.table(type)} where ${sql.ref(`${type}.id`)} = likes.likeable_id and ${visible(type, userId)})`;
    return db
      .selectFrom('likes')
      .where('likes.user_id', '=', userId)
      .where('likes.likeable_type', '=', type)
      .where(stillVisible);
  }

  return {
    async like(userId: number, type: LikeableType, id: number): Promise<void> {
      await db
        .insertInto('likes')
        .values({
          user_id: userId,
          likeable_type: type,
          likeable_id: id,
          created_at: new Date().toISOString(),
        })
        // Liking twice (two tabs, a double click) keeps the first like.
        .onConflict((oc) => oc.columns(['user_id', 'likeable_type', 'likeable_id']).doNothing())
        .execute();
    },

    /** Every album the user likes, visible or not (recounted when the account goes). */
    async likedAlbumIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('likes')
        .select('likeable_id')
        .where('user_id', '=', userId)
        .where('likeable_type', '=', 'albums')
        .execute();
      return rows.map((row) => row.likeable_id);
    },

    /** Everyone's likes of deleted items. */
    async forgetItems(type: LikeableType, ids: readonly number[]): Promise<void> {
      if (!ids.length) return;
      await db
        .deleteFrom('likes')
        .where('likeable_type', '=', type)
        .where('likeable_id', 'in', ids)
        .execute();
    },

    async unlike(userId: number, type: LikeableType, id: number): Promise<void> {
      await db
        .deleteFrom('likes')
        .where('user_id', '=', userId)
        .where('likeable_type', '=', type)
        .where('likeable_id', '=', id)
        .execute();
    },

    async likedIds(userId: number, type: LikeableType, page?: Page): Promise<number[]> {
      let query = likedQuery(userId, type)
        .select('likes.likeable_id')
        .orderBy('likes.created_at', 'desc')
        .orderBy('likes.likeable_id', 'desc');
      if (page) query = query.limit(page.limit).offset(page.offset);
      const rows = await query.execute();
      return rows.map((r) => r.likeable_id);
    },

    /** Every like of one kind with when it was made, newest first. */
    async likedSince(userId: number, type: LikeableType) {
      return likedQuery(userId, type)
        .select(['likes.likeable_id', 'likes.created_at'])
        .orderBy('likes.created_at', 'desc')
        .orderBy('likes.likeable_id', 'desc')
        .execute();
    },

    async countLiked(userId: number, type: LikeableType): Promise<number> {
      const row = await likedQuery(userId, type)
        .select(sql<number>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Artists the listener likes or follows, most recently added first. */
    async libraryArtistIds(userId: number, page: Page): Promise<number[]> {
      const { rows } = await sql<{ id: number }>`
        select artists.id from artists
        join (${libraryArtists(userId)}) as mine on mine.id = artists.id
        group by artists.id
        order by max(mine.added_at) desc, artists.id desc
        limit ${page.limit} offset ${page.offset}`.execute(db);
      return rows.map((r) => Number(r.id));
    },

    async countLibraryArtists(userId: number): Promise<number> {
      const { rows } = await sql<{ count: number }>`
        select count(distinct artists.id) as count from artists
        join (${libraryArtists(userId)}) as mine on mine.id = artists.id`.execute(db);
      return Number(rows[0]?.count ?? 0);
    },

    /**
     * The listener's plays of tracks they may still see, newest first, with consecutive plays
     * of one track collapsed into one entry (its latest play and how many there were).
     */
    async history(userId: number, page: Page) {
      return db
        .with('runs', () => historyRuns(userId))
        .selectFrom('runs')
        .select((eb) => [
          eb.fn.max('id').as('id'),
          eb.fn.max('track_id').as('track_id'),
          eb.fn.max('played_at').as('played_at'),
          eb.fn.countAll().as('plays'),
        ])
        .groupBy('run')
        .orderBy('run')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    async countHistory(userId: number): Promise<number> {
      const row = await db
        .with('runs', () => historyRuns(userId))
        .selectFrom('runs')
        .select(sql<number>`count(distinct run)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
