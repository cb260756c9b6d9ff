import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { inIds } from '../../db/id-list.ts';
import { visible } from '../catalog/visibility.ts';

export function createRadioRepository(db: Db, dialect: Dialect) {
  return {
    /** Tracks sharing the most genres and tags with the seeds, then the most popular. */
    async sharingTaxonomy(seedTrackIds: number[], viewerId: number, limit: number) {
      if (!seedTrackIds.length) return [];
      const genres = db
        .selectFrom('track_genres')
        .select('track_genres.track_id')
        .where('track_genres.genre_id', 'in', (eb) =>
          eb
            .selectFrom('track_genres as seed')
            .select('seed.genre_id')
            .where(inIds(dialect, 'seed.track_id', seedTrackIds)),
        );
      const tags = db
        .selectFrom('track_tags')
        .select('track_tags.track_id')
        .where('track_tags.tag_id', 'in', (eb) =>
          eb
            .selectFrom('track_tags as seed')
            .select('seed.tag_id')
            .where(inIds(dialect, 'seed.track_id', seedTrackIds)),
        );
      const rows = await db
        .selectFrom(genres.unionAll(tags).as('shared'))
        .innerJoin('tracks', 'tracks.id', 'shared.track_id')
        .select(['tracks.id', sql<number>`count(*)`.as('score')])
        .where(visible('tracks', viewerId))
        .groupBy(['tracks.id', 'tracks.popularity'])
        .orderBy('score', 'desc')
        .orderBy('tracks.popularity', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

export type RadioRepository = ReturnType<typeof createRadioRepository>;
