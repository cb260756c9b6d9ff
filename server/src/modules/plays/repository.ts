import { sql, type Insertable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { TrackPlaysTable } from '../../db/catalog-schema.ts';
import { inIds } from '../../db/id-list.ts';

/** A play as insights fold it into their rollups. */
export interface PlayRecord {
  id: number;
  track_id: number;
  user_id: number | null;
  listener: string | null;
  played_at: string;
  device: string | null;
  platform: string | null;
  browser: string | null;
  country: string | null;
  source: string;
  listened_ms: number;
  completed: number;
}

const RECORD_COLUMNS = [
  'id',
  'track_id',
  'user_id',
  'listener',
  'played_at',
  'device',
  'platform',
  'browser',
  'country',
  'source',
  'listened_ms',
  'completed',
] as const;

export function createPlaysRepository(db: Db, dialect: Dialect = 'sqlite') {
  return {
    async insert(play: Insertable<TrackPlaysTable>): Promise<number> {
      const row = await db
        .insertInto('track_plays')
        .values(play)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async byId(id: number): Promise<PlayRecord | undefined> {
      return db
        .selectFrom('track_plays')
        .select(RECORD_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async setListened(id: number, listenedMs: number, completed: boolean): Promise<void> {
      await db
        .updateTable('track_plays')
        .set({ listened_ms: listenedMs, completed: completed ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    },

    /** Plays after `afterId` in id order, optionally only of some tracks, at most `limit`. */
    async after(
      afterId: number,
      options: { beforeId?: number | null; trackIds?: readonly number[]; limit: number },
    ): Promise<PlayRecord[]> {
      let query = db
        .selectFrom('track_plays')
        .select(RECORD_COLUMNS)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(options.limit);
      if (options.beforeId != null) query = query.where('id', '<', options.beforeId);
      // Walked by id from the watermark (today's plays): the unary plus keeps SQLite from
      // reading every play of those tracks through the track index instead.
      if (options.trackIds)
        query = query.where(
          dialect === 'postgres'
            ? inIds(dialect, 'track_id', options.trackIds)
            : sql<boolean>`+track_id in (select value from json_each(${JSON.stringify(options.trackIds)}))`,
        );
      return query.execute();
    },

    /** The first play after `afterId` played at or after `since` (ISO time), if any. */
    async firstIdSince(afterId: number, since: string): Promise<number | null> {
      const row = await db
        .selectFrom('track_plays')
        .select((eb) => eb.fn.min('id').as('id'))
        .where('id', '>', afterId)
        .where('played_at', '>=', since)
        .executeTakeFirst();
      return row?.id == null ? null : Number(row.id);
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

    /**
     * When this user last played each of these tracks, and any track of these albums, and how
     * many times (Subsonic's per-user `played` and `playCount`).
     */
    async lastPlayedBy(userId: number, trackIds: readonly number[], albumIds: readonly number[]) {
      const [tracks, albums] = await Promise.all([
        trackIds.length
          ? db
              .selectFrom('track_plays')
              .select([
                'track_id as id',
                (eb) => eb.fn.max('played_at').as('played'),
                (eb) => eb.fn.countAll().as('count'),
              ])
              .where('user_id', '=', userId)
              .where('track_id', 'in', trackIds)
              .groupBy('track_id')
              .execute()
          : [],
        albumIds.length
          ? db
              .selectFrom('track_plays')
              .innerJoin('tracks', 'tracks.id', 'track_plays.track_id')
              .select([
                'tracks.album_id as id',
                (eb) => eb.fn.max('track_plays.played_at').as('played'),
                (eb) => eb.fn.countAll().as('count'),
              ])
              .where('track_plays.user_id', '=', userId)
              .where('tracks.album_id', 'in', albumIds)
              .groupBy('tracks.album_id')
              .execute()
          : [],
      ]);
      const byId = (rows: { id: number | null; played: unknown }[]) =>
        new Map(
          rows.flatMap((row) =>
            row.id === null || row.played === null
              ? []
              : [[row.id, new Date(row.played as string | Date).toISOString()] as const],
          ),
        );
      const counts = (rows: { id: number | null; count: unknown }[]) =>
        new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, Number(row.count)]])));
      return {
        tracks: byId(tracks),
        albums: byId(albums),
        counts: { tracks: counts(tracks), albums: counts(albums) },
      };
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
