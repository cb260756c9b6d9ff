import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TrackPlaysTable } from '../../db/catalog-schema.ts';

export function createPlaysRepository(db: Db) {
  return {
    async insert(play: Insertable<TrackPlaysTable>): Promise<void> {
      await db.insertInto('track_plays').values(play).execute();
    },

    /** Tracks played most since `since`, for "trending" channels. */
    async mostPlayedSince(since: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('track_plays')
        .select(['track_id', sql<number>`count(*)`.as('plays')])
        .where('played_at', '>=', since)
        .groupBy('track_id')
        .orderBy('plays', 'desc')
        .orderBy('track_id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.track_id);
    },

    /**
     * What listeners of the seed tracks also played, most shared first: the listeners who
     * played any seed track (a bounded sample), then everything else they played.
     */
    async alsoPlayed(seedTrackIds: number[], limit: number): Promise<number[]> {
      if (!seedTrackIds.length) return [];
      const rows = await db
        .selectFrom('track_plays as other')
        .select(['other.track_id', sql<number>`count(distinct other.listener)`.as('listeners')])
        .where('other.listener', 'in', (eb) =>
          eb
            .selectFrom('track_plays as seed')
            .select('seed.listener')
            .where('seed.track_id', 'in', seedTrackIds)
            .where('seed.listener', 'is not', null)
            .distinct()
            .limit(500),
        )
        .where('other.track_id', 'not in', seedTrackIds)
        .groupBy('other.track_id')
        .orderBy('listeners', 'desc')
        .orderBy('other.track_id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.track_id);
    },

    async countForTrack(trackId: number): Promise<number> {
      const row = await db
        .selectFrom('track_plays')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('track_id', '=', trackId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async latestForTrack(trackId: number) {
      return db
        .selectFrom('track_plays')
        .selectAll()
        .where('track_id', '=', trackId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
  };
}

export type PlaysRepository = ReturnType<typeof createPlaysRepository>;
