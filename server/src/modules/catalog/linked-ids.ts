import { compiledByNumbers } from '../../db/compiled-read.ts';
import type { Db } from '../../db/database.ts';
import { visible } from './visibility.ts';

/** The link tables that attach tracks or albums to an artist, a genre or a tag. */
type TrackLink =
  | { table: 'track_artists'; key: 'artist_id' }
  | { table: 'track_genres'; key: 'genre_id' }
  | { table: 'track_tags'; key: 'tag_id' };
type AlbumLink =
  { table: 'album_genres'; key: 'genre_id' } | { table: 'album_tags'; key: 'tag_id' };

export const TRACKS_BY = {
  artist: { table: 'track_artists', key: 'artist_id' },
  genre: { table: 'track_genres', key: 'genre_id' },
  tag: { table: 'track_tags', key: 'tag_id' },
} as const satisfies Record<string, TrackLink>;

export const ALBUMS_BY = {
  genre: { table: 'album_genres', key: 'genre_id' },
  tag: { table: 'album_tags', key: 'tag_id' },
} as const satisfies Record<string, AlbumLink>;

export interface Page {
  limit: number;
  offset: number;
}

/**
 * Ids of the visible tracks or albums linked to one artist, genre or tag, most popular first,
 * and their count: the one query shape behind every "by artist / genre / tag" listing.
 */
export function createLinkedIdQueries(db: Db) {
  // Each link table is read under the alias `link`, so one query serves all of them. They share
  // one shape (the track or album id plus one key column), so one of them stands for the type.
  const tracksThrough = (link: TrackLink, id: number, viewerId: number) =>
    db
      .selectFrom(`${link.table} as link` as 'track_tags as link')
      .innerJoin('tracks', 'tracks.id', 'link.track_id')
      .where(`link.${link.key}` as 'link.tag_id', '=', id)
      .where(visible('tracks', viewerId));
  const albumsThrough = (link: AlbumLink, id: number, viewerId: number) =>
    db
      .selectFrom(`${link.table} as link` as 'album_tags as link')
      .innerJoin('albums', 'albums.id', 'link.album_id')
      .where(`link.${link.key}` as 'link.tag_id', '=', id)
      .where(visible('albums', viewerId));

  // Each read is compiled once per link table and shape (compiled-read.ts), not per request.
  const trackIdReads = perLink((link: TrackLink) =>
    compiledByNumbers(db, (id: number, viewerId: number, limit: number, offset: number) =>
      tracksThrough(link, id, viewerId)
        .select('tracks.id')
        .orderBy('tracks.popularity', 'desc')
        .orderBy('tracks.id')
        .limit(limit)
        .offset(offset),
    ),
  );
  const trackCounts = perLink((link: TrackLink) =>
    compiledByNumbers(db, (id: number, viewerId: number) =>
      tracksThrough(link, id, viewerId).select((eb) => eb.fn.countAll<number>().as('count')),
    ),
  );
  const albumIdReads = perLink((link: AlbumLink) =>
    compiledByNumbers(db, (id: number, viewerId: number, limit: number, offset: number) =>
      albumsThrough(link, id, viewerId)
        .select('albums.id')
        .orderBy('albums.popularity', 'desc')
        .orderBy('albums.id')
        .limit(limit)
        .offset(offset),
    ),
  );
  const albumCounts = perLink((link: AlbumLink) =>
    compiledByNumbers(db, (id: number, viewerId: number) =>
      albumsThrough(link, id, viewerId).select((eb) => eb.fn.countAll<number>().as('count')),
    ),
  );

  return {
    async trackIds(link: TrackLink, id: number, viewerId: number, page: Page): Promise<number[]> {
      const rows = await trackIdReads(link)(id, viewerId, page.limit, page.offset);
      return rows.map((r) => r.id);
    },
    async countTracks(link: TrackLink, id: number, viewerId: number): Promise<number> {
      const [row] = await trackCounts(link)(id, viewerId);
      return Number(row?.count ?? 0);
    },
    async albumIds(link: AlbumLink, id: number, viewerId: number, page: Page): Promise<number[]> {
      const rows = await albumIdReads(link)(id, viewerId, page.limit, page.offset);
      return rows.map((r) => r.id);
    },
    async countAlbums(link: AlbumLink, id: number, viewerId: number): Promise<number> {
      const [row] = await albumCounts(link)(id, viewerId);
      return Number(row?.count ?? 0);
    },
  };
}

/** One read per link table (the `*_BY` constants), made at its first use. */
function perLink<Link, Read>(make: (link: Link) => Read): (link: Link) => Read {
  const made = new Map<Link, Read>();
  return (link) => {
    let read = made.get(link);
    if (!read) made.set(link, (read = make(link)));
    return read;
  };
}
