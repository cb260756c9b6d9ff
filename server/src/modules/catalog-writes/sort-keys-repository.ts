import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Albums a statement; keeps the id list well under either database's parameter limit. */
const CHUNK = 500;

const distinctIds = (ids: Iterable<number | null | undefined>) =>
  [...new Set(ids)].filter((id): id is number => typeof id === 'number');

/**
 * The albums' sort keys of getAlbumList2's `alphabeticalByArtist` and `highest` (migration
 * 0035, issue 42), recomputed from their source rows for the albums a change touched: an
 * idempotent statement, never an increment, so a repeated or late refresh stays right.
 */
export function createAlbumSortKeyWrites(db: Db) {
  return {
    /**
     * Each album's `artist_sort`: the lowercase name of its alphabetically first artist, ''
     * without one. Run after its artist links change or one of its artists is renamed.
     */
    async refreshArtistSort(albumIds: Iterable<number | null | undefined>, executor: Db = db) {
      const ids = distinctIds(albumIds);
      for (let i = 0; i < ids.length; i += CHUNK) {
        await executor
          .updateTable('albums')
          .set({
            artist_sort: sql<string>`coalesce((select min(lower(artists.name)) from album_artists inner join artists on artists.id = album_artists.artist_id where album_artists.album_id = albums.id), '')`,
          })
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .execute();
      }
    },

    /** Each album's `like_count` from the likes table. Run after its likes change. */
    async refreshLikeCounts(albumIds: Iterable<number | null | undefined>) {
      const ids = distinctIds(albumIds);
      for (let i = 0; i < ids.length; i += CHUNK) {
        await db
          .updateTable('albums')
          .set({
            like_count: sql<number>`(select count(*) from likes where likes.likeable_type = 'albums' and likes.likeable_id = albums.id)`,
          })
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .execute();
      }
    },

    /** The albums crediting any of these artists (before a rename or a delete). */
    async albumsOfArtists(artistIds: readonly number[]): Promise<number[]> {
      const albums: number[] = [];
      for (let i = 0; i < artistIds.length; i += CHUNK) {
        const rows = await db
          .selectFrom('album_artists')
          .select('album_id')
          .distinct()
          .where('artist_id', 'in', artistIds.slice(i, i + CHUNK))
          .execute();
        albums.push(...rows.map((row) => row.album_id));
      }
      return albums;
    },
  };
}
