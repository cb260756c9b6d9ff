import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One public address for the sitemap: the subject's id, names for its slug, and when it changed. */
export interface SitemapRow {
  id: number;
  name: string;
  /** An album's first artist, for its address. */
  artist_name?: string | null;
  updated_at: string | Date;
}

export type CatalogSitemapKind = 'artists' | 'albums' | 'tracks';

/** The public catalog in id order, a window at a time, for the sitemap (seo module). */
export function createCatalogSitemap(db: Db) {
  return {
    async count(kind: CatalogSitemapKind): Promise<number> {
      let query = db.selectFrom(kind).select((eb) => eb.fn.countAll<number>().as('count'));
      if (kind !== 'artists') query = query.where(`${kind}.is_public`, '=', 1);
      const row = await query.executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    async rows(kind: CatalogSitemapKind, offset: number, limit: number): Promise<SitemapRow[]> {
      if (kind === 'albums')
        return db
          .selectFrom('albums')
          .select([
            'albums.id',
            'albums.name',
            'albums.updated_at',
            sql<
              string | null
            >`(select artists.name from album_artists join artists on artists.id = album_artists.artist_id where album_artists.album_id = albums.id order by album_artists.position limit 1)`.as(
              'artist_name',
            ),
          ])
          .where('albums.is_public', '=', 1)
          .orderBy('albums.id')
          .limit(limit)
          .offset(offset)
          .execute();
      let query = db
        .selectFrom(kind)
        .select([`${kind}.id`, `${kind}.name`, `${kind}.updated_at`])
        .orderBy(`${kind}.id`)
        .limit(limit)
        .offset(offset);
      if (kind === 'tracks') query = query.where('tracks.is_public', '=', 1);
      return query.execute() as Promise<SitemapRow[]>;
    },
  };
}
