import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { inIds } from '../../db/id-list.ts';
import { afterKey, type KeyedOrder, type KeyedPage, type SortKey } from './keyset.ts';
import {
  ARTISTS_BY_NAME,
  hasGenre,
  keyedAlbumOrder,
  yearOf,
  yearRange,
  type AlbumListQuery,
  type FolderScope,
  type TrackFilter,
} from './list-orders.ts';
import { randomIds, selectSource } from './random-picks.ts';
import { artistVisible, opensFolder, taxonomyVisible, visible, visibleById } from './visibility.ts';

const trackIn = (alias: string, folder: number | null) =>
  folder === null
    ? sql`${sql.ref(`${alias}.library_folder_id`)} is null`
    : sql`${sql.ref(`${alias}.library_folder_id`)} = ${folder}`;

/** SQL: the row has music in the folder (an album: a track; an artist: a track or an album's). */
export function inFolder(table: 'tracks' | 'albums' | 'artists', folder: number | null) {
  if (table === 'tracks') return sql<boolean>`${trackIn('tracks', folder)}`;
  if (table === 'albums')
    return sql<boolean>`exists (select 1 from tracks ft where ft.album_id = albums.id and ${trackIn('ft', folder)})`;
  return sql<boolean>`(exists (select 1 from track_artists fta inner join tracks ft on ft.id = fta.track_id where fta.artist_id = artists.id and ${trackIn('ft', folder)}) or exists (select 1 from album_artists faa inner join tracks ft on ft.album_id = faa.album_id where faa.artist_id = artists.id and ${trackIn('ft', folder)}))`;
}

/**
 * Whole-library reads for clients that sync a library (OpenSubsonic): every artist, albums
 * in the orders such clients page through, and tracks by plain offset. Private albums and
 * tracks show to their owner only, as everywhere in the catalog.
 */
