import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { createAlbumSortKeyWrites } from './sort-keys-repository.ts';

/**
 * Rows a statement: a library scan writes hundreds of tracks at once, and one statement of
 * many rows costs about what one of a single row does (PostgreSQL allows 65,535 parameters,
 * SQLite 32,766; a track row has about 25).
 */
const CHUNK = 500;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

type Owned = 'tracks' | 'albums' | 'artists' | 'genres';
type Link = 'track_artists' | 'album_artists' | 'track_genres' | 'album_genres';

/**
 * The library import's bulk SQL (issue 18): many rows a statement where the editors' path
 * writes one track at a time (library-bulk.ts).
 */
export function createCatalogBulkWrites(db: Db) {
  const sortKeys = createAlbumSortKeyWrites(db);
  /**
   * Inserts rows and answers their ids in the rows' order. Ids of one statement are given in
   * the order of its rows (an autoincrement or a sequence), so sorting them restores it
   * whatever order RETURNING lists them in.
   */
  async function insertReturningIds<T extends Owned>(
    table: T,
    rows: Insertable<Database[T]>[],
  ): Promise<number[]> {
    const ids: number[] = [];
    for (const part of chunks(rows)) {
      const inserted = await db
        .insertInto(table as 'artists')
        .values(part as Insertable<Database['artists']>[])
        .returning('id')
        .execute();
      ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
    }
    return ids;
  }

  return {
    insertArtists: (rows: Insertable<Database['artists']>[]) => insertReturningIds('artists', rows),
    insertAlbums: (rows: Insertable<Database['albums']>[]) => insertReturningIds('albums', rows),
    insertTracks: (rows: Insertable<Database['tracks']>[]) => insertReturningIds('tracks', rows),
    insertGenres: (rows: Insertable<Database['genres']>[]) => insertReturningIds('genres', rows),

    /** Link rows (artists with their position, genres) of many tracks or albums. */
    async insertLinks(table: Link, rows: Record<string, number>[]) {
      for (const part of chunks(rows)) {
        await db
          .insertInto(table as 'track_genres')
          .values(part as { track_id: number; genre_id: number }[])
          .execute();
      }
      if (table === 'album_artists') {
        await sortKeys.refreshArtistSort(rows.map((row) => row.album_id));
      }
    },

    async insertLyrics(rows: Insertable<Database['lyrics']>[]) {
      for (const part of chunks(rows)) await db.insertInto('lyrics').values(part).execute();
    },

    async genresByNames(names: readonly string[]) {
      const rows: { id: number; name: string }[] = [];
      for (const part of chunks(names)) {
        rows.push(
          ...(await db
            .selectFrom('genres')
            .select(['id', 'name'])
            .where('name', 'in', part)
            .execute()),
        );
      }
      return rows;
    },

    /**
     * Albums whose lowercased name is one of these, with each of their artists (a row an
     * artist; one with a null artist for an album without), in id order.
     */
    async albumsByLowerNames(names: readonly string[]) {
      const rows: {
        id: number;
        name: string;
        image: string | null;
        key: string;
        artist_id: number | null;
      }[] = [];
      for (const part of chunks(names)) {
        rows.push(
          ...(await db
            .selectFrom('albums')
            .leftJoin('album_artists', 'album_artists.album_id', 'albums.id')
            .select([
              'albums.id',
              'albums.name',
              'albums.image',
              (eb) => eb.fn<string>('lower', ['albums.name']).as('key'),
              'album_artists.artist_id',
            ])
            .where((eb) => eb(eb.fn('lower', ['albums.name']), 'in', part))
            // The library's own albums only: an artist's release is never added to.
            .where('albums.owner_id', 'is', null)
            .orderBy('albums.id')
            .execute()),
        );
      }
      return rows.sort((a, b) => a.id - b.id);
    },

    /** The same changes to many tracks or albums. */
    async updateMany(
      table: 'tracks' | 'albums',
      ids: readonly number[],
      changes: Updateable<Database['tracks']> & Updateable<Database['albums']>,
    ) {
      for (const part of chunks(ids)) {
        await db
          .updateTable(table as 'tracks')
          .set(changes as Updateable<Database['tracks']>)
          .where('id', 'in', part)
          .execute();
      }
    },

    /**
     * Sets each track's number, many a statement; a track moved to another album meanwhile
     * keeps the number it has there.
     */
    async setNumbers(numbers: readonly { id: number; number: number; albumId: number }[]) {
      for (const part of chunks(numbers)) {
        const cases = sql.join(
          part.map(
            (entry) =>
              sql`when id = ${entry.id} and album_id = ${entry.albumId} then cast(${entry.number} as integer)`,
          ),
          sql` `,
        );
        await db
          .updateTable('tracks')
          .set({ number: sql<number>`case ${cases} else number end` })
          .where(
            'id',
            'in',
            part.map((entry) => entry.id),
          )
          .execute();
      }
    },

    /** Each album's tracks in their current order (disc, number, then id). */
    async tracksOfAlbums(albumIds: readonly number[]) {
      const rows: { id: number; album_id: number | null }[] = [];
      for (const part of chunks(albumIds)) {
        rows.push(
          ...(await db
            .selectFrom('tracks')
            .select(['id', 'album_id'])
            .where('album_id', 'in', part)
            .orderBy('album_id')
            .orderBy(sql`coalesce(disc_number, 1)`)
            .orderBy('number')
            .orderBy('id')
            .execute()),
        );
      }
      return rows;
    },
  };
}
