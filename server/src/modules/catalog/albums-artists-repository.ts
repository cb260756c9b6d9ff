import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { compiledByIdsAndNumbers, compiledByNumbers } from '../../db/compiled-read.ts';
import { compiledByIds, inIds } from '../../db/id-list.ts';
import type { AlbumRow, ArtistRow, NamedRef } from './rows.ts';
import { ALBUMS_BY, createLinkedIdQueries, type Page } from './linked-ids.ts';
import { artistVisible, visible, visibleById } from './visibility.ts';

/** How many of the most popular artists the quick similar-artists walk reads at most. */
const SIMILAR_SCAN = 400;

/** Album and artist reads of the catalog repository. */
export function createAlbumsArtistsQueries(db: Db, dialect: Dialect) {
  const linked = createLinkedIdQueries(db);
  const albumRows = () =>
    db
      .selectFrom('albums')
      .select([
        'albums.id',
        'albums.name',
        'albums.release_date',
        'albums.image',
        'albums.type',
        'albums.description',
        'albums.plays',
        'albums.popularity',
        'albums.is_public',
        'albums.owner_id',
        sql<number>`(select count(*) from tracks where tracks.album_id = albums.id)`.as(
          'tracks_count',
        ),
      ]);
  const readAlbumsByIds = compiledByIds(db, dialect, (ids) =>
    albumRows().where(inIds(dialect, 'albums.id', ids)),
  );
  const readAlbumArtists = compiledByIds(db, dialect, (ids) =>
    db
      .selectFrom('album_artists')
      .innerJoin('artists', 'artists.id', 'album_artists.artist_id')
      .select(['album_artists.album_id as owner', 'artists.id', 'artists.name', 'artists.image'])
      .where(inIds(dialect, 'album_artists.album_id', ids))
      .orderBy('album_artists.position'),
  );
  const artistRows = (ids: readonly number[], viewerId: number) =>
    db
      .selectFrom('artists')
      .select(['id', 'name', 'image', 'description', 'verified', 'links', 'plays', 'popularity'])
      .where(inIds(dialect, 'artists.id', ids))
      .where(artistVisible(viewerId));
  const readArtists = compiledByIdsAndNumbers(db, dialect, artistRows);
  const readArtistAlbumIds = compiledByNumbers(
    db,
    (artistId: number, viewerId: number, limit: number, offset: number) =>
      db
        .selectFrom('album_artists')
        .innerJoin('albums', 'albums.id', 'album_artists.album_id')
        .select('albums.id')
        .where('album_artists.artist_id', '=', artistId)
        .where(visible('albums', viewerId))
        .orderBy('albums.release_date', 'desc')
        .orderBy('albums.id', 'desc')
        .limit(limit)
        .offset(offset),
  );
  // The similar artists' two reads (see similarArtistIds), compiled once.
  const readSimilarSharingAll = compiledByNumbers(db, (artistId: number, limit: number) => {
    const mine = db
      .selectFrom('artist_genres as mine')
      .select('mine.genre_id')
      .where('mine.artist_id', '=', artistId);
    return db
      .selectFrom(
        db
          .selectFrom('artists')
          .select(['artists.id', 'artists.popularity'])
          .orderBy('artists.popularity', 'desc')
          .orderBy('artists.id', 'desc')
          .limit(SIMILAR_SCAN)
          .as('a'),
      )
      .select('a.id')
      .where('a.id', '<>', artistId)
      .where((eb) => eb.exists(mine))
      .where(
        (eb) =>
          eb
            .selectFrom('artist_genres as theirs')
            .select(eb.fn.countAll().as('shared'))
            .whereRef('theirs.artist_id', '=', 'a.id')
            .where('theirs.genre_id', 'in', mine),
        '=',
        (eb) =>
          eb
            .selectFrom('artist_genres as mine')
            .select(eb.fn.countAll().as('genres'))
            .where('mine.artist_id', '=', artistId),
      )
      .orderBy('a.popularity', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit);
  });
  const readSimilarByShared = compiledByNumbers(db, (artistId: number, limit: number) =>
    db
      .selectFrom('artist_genres as mine')
      .innerJoin('artist_genres as theirs', 'theirs.genre_id', 'mine.genre_id')
      .innerJoin('artists', 'artists.id', 'theirs.artist_id')
      .select(['artists.id', sql<number>`count(*)`.as('shared')])
      .where('mine.artist_id', '=', artistId)
      .where('theirs.artist_id', '<>', artistId)
      .groupBy(['artists.id', 'artists.popularity'])
      .orderBy('shared', 'desc')
      .orderBy('artists.popularity', 'desc')
      .orderBy('artists.id', 'desc')
      .limit(limit),
  );
  const readVisibleAlbumRow = compiledByNumbers(db, (id: number, viewerId: number) =>
    albumRows().where('albums.id', '=', id).where(visibleById('albums', viewerId)),
  );
  return {
    async albumsByIds(ids: readonly number[]): Promise<AlbumRow[]> {
      if (!ids.length) return [];
      return readAlbumsByIds(ids);
    },

    /** The album's row if this viewer may see it (the album page's one read of it). */
    async visibleAlbumRow(id: number, viewerId: number): Promise<AlbumRow | undefined> {
      return (await readVisibleAlbumRow(id, viewerId))[0];
    },

    async albumArtists(albumIds: readonly number[]): Promise<NamedRef[]> {
      if (!albumIds.length) return [];
      return readAlbumArtists(albumIds);
    },

    async albumIsVisible(id: number, viewerId: number): Promise<boolean> {
      const row = await db
        .selectFrom('albums')
        .select('albums.id')
        .where('albums.id', '=', id)
        .where(visibleById('albums', viewerId))
        .executeTakeFirst();
      return !!row;
    },

    async artistAlbumIds(
      artistId: number,
      viewerId: number,
      page: { limit: number; offset: number },
    ) {
      const rows = await readArtistAlbumIds(artistId, viewerId, page.limit, page.offset);
      return rows.map((r) => r.id);
    },

    async countArtistAlbums(artistId: number, viewerId: number): Promise<number> {
      const row = await db
        .selectFrom('album_artists')
        .innerJoin('albums', 'albums.id', 'album_artists.album_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('album_artists.artist_id', '=', artistId)
        .where(visible('albums', viewerId))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async albumIdsOrdered(
      order: 'popular' | 'newest',
      viewerId: number,
      page: { limit: number; offset: number },
    ) {
      const query = db
        .selectFrom('albums')
        .select('albums.id')
        .where(visible('albums', viewerId))
        .limit(page.limit)
        .offset(page.offset);
      const rows = await (
        order === 'popular'
          ? query.orderBy('albums.popularity', 'desc').orderBy('albums.id')
          : query.orderBy('albums.release_date', 'desc').orderBy('albums.id', 'desc')
      ).execute();
      return rows.map((r) => r.id);
    },

    albumsByGenre: (genreId: number, viewerId: number, page: Page) =>
      linked.albumIds(ALBUMS_BY.genre, genreId, viewerId, page),

    albumsByTag: (tagId: number, viewerId: number, page: Page) =>
      linked.albumIds(ALBUMS_BY.tag, tagId, viewerId, page),

    countAlbumsByTag: (tagId: number, viewerId: number) =>
      linked.countAlbums(ALBUMS_BY.tag, tagId, viewerId),

    /** Artists by id, leaving out those the viewer may not see (nobody by default). */
    async artistsByIds(ids: readonly number[], viewerId = 0): Promise<ArtistRow[]> {
      if (!ids.length) return [];
      return readArtists(ids, viewerId);
    },

    async popularArtistIds(page: { limit: number; offset: number }) {
      const rows = await db
        .selectFrom('artists')
        .select('id')
        .orderBy('popularity', 'desc')
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map((r) => r.id);
    },

    async artistsByGenre(genreId: number, page: { limit: number; offset: number }) {
      const rows = await db
        .selectFrom('artist_genres')
        .innerJoin('artists', 'artists.id', 'artist_genres.artist_id')
        .select('artists.id')
        .where('artist_genres.genre_id', '=', genreId)
        .orderBy('artists.popularity', 'desc')
        .orderBy('artists.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Artists sharing the most genres with this one, then the most popular (the newest id
     * first among equals, the order SQLite gave before it was written down).
     */
    async similarArtistIds(artistId: number, limit: number): Promise<number[]> {
      // Most often enough of the most popular artists share every genre of this one: walking
      // the popularity index until `limit` of them are found reads a few hundred index rows,
      // where counting the shared genres of every artist in those genres read thousands
      // (~2 ms on a 100,000-track catalog). Only the first SIMILAR_SCAN are walked; if fewer
      // share every genre, the full count below decides.
      const sharingAll = await readSimilarSharingAll(artistId, limit);
      if (sharingAll.length === limit) return sharingAll.map((r) => r.id);
      const rows = await readSimilarByShared(artistId, limit);
      return rows.map((r) => r.id);
    },
  };
}