export function createCatalogBrowseRepository(db: Db, dialect: Dialect) {
  /** Random albums the viewer can see (random-picks.ts: no sort of the whole table). */
  const randomAlbumIds = async (size: number, viewerId: number, folder?: FolderScope) => {
    const filtered = (ids?: readonly number[]) => {
      const select = db
        .selectFrom('albums')
        .select('albums.id')
        .where(ids ? inIds(dialect, 'albums.id', ids) : sql<boolean>`1 = 1`)
        // By id: the rule written so that SQLite keeps to the primary key (visibility.ts).
        .where(ids ? visibleById('albums', viewerId) : visible('albums', viewerId));
      return folder === undefined ? select : select.where(inFolder('albums', folder));
    };
    return randomIds(selectSource(db, 'albums', filtered), size);
  };

  /**
   * A sort key's values as read back: on PostgreSQL as text, which it parses back to the
   * column's own type (a timestamptz read as a JavaScript date would lose its microseconds).
   */
  const keyValues = (order: KeyedOrder) =>
    order.map(([column], i) =>
      (dialect === 'postgres' ? sql`cast(${column} as text)` : column).as(`key${i}`),
    );
  const lastKey = (order: KeyedOrder, rows: Record<string, unknown>[]): SortKey | null => {
    const last = rows.at(-1);
    return last ? order.map((_, i) => last[`key${i}`] as string | number) : null;
  };

  /** The genres a client names (by name or display name, any case): usually one. */
  const genreIdsNamed = async (name: string) => {
    const genre = name.toLowerCase();
    const rows = await db
      .selectFrom('genres')
      .select('id')
      .where((eb) =>
        eb.or([
          eb(sql`lower(genres.name)`, '=', genre),
          eb(sql`lower(genres.display_name)`, '=', genre),
        ]),
      )
      .execute();
    return rows.map((row) => row.id);
  };

  /** Albums the viewer can see, in the folder if one is asked. */
  const visibleAlbumsIn = (viewerId: number, folder?: FolderScope) =>
    db
      .selectFrom('albums')
      .where(visible('albums', viewerId))
      .where(folder === undefined ? sql<boolean>`1 = 1` : inFolder('albums', folder));

  /**
   * One page of album ids in the asked order, from `offset` or, for the orders an index
   * holds (keyedAlbumOrder), after the sort key of the previous page's last row.
   */
  async function albumPage(
    query: AlbumListQuery,
    viewerId: number,
    folder?: FolderScope,
    after?: SortKey,
  ): Promise<KeyedPage> {
    if (query.order === 'random') {
      // Not sorted by random(): see randomAlbumIds.
      return { ids: await randomAlbumIds(query.size, viewerId, folder), last: null };
    }
    const order = keyedAlbumOrder(query);
    if (!order) {
      const ids = await sortedAlbumIds(query, viewerId, folder);
      return { ids, last: null };
    }
    let select = visibleAlbumsIn(viewerId, folder)
      .select(keyValues(order))
      .select('albums.id')
      .limit(query.size);
    if (query.order === 'byYear') {
      const [low, high] = yearRange(query);
      select = select
        .where('albums.release_date', 'is not', null)
        .where(yearOf, '>=', String(low).padStart(4, '0'))
        .where(yearOf, '<=', String(high).padStart(4, '0'));
    }
    if (query.order === 'byGenre') {
      select = select.where(hasGenre(await genreIdsNamed(query.genre ?? '')));
    }
    for (const [column, direction] of order) select = select.orderBy(column, direction);
    select = after ? select.where(afterKey(order, after)) : select.offset(query.offset);
    const rows = await select.execute();
    return { ids: rows.map((row) => row.id), last: lastKey(order, rows) };
  }

  /**
   * The orders whose sort key is the viewer's own (their plays, their stars): no index of the
   * albums table holds it, so each page sorts the albums that pass (see ARCHITECTURE.md,
   * "keyset paging").
   */
  async function sortedAlbumIds(query: AlbumListQuery, viewerId: number, folder?: FolderScope) {
    let select = visibleAlbumsIn(viewerId, folder)
      .select('albums.id')
      .limit(query.size)
      .offset(query.offset);
    switch (query.order) {
      case 'recent':
        select = select
          .innerJoin(
            (eb) =>
              eb
                .selectFrom('track_plays')
                .innerJoin('tracks', 'tracks.id', 'track_plays.track_id')
                .select(['tracks.album_id', sql<string>`max(track_plays.played_at)`.as('last')])
                .where('track_plays.user_id', '=', viewerId)
                .groupBy('tracks.album_id')
                .as('recent'),
            (join) => join.onRef('recent.album_id', '=', 'albums.id'),
          )
          .orderBy('recent.last', 'desc')
          .orderBy('albums.id');
        break;
      case 'starred':
        select = select
          .innerJoin('likes', (join) =>
            join
              .onRef('likes.likeable_id', '=', 'albums.id')
              .on('likes.likeable_type', '=', 'albums')
              .on('likes.user_id', '=', viewerId),
          )
          .orderBy('likes.created_at', 'desc')
          .orderBy('albums.id');
        break;
      default:
        throw new Error(`The album order ${query.order} is read by sort key`);
    }
    return (await select.execute()).map((row) => row.id);
  }

  return {
    /** Every artist by name, with how many albums the viewer can see. */
    async artistsByName(viewerId: number, folder?: FolderScope) {
      let select = db
        .selectFrom('artists')
        .leftJoin('album_artists', 'album_artists.artist_id', 'artists.id')
        .leftJoin('albums', (join) =>
          join.onRef('albums.id', '=', 'album_artists.album_id').on(visible('albums', viewerId)),
        )
        .select([
          'artists.id',
          'artists.name',
          'artists.image',
          sql<number>`count(distinct albums.id)`.as('album_count'),
        ])
        .where(artistVisible(viewerId));
      if (folder !== undefined) select = select.where(inFolder('artists', folder));
      return select
        .groupBy(['artists.id', 'artists.name', 'artists.image'])
        .orderBy(sql`lower(artists.name)`)
        .orderBy('artists.id')
        .execute();
    },

    /** The library folders whose music the viewer may see (restricted ones when opened). */
    async folders(viewerId: number) {
      return db
        .selectFrom('library_folders')
        .select(['library_folders.id', 'library_folders.name'])
        .where('library_folders.status', '<>', 'removing')
        .where((eb) =>
          eb.or([
            eb('library_folders.access', '=', 'everyone'),
            opensFolder(sql.ref('library_folders.id'), viewerId),
          ]),
        )
        .orderBy('library_folders.id')
        .execute();
    },

    /** Which of these ids have music in the folder. */
    async idsInFolder(
      table: 'tracks' | 'albums' | 'artists',
      ids: readonly number[],
      folder: number | null,
    ): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .selectFrom(table as 'tracks')
        .select(sql<number>`${sql.ref(`${table}.id`)}`.as('id'))
        .where(sql.ref(`${table}.id`), 'in', [...ids])
        .where(inFolder(table, folder))
        .execute();
      return new Set(rows.map((row) => Number(row.id)));
    },

    /** One page of album ids in the asked order. */
    async albumIds(
      query: AlbumListQuery,
      viewerId: number,
      folder?: FolderScope,
    ): Promise<number[]> {
      return (await albumPage(query, viewerId, folder)).ids;
    },

    albumPage,

    randomAlbumIds,

    /** Track count and length of each album (of the tracks the viewer can see), and its age. */
    async albumTotals(albumIds: readonly number[], viewerId: number) {
      if (!albumIds.length) return [];
      return db
        .selectFrom('albums')
        .leftJoin('tracks', (join) =>
          join.onRef('tracks.album_id', '=', 'albums.id').on(visible('tracks', viewerId)),
        )
        .select([
          'albums.id',
          'albums.created_at',
          sql<number>`count(tracks.id)`.as('song_count'),
          sql<number>`coalesce(sum(tracks.duration), 0)`.as('duration'),
          (eb) =>
            eb
              .selectFrom('album_genres')
              .innerJoin('genres', 'genres.id', 'album_genres.genre_id')
              .select('genres.display_name')
              .whereRef('album_genres.album_id', '=', 'albums.id')
              .orderBy('genres.id')
              .limit(1)
              .as('genre'),
        ])
        .where('albums.id', 'in', albumIds)
        .groupBy(['albums.id', 'albums.created_at'])
        .execute();
    },

    /** What a library client shows beside a track: album year, first genre, disc facts. */
    async trackFacts(trackIds: readonly number[]) {
      if (!trackIds.length) return [];
      return db
        .selectFrom('tracks')
        .leftJoin('albums', 'albums.id', 'tracks.album_id')
        .leftJoin('file_entries', 'file_entries.id', 'tracks.file_entry_id')
        .select([
          'tracks.id',
          'tracks.audio_mime',
          'albums.release_date',
          // The uploaded file and the media pipeline's probe of it (uploads only).
          'file_entries.file_size',
          'file_entries.extension',
          'file_entries.media',
          // What a library folder's scan read of its file (library tracks only).
          'tracks.file_size as library_file_size',
          'tracks.bitrate as library_bitrate',
          'tracks.bit_depth',
          'tracks.musicbrainz_id',
          (eb) =>
            eb
              .selectFrom('track_genres')
              .innerJoin('genres', 'genres.id', 'track_genres.genre_id')
              .select('genres.display_name')
              .whereRef('track_genres.track_id', '=', 'tracks.id')
              .orderBy('genres.id')
              .limit(1)
              .as('genre'),
        ])
        .where('tracks.id', 'in', trackIds)
        .execute();
    },

    /**
     * Tracks the viewer can see, by id, for clients that page through the whole library:
     * from `offset`, or after the id that ended the previous page.
     */
    async trackIdsPage(
      offset: number,
      size: number,
      viewerId: number,
      folder?: FolderScope,
      afterId?: number,
    ): Promise<number[]> {
      const select = db
        .selectFrom('tracks')
        .select('tracks.id')
        .where(visible('tracks', viewerId))
        .where(folder === undefined ? sql<boolean>`1 = 1` : inFolder('tracks', folder))
        .orderBy('tracks.id')
        .limit(size);
      const rows = await (
        afterId === undefined ? select.offset(offset) : select.where('tracks.id', '>', afterId)
      ).execute();
      return rows.map((row) => row.id);
    },

    /**
     * One page of the artists the viewer can see, by name (search3 with an empty query), from
     * `offset` or after the sort key that ended the previous page.
     */
    async artistPage(
      offset: number,
      size: number,
      viewerId: number,
      folder?: FolderScope,
      after?: SortKey,
    ): Promise<KeyedPage> {
      let select = db
        .selectFrom('artists')
        .select(keyValues(ARTISTS_BY_NAME))
        .select('artists.id')
        .where(artistVisible(viewerId))
        .where(folder === undefined ? sql<boolean>`1 = 1` : inFolder('artists', folder))
        .limit(size);
      for (const [column, direction] of ARTISTS_BY_NAME) select = select.orderBy(column, direction);
      select = after ? select.where(afterKey(ARTISTS_BY_NAME, after)) : select.offset(offset);
      const rows = await select.execute();
      return { ids: rows.map((row) => row.id), last: lastKey(ARTISTS_BY_NAME, rows) };
    },

    /** These artists with how many albums the viewer can see (in no particular order). */
    async artistsWithAlbumCounts(ids: readonly number[], viewerId: number) {
      if (!ids.length) return [];
      return db
        .selectFrom('artists')
        .leftJoin('album_artists', 'album_artists.artist_id', 'artists.id')
        .leftJoin('albums', (join) =>
          join.onRef('albums.id', '=', 'album_artists.album_id').on(visible('albums', viewerId)),
        )
        .select([
          'artists.id',
          'artists.name',
          'artists.image',
          sql<number>`count(distinct albums.id)`.as('album_count'),
        ])
        .where(inIds(dialect, 'artists.id', ids))
        .groupBy(['artists.id', 'artists.name', 'artists.image'])
        .execute();
    },

    /** An artist's visible tracks on no album (loose files), by name. */
    async looseTrackIds(artistId: number, viewerId: number, limit: number) {
      const rows = await db
        .selectFrom('tracks')
        .innerJoin('track_artists', 'track_artists.track_id', 'tracks.id')
        .select('tracks.id')
        .where('track_artists.artist_id', '=', artistId)
        .where('tracks.album_id', 'is', null)
        .where(visible('tracks', viewerId))
        .orderBy(sql`lower(tracks.name)`)
        .orderBy('tracks.id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Random tracks the viewer can see (random-picks.ts: no sort of the whole table). */
    async randomTrackIds(
      size: number,
      filter: TrackFilter,
      viewerId: number,
      folder?: FolderScope,
    ) {
      const genreIds = filter.genre ? await genreIdsNamed(filter.genre) : null;
      if (genreIds && !genreIds.length) return [];
      const filtered = (ids?: readonly number[]) => {
        let select = db
          .selectFrom('tracks')
          .leftJoin('albums', 'albums.id', 'tracks.album_id')
          .select('tracks.id')
          .where(ids ? inIds(dialect, 'tracks.id', ids) : sql<boolean>`1 = 1`)
          // By id: the rule written so that SQLite keeps to the primary key (visibility.ts).
          .where(ids ? visibleById('tracks', viewerId) : visible('tracks', viewerId));
        if (folder !== undefined) select = select.where(inFolder('tracks', folder));
        if (filter.fromYear !== undefined)
          select = select.where(yearOf, '>=', String(filter.fromYear).padStart(4, '0'));
        if (filter.toYear !== undefined)
          select = select.where(yearOf, '<=', String(filter.toYear).padStart(4, '0'));
        if (genreIds) {
          // One probe of track_genres' primary key a candidate (genreIdsNamed, as byGenre).
          select = select.where((eb) =>
            eb.exists(
              eb
                .selectFrom('track_genres')
                .select('track_genres.track_id')
                .whereRef('track_genres.track_id', '=', 'tracks.id')
                .where('track_genres.genre_id', 'in', genreIds),
            ),
          );
        }
        return select;
      };
      return randomIds(selectSource(db, 'tracks', filtered), size);
    },

    /** Every genre the viewer may see with how many of their tracks and albums carry it. */
    async genreCounts(viewerId: number) {
      return db
        .selectFrom('genres')
        .select([
          'genres.id',
          'genres.display_name',
          (eb) =>
            eb
              .selectFrom('track_genres')
              .innerJoin('tracks', 'tracks.id', 'track_genres.track_id')
              .select(sql<number>`count(*)`.as('n'))
              .whereRef('track_genres.genre_id', '=', 'genres.id')
              .where(visible('tracks', viewerId))
              .as('song_count'),
          (eb) =>
            eb
              .selectFrom('album_genres')
              .innerJoin('albums', 'albums.id', 'album_genres.album_id')
              .select(sql<number>`count(*)`.as('n'))
              .whereRef('album_genres.genre_id', '=', 'genres.id')
              .where(visible('albums', viewerId))
              .as('album_count'),
        ])
        .where(taxonomyVisible('genres', viewerId))
        .orderBy(sql`lower(genres.display_name)`)
        .execute();
    },
  };
}

export type CatalogBrowseRepository = ReturnType<typeof createCatalogBrowseRepository>;
