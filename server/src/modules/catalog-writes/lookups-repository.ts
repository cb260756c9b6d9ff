import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** What writing the catalog looks up first: artists and albums to reuse, albums' tracks. */
export function createCatalogLookups(db: Db) {
  return {
    /** Artists whose name is one of these (case-insensitive), in id order. */
    async artistsByName(names: readonly string[]) {
      if (!names.length) return [];
      return db
        .selectFrom('artists')
        .select(['id', 'name'])
        .where((eb) =>
          eb(
            eb.fn('lower', ['name']),
            'in',
            names.map((n) => n.toLowerCase()),
          ),
        )
        .orderBy('id')
        .execute();
    },
    /** `libraryOnly`: only albums no one owns (the library's), never an artist's release. */
    async albumByName(name: string, artistIds: readonly number[], libraryOnly = false) {
      let query = db
        .selectFrom('albums')
        .select(['albums.id', 'albums.image'])
        .where((eb) => eb(eb.fn('lower', ['albums.name']), '=', name.toLowerCase()));
      if (libraryOnly) query = query.where('albums.owner_id', 'is', null);
      if (artistIds.length) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('album_artists')
              .select('album_id')
              .whereRef('album_artists.album_id', '=', 'albums.id')
              .where('album_artists.artist_id', 'in', artistIds),
          ),
        );
      }
      return query.orderBy('albums.id').executeTakeFirst();
    },
    /** An album's tracks in their order (disc, number, then id). */
    async albumTrackIds(albumId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('tracks')
        .select('id')
        .where('album_id', '=', albumId)
        .orderBy(sql`coalesce(disc_number, 1)`)
        .orderBy('number')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },
    /** These tracks (those that exist), with their album and audio file. */
    async trackAlbums(ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('tracks')
        .select(['id', 'album_id', 'file_entry_id'])
        .where('id', 'in', ids)
        .execute();
    },
    /** These albums' owners and how many tracks each has (albums left empty are tidied). */
    async albumTrackCounts(ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('albums')
        .select([
          'id',
          'owner_id',
          (eb) =>
            eb
              .selectFrom('tracks')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('tracks.album_id', '=', 'albums.id')
              .as('tracks_count'),
        ])
        .where('id', 'in', ids)
        .execute();
    },
  };
}
