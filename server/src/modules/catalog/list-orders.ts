// The orders and filters of the lists library clients page through (OpenSubsonic's album
// lists, the artist index, search3's empty query), shared by the browse repository and the
// Subsonic calls that name them.
import { sql } from 'kysely';
import type { KeyedOrder } from './keyset.ts';

/** The album orders a library client can ask for (OpenSubsonic getAlbumList2 types). */
export const ALBUM_ORDERS = [
  'random',
  'newest',
  'highest',
  'frequent',
  'recent',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'starred',
  'byYear',
  'byGenre',
] as const;
export type AlbumOrder = (typeof ALBUM_ORDERS)[number];

export interface AlbumListQuery {
  order: AlbumOrder;
  size: number;
  offset: number;
  fromYear?: number;
  toYear?: number;
  genre?: string;
}

export interface TrackFilter {
  genre?: string;
  fromYear?: number;
  toYear?: number;
}

export const yearOf = sql<string>`substr(albums.release_date, 1, 4)`;

/**
 * A music folder of library clients: a library folder's id, or null for music that came from
 * no library folder (uploads and the site's own). Undefined reads everything.
 */
export type FolderScope = number | null | undefined;

export const yearRange = (query: AlbumListQuery) => {
  const from = query.fromYear ?? 0;
  const to = query.toYear ?? 9999;
  return from <= to ? [from, to] : [to, from];
};

/**
 * SQL: the album carries one of these genres (those named as asked: genreIdsNamed). Each
 * album of the walk is one probe of album_genres' primary key; matching the genre's name
 * there, joined for every album, made a deep byGenre page cost 63 ms at a million tracks.
 */
export const hasGenre = (genreIds: readonly number[]) =>
  genreIds.length
    ? sql<boolean>`exists (select 1 from album_genres where album_genres.album_id = albums.id and album_genres.genre_id in (${sql.join(genreIds)}))`
    : sql<boolean>`(1 = 0)`;

/** Artists by name (migration 0034's index). */
export const ARTISTS_BY_NAME: KeyedOrder = [
  [sql`lower(artists.name)`, 'asc'],
  [sql`artists.id`, 'asc'],
];

/**
 * The album orders an index holds (migrations 0033 to 0035), as sort keys: a page of these
 * can start after the previous page's last row instead of at an offset. Null for the others
 * (`recent`, `starred`: the viewer's own plays and stars).
 */
export function keyedAlbumOrder(query: AlbumListQuery): KeyedOrder | null {
  const id = sql`albums.id`;
  const byName: KeyedOrder = [
    [sql`lower(albums.name)`, 'asc'],
    [id, 'asc'],
  ];
  switch (query.order) {
    case 'alphabeticalByName':
    case 'byGenre':
      return byName;
    case 'newest':
      return [
        [sql`albums.created_at`, 'desc'],
        [id, 'desc'],
      ];
    case 'frequent':
      return [
        [sql`albums.plays`, 'desc'],
        [id, 'asc'],
      ];
    case 'alphabeticalByArtist':
      // The first artist's name kept on the album (0035; '' without one, first).
      return [[sql`albums.artist_sort`, 'asc'], ...byName];
    case 'highest':
      // Likes kept on the album (0035), then its popularity.
      return [
        [sql`albums.like_count`, 'desc'],
        [sql`albums.popularity`, 'desc'],
        [id, 'asc'],
      ];
    case 'byYear': {
      // Newest first when the range is given backwards; albums of one date then by id in the
      // same direction, which the index gives as it is (ascending ids would sort each date).
      const direction = (query.fromYear ?? 0) <= (query.toYear ?? 9999) ? 'asc' : 'desc';
      return [
        [sql`albums.release_date`, direction],
        [id, direction],
      ];
    }
    default:
      return null;
  }
}
