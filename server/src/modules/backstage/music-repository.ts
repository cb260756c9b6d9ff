import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { escapeLike, like } from '../../db/like.ts';
import {
  LINK_OWNER_COLUMN,
  type GenreLinkTable,
  type TagLinkTable,
} from '../../db/catalog-schema.ts';
import { opensFolder } from '../catalog/visibility.ts';

/** Backstage's catalog SQL: the editors' reads and writes of tracks, albums and artists. */
export function createBackstageMusicRepository(db: Db) {
  /** Ids the user edits: owned, or of an artist they are a member of (null: everything). */
  function editableTracks(userId: number | null) {
    let select = db.selectFrom('tracks').select('tracks.id');
    if (userId !== null) {
      select = select.where((eb) =>
        eb.or([
          eb('tracks.owner_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('track_artists')
              .innerJoin('artist_members', 'artist_members.artist_id', 'track_artists.artist_id')
              .select('track_artists.track_id')
              .whereRef('track_artists.track_id', '=', 'tracks.id')
              .where('artist_members.user_id', '=', userId),
          ),
        ]),
      );
    }
    return select;
  }
  function editableAlbums(userId: number | null) {
    let select = db.selectFrom('albums').select('albums.id');
    if (userId !== null) {
      select = select.where((eb) =>
        eb.or([
          eb('albums.owner_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('album_artists')
              .innerJoin('artist_members', 'artist_members.artist_id', 'album_artists.artist_id')
              .select('album_artists.album_id')
              .whereRef('album_artists.album_id', '=', 'albums.id')
              .where('artist_members.user_id', '=', userId),
          ),
        ]),
      );
    }
    return select;
  }

  async function page(
    select: ReturnType<typeof editableTracks> | ReturnType<typeof editableAlbums>,
    table: 'tracks' | 'albums',
    status: string | undefined,
    window: { limit: number; offset: number },
  ) {
    let query = select as ReturnType<typeof editableTracks>;
    if (status) query = query.where(`${table}.status` as 'tracks.status', '=', status);
    const [rows, total] = await Promise.all([
      query
        .orderBy(`${table}.created_at` as 'tracks.created_at', 'desc')
        .orderBy(`${table}.id` as 'tracks.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(total.count) };
  }

  return {
    editableTrackPage: (
      userId: number | null,
      status: string | undefined,
      window: { limit: number; offset: number },
    ) => page(editableTracks(userId), 'tracks', status, window),
    editableAlbumPage: (
      userId: number | null,
      status: string | undefined,
      window: { limit: number; offset: number },
    ) => page(editableAlbums(userId), 'albums', status, window),

    async trackRows(ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('tracks')
        .leftJoin('albums', 'albums.id', 'tracks.album_id')
        .leftJoin('lyrics', 'lyrics.track_id', 'tracks.id')
        .select([
          'tracks.id',
          'tracks.name',
          'tracks.number',
          'tracks.duration',
          'tracks.album_id',
          'albums.name as album_name',
          'albums.image as album_image',
          'tracks.image',
          'tracks.description',
          'tracks.owner_id',
          'tracks.is_public',
          'tracks.access_folder_id',
          'tracks.status',
          'tracks.visibility',
          'tracks.release_at',
          'tracks.downloadable',
          'tracks.file_entry_id',
          'tracks.audio_path',
          'tracks.audio_mime',
          'tracks.plays',
          'tracks.created_at',
          'lyrics.text as lyrics',
        ])
        .where('tracks.id', 'in', ids)
        .execute();
    },
    async albumRows(ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('albums')
        .select([
          'id',
          'name',
          'type',
          'release_date',
          'image',
          'description',
          'owner_id',
          'is_public',
          'status',
          'visibility',
          'release_at',
          'created_at',
          'gapless',
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
    async artistRows(ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('artists')
        .select(['id', 'name', 'image', 'description', 'verified', 'links'])
        .where('id', 'in', ids)
        .execute();
    },
    async genreNames(table: GenreLinkTable, ids: readonly number[]) {
      if (!ids.length) return [];
      const column = LINK_OWNER_COLUMN[table];
      return db
        .selectFrom(`${table} as link` as 'track_genres')
        .innerJoin('genres', 'genres.id', 'link.genre_id' as 'track_genres.genre_id')
        .select([`link.${column} as owner` as 'track_genres.track_id as owner', 'genres.name'])
        .where(`link.${column}` as 'track_genres.track_id', 'in', ids)
        .orderBy('genres.name')
        .execute();
    },
    async tagNames(table: TagLinkTable, ids: readonly number[]) {
      if (!ids.length) return [];
      const column = LINK_OWNER_COLUMN[table];
      return db
        .selectFrom(`${table} as link` as 'track_tags')
        .innerJoin('tags', 'tags.id', 'link.tag_id' as 'track_tags.tag_id')
        .select([`link.${column} as owner` as 'track_tags.track_id as owner', 'tags.name'])
        .where(`link.${column}` as 'track_tags.track_id', 'in', ids)
        .orderBy('tags.name')
        .execute();
    },
    async artistIdsOf(table: 'track_artists' | 'album_artists', id: number): Promise<number[]> {
      const column = table === 'track_artists' ? 'track_id' : 'album_id';
      const rows = await db
        .selectFrom(table as 'track_artists')
        .select('artist_id')
        .where(column as 'track_id', '=', id)
        .execute();
      return rows.map((r) => r.artist_id);
    },
    async searchArtists(query: string, limit: number) {
      let select = db.selectFrom('artists').select(['id', 'name', 'image']);
      if (query) {
        select = select.where(
          like(sql`lower(${sql.ref('name')})`, `%${escapeLike(query.toLowerCase())}%`),
        );
      }
      return select.orderBy('popularity', 'desc').orderBy('id').limit(limit).execute();
    },

    /** Whether the user may see music restricted to this folder (catalog/visibility.ts). */
    async opensFolder(folderId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('library_folders')
        .select('library_folders.id')
        .where('library_folders.id', '=', folderId)
        .where(opensFolder(sql.ref('library_folders.id'), userId))
        .executeTakeFirst();
      return !!row;
    },
  };
}

export type BackstageMusicRepository = ReturnType<typeof createBackstageMusicRepository>;
