import { PostgresAdapter, sql } from 'kysely';
import { compiledByNumbers } from '../../db/compiled-read.ts';
import type { Db } from '../../db/database.ts';
import { visibleById } from './visibility.ts';

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
 *
 * Each link row carries copies of its track's or album's `popularity` and `is_public`, kept by
 * triggers (migration 0036), and an index per link table holds (key, popularity desc, id,
 * is_public). A page at any offset, and the count, walk one range of that index without
 * touching the tracks; only link rows of music that is not public look the track up, to ask
 * whether this viewer may see it. At a million tracks a tag of 100k took seconds a page when
 * every page joined, sorted and counted all of its tracks.
 */
export function createLinkedIdQueries(db: Db) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Each link table is read under the alias `link`, so one query serves all of them. They share
  // one shape (the owner's id, one key column and the copies), so one of them stands for the type.
  const tracksThrough = (link: TrackLink, id: number, viewerId: number) =>
    db
      .selectFrom(`${link.table} as link` as 'track_tags as link')
      .where(`link.${link.key}` as 'link.tag_id', '=', id)
      .where(listed('tracks', 'track_id', viewerId, postgres));
  const albumsThrough = (link: AlbumLink, id: number, viewerId: number) =>
    db
      .selectFrom(`${link.table} as link` as 'album_tags as link')
      .where(`link.${link.key}` as 'link.tag_id', '=', id)
      .where(listed('albums', 'album_id', viewerId, postgres));

  // Each read is compiled once per link table and shape (compiled-read.ts), not per request.
  const trackIdReads = perLink((link: TrackLink) =>
    compiledByNumbers(db, (id: number, viewerId: number, limit: number, offset: number) =>
      tracksThrough(link, id, viewerId)
        .select('link.track_id as id')
        .orderBy('link.popularity', 'desc')
        .orderBy('link.track_id')
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
        .select('link.album_id as id')
        .orderBy('link.popularity', 'desc')
        .orderBy('link.album_id')
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

/**
 * SQL: the link row's track or album is visible to the viewer. Its public copy answers for
 * most rows from the index; the others are looked up by primary key and asked the full rule.
 * `offset 0` keeps PostgreSQL to that lookup: otherwise it may plan the check as a hash of
 * every visible track, built by a scan of the whole table (a million rows) for the first
 * non-public link row of a page. (SQLite takes no OFFSET without a LIMIT, nor needs it.)
 */
const listed = (
  owner: 'tracks' | 'albums',
  column: 'track_id' | 'album_id',
  viewerId: number,
  postgres: boolean,
) =>
  sql<boolean>`(link.is_public = 1 or exists (select 1 from ${sql.table(owner)} where ${sql.ref(`${owner}.id`)} = ${sql.ref(`link.${column}`)} and ${visibleById(owner, viewerId)}${postgres ? sql` offset 0` : sql``}))`;

/** One read per link table (the `*_BY` constants), made at its first use. */
function perLink<Link, Read>(make: (link: Link) => Read): (link: Link) => Read {
  const made = new Map<Link, Read>();
  return (link) => {
    let read = made.get(link);
    if (!read) made.set(link, (read = make(link)));
    return read;
  };
}
