import type { Db } from '../../db/database.ts';
import type { SitemapRow } from '../catalog/sitemap.ts';

/** Public playlists in id order, a window at a time, for the sitemap (seo module). */
export function createPlaylistsSitemap(db: Db) {
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom('playlists')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('playlists.is_public', '=', 1)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    rows(offset: number, limit: number): Promise<SitemapRow[]> {
      return db
        .selectFrom('playlists')
        .select(['playlists.id', 'playlists.name', 'playlists.updated_at'])
        .where('playlists.is_public', '=', 1)
        .orderBy('playlists.id')
        .limit(limit)
        .offset(offset)
        .execute();
    },
  };
}
