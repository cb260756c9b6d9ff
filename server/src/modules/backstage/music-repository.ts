import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { escapeLike, like } from '../../db/like.ts';
import type { Database } from '../../db/schema.ts';
import {
  LINK_OWNER_COLUMN,
  type GenreLinkTable,
  type TagLinkTable,
} from '../../db/catalog-schema.ts';
import { createLibraryAccessQueries } from './access-repository.ts';
import { createLibraryBulkQueries } from './library-bulk-repository.ts';

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
    async artistsOf(table: 'track_artists' | 'album_artists', ids: readonly number[]) {
      if (!ids.length) return [];
      const column = table === 'track_artists' ? 'track_id' : 'album_id';
      return db
        .selectFrom(`${table} as link` as 'track_artists')
        .innerJoin('artists', 'artists.id', 'link.artist_id' as 'track_artists.artist_id')
        .select([
          `link.${column} as owner` as 'track_artists.track_id as owner',
          'artists.id',
          'artists.name',
          'artists.image',
        ])
        .where(`link.${column}` as 'track_artists.track_id', 'in', ids)
        .orderBy('link.position' as 'track_artists.position')
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
    async albumTrackIds(albumId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('tracks')
        .select('id')
        .where('album_id', '=', albumId)
        .orderBy('number')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
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
        .select('albums.id')
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
    async searchArtists(query: string, limit: number) {
      let select = db.selectFrom('artists').select(['id', 'name', 'image']);
      if (query) {
        select = select.where(
          like(sql`lower(${sql.ref('name')})`, `%${escapeLike(query.toLowerCase())}%`),
        );
      }
      return select.orderBy('popularity', 'desc').orderBy('id').limit(limit).execute();
    },

    async insertArtist(values: Insertable<Database['artists']>) {
      const row = await db
        .insertInto('artists')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async insertTrack(values: Insertable<Database['tracks']>) {
      const row = await db
        .insertInto('tracks')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async insertAlbum(values: Insertable<Database['albums']>) {
      const row = await db
        .insertInto('albums')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async updateTrack(id: number, changes: Updateable<Database['tracks']>) {
      await db.updateTable('tracks').set(changes).where('id', '=', id).execute();
    },
    async updateAlbum(id: number, changes: Updateable<Database['albums']>) {
      await db.updateTable('albums').set(changes).where('id', '=', id).execute();
    },
    async updateArtist(id: number, changes: Updateable<Database['artists']>) {
      await db.updateTable('artists').set(changes).where('id', '=', id).execute();
    },
    async setArtists(table: 'track_artists' | 'album_artists', id: number, artistIds: number[]) {
      const column = table === 'track_artists' ? 'track_id' : 'album_id';
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom(table as 'track_artists')
          .where(column as 'track_id', '=', id)
          .execute();
        if (!artistIds.length) return;
        await trx
          .insertInto(table as 'track_artists')
          .values(
            artistIds.map((artist_id, position) => ({ [column]: id, artist_id, position })) as {
              track_id: number;
              artist_id: number;
              position: number;
            }[],
          )
          .execute();
      });
    },
    /** Links genres by name, creating the ones that do not exist yet. */
    async setGenres(table: GenreLinkTable, id: number, names: string[], now: string) {
      const column = LINK_OWNER_COLUMN[table];
      await db.transaction().execute(async (trx) => {
        const genreIds: number[] = [];
        for (const name of names) {
          const found = await trx
            .selectFrom('genres')
            .select('id')
            .where('name', '=', name)
            .executeTakeFirst();
          genreIds.push(
            found?.id ??
              (
                await trx
                  .insertInto('genres')
                  .values({ name, display_name: name, image: null, popularity: 0, created_at: now })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id,
          );
        }
        await trx
          .deleteFrom(table as 'track_genres')
          .where(column as 'track_id', '=', id)
          .execute();
        if (genreIds.length) {
          await trx
            .insertInto(table as 'track_genres')
            .values(
              genreIds.map(
                (genre_id) =>
                  ({ [column]: id, genre_id }) as { track_id: number; genre_id: number },
              ),
            )
            .execute();
        }
      });
    },
    async setTags(table: TagLinkTable, id: number, names: string[], now: string) {
      const column = LINK_OWNER_COLUMN[table];
      await db.transaction().execute(async (trx) => {
        const tagIds: number[] = [];
        for (const name of names) {
          const found = await trx
            .selectFrom('tags')
            .select('id')
            .where('name', '=', name)
            .executeTakeFirst();
          tagIds.push(
            found?.id ??
              (
                await trx
                  .insertInto('tags')
                  .values({ name, display_name: name, created_at: now })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id,
          );
        }
        await trx
          .deleteFrom(table as 'track_tags')
          .where(column as 'track_id', '=', id)
          .execute();
        if (tagIds.length) {
          await trx
            .insertInto(table as 'track_tags')
            .values(
              tagIds.map(
                (tag_id) => ({ [column]: id, tag_id }) as { track_id: number; tag_id: number },
              ),
            )
            .execute();
        }
      });
    },
    async setLyrics(trackId: number, text: string | null, synced: boolean, now: string) {
      if (!text) {
        await db.deleteFrom('lyrics').where('track_id', '=', trackId).execute();
        return;
      }
      await db
        .insertInto('lyrics')
        .values({
          track_id: trackId,
          text,
          is_synced: synced ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('track_id').doUpdateSet({ text, is_synced: synced ? 1 : 0, updated_at: now }),
        )
        .execute();
    },
    async setTrackNumbers(albumId: number, trackIds: number[]) {
      await db.transaction().execute(async (trx) => {
        for (const [index, id] of trackIds.entries()) {
          await trx
            .updateTable('tracks')
            .set({ number: index + 1 })
            .where('id', '=', id)
            .where('album_id', '=', albumId)
            .execute();
        }
      });
    },
    /** Tracks and albums whose scheduled release has come and whose followers were not told. */
    async dueReleases(now: string) {
      const [tracks, albums] = await Promise.all([
        db
          .selectFrom('tracks')
          .select('id')
          .where('released_notified', '=', 0)
          .where('release_at', '<=', now)
          .execute(),
        db
          .selectFrom('albums')
          .select('id')
          .where('released_notified', '=', 0)
          .where('release_at', '<=', now)
          .execute(),
      ]);
      return { trackIds: tracks.map((r) => r.id), albumIds: albums.map((r) => r.id) };
    },
    /**
     * Lists an item that was not listed; true for the one caller that made the change, so a
     * release is announced once even when several instances run the scheduled job.
     */
    async claimListing(table: 'tracks' | 'albums', id: number): Promise<boolean> {
      const result = await db
        .updateTable(table as 'tracks')
        .set({ is_public: 1 })
        .where('id', '=', id)
        .where('is_public', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Takes a due release for this caller alone (the job may run on several instances). */
    async claimDue(table: 'tracks' | 'albums', id: number): Promise<boolean> {
      const result = await db
        .updateTable(table as 'tracks')
        .set({ released_notified: 1 })
        .where('id', '=', id)
        .where('released_notified', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteTracks(ids: readonly number[]) {
      if (ids.length) await db.deleteFrom('tracks').where('id', 'in', ids).execute();
    },
    async deleteAlbum(id: number) {
      await db.deleteFrom('albums').where('id', '=', id).execute();
    },
    ...createLibraryAccessQueries(db),
    ...createLibraryBulkQueries(db),
  };
}

export type BackstageMusicRepository = ReturnType<typeof createBackstageMusicRepository>;
