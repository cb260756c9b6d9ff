import { sql } from 'kysely';
import type { FollowableType } from '@backbeat/common';
import type { Db } from '../../db/database.ts';

interface Page {
  limit: number;
  offset: number;
}

/** Who follows whom (users and artists). */
export function createFollowsRepository(db: Db) {
  return {
    /** True when this created the follow (false when it already existed). */
    async follow(followerId: number, type: FollowableType, id: number): Promise<boolean> {
      const result = await db
        .insertInto('follows')
        .values({
          follower_id: followerId,
          followable_type: type,
          followable_id: id,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) =>
          oc.columns(['follower_id', 'followable_type', 'followable_id']).doNothing(),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async unfollow(followerId: number, type: FollowableType, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('follows')
        .where('follower_id', '=', followerId)
        .where('followable_type', '=', type)
        .where('followable_id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async followedIds(followerId: number, type: FollowableType): Promise<number[]> {
      const rows = await db
        .selectFrom('follows')
        .select('followable_id')
        .where('follower_id', '=', followerId)
        .where('followable_type', '=', type)
        .orderBy('created_at', 'desc')
        .orderBy('followable_id', 'desc')
        .execute();
      return rows.map((r) => r.followable_id);
    },

    /** Everyone who follows an artist (release notifications). */
    async artistFollowerIds(artistId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('followable_type', '=', 'artists')
        .where('followable_id', '=', artistId)
        .execute();
      return rows.map((r) => r.follower_id);
    },

    /** The users who follow a user, newest first. */
    async followers(userId: number, page: Page) {
      const base = db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.follower_id')
        .where('follows.followable_type', '=', 'users')
        .where('follows.followable_id', '=', userId);
      const [rows, count] = await Promise.all([
        base
          .select(['users.id', 'users.name', 'users.image'])
          .orderBy('follows.created_at', 'desc')
          .orderBy('users.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    /** The users a user follows, newest first. */
    async following(userId: number, page: Page) {
      const base = db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.followable_id')
        .where('follows.followable_type', '=', 'users')
        .where('follows.follower_id', '=', userId);
      const [rows, count] = await Promise.all([
        base
          .select(['users.id', 'users.name', 'users.image'])
          .orderBy('follows.created_at', 'desc')
          .orderBy('users.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    async counts(userId: number) {
      const row = await db
        .selectNoFrom([
          sql<number>`(select count(*) from follows where followable_type = 'users' and followable_id = ${userId})`.as(
            'followers',
          ),
          sql<number>`(select count(*) from follows where followable_type = 'users' and follower_id = ${userId})`.as(
            'following',
          ),
        ])
        .executeTakeFirstOrThrow();
      return { followers: Number(row.followers), following: Number(row.following) };
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
