import { PostgresAdapter, sql, type Insertable, type Updateable } from 'kysely';
import { albumLoudnessLufs, replayGainFor, type GaplessInfo } from '@backbeat/common';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { createCatalogAccessWrites } from './access-repository.ts';
import { createCatalogBulkWrites } from './bulk-repository.ts';
import { createCatalogDocumentReads } from './documents-repository.ts';
import { createCatalogLinkWrites } from './links-repository.ts';
import { createListingQueries } from './listing-repository.ts';
import { createCatalogLookups } from './lookups-repository.ts';
import { createAlbumSortKeyWrites } from './sort-keys-repository.ts';

/** Rows per multi-row INSERT; keeps PostgreSQL under its 65,535 parameter limit. */
const CHUNK = 500;

type Table = keyof Database;

/**
 * The one place that writes the catalog's rows (issue 37): artists, albums, tracks, their links
 * and lyrics, for the editors, library folders, uploads, media, admin and the seeder alike.
 */
/** The tables whose statistics a large change refreshes. */
const CATALOG_TABLES = [
  'artists',
  'albums',
  'tracks',
  'artist_genres',
  'album_artists',
  'track_artists',
  'album_genres',
  'track_genres',
  'album_tags',
  'track_tags',
] as const;

export function createCatalogWriteRepository(db: Db) {
  const sortKeys = createAlbumSortKeyWrites(db);
  /**
   * Each album's gain from its measured tracks (albumLoudnessLufs), stored on every one of its
   * tracks, so album levelling keeps their differences. Run whenever an album's tracks change:
   * one added, removed, moved or measured again.
   */
  async function refreshAlbumGains(albumIds: readonly (number | null | undefined)[]) {
    const ids = [...new Set(albumIds)].filter((id): id is number => !!id);
    if (!ids.length) return;
    const rows = await db
      .selectFrom('tracks')
      .select(['album_id', 'loudness_lufs', 'duration'])
      .where('album_id', 'in', ids)
      .execute();
    for (const id of ids) {
      const measured = rows.flatMap((row) =>
        row.album_id === id && row.loudness_lufs != null
          ? [{ integrated_lufs: Number(row.loudness_lufs), duration_ms: Number(row.duration) }]
          : [],
      );
      const lufs = albumLoudnessLufs(measured);
      await db
        .updateTable('tracks')
        .set({ album_gain_db: lufs === null ? null : replayGainFor(lufs) })
        .where('album_id', '=', id)
        .execute();
    }
  }

  async function insertId<
    T extends 'artists' | 'albums' | 'tracks' | 'genres' | 'tags' | 'playlists',
  >(table: T, values: Insertable<Database[T]>): Promise<number> {
    const row = await db
      .insertInto(table as 'artists')
      .values(values as Insertable<Database['artists']>)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  return {
    insertArtist: (values: Insertable<Database['artists']>) => insertId('artists', values),
    insertAlbum: (values: Insertable<Database['albums']>) => insertId('albums', values),
    insertTrack: (values: Insertable<Database['tracks']>) => insertId('tracks', values),
    insertGenre: (values: Insertable<Database['genres']>) => insertId('genres', values),
    insertTag: (values: Insertable<Database['tags']>) => insertId('tags', values),
    insertPlaylist: (values: Insertable<Database['playlists']>) => insertId('playlists', values),

    /**
     * Refreshes PostgreSQL's planner statistics of the catalog tables after a large change (a
     * scan, an import): autovacuum analyses late, and a planner that still believes in a small
     * catalog picks sorts and scans that cost seconds at a million tracks (issue 42). The
     * vacuum also marks the new rows all-visible, so index-only scans (a genre's tracks off
     * its link index, linked-ids.ts) read no table rows: 32 ms a deep page before, 8 after. SQLite
     * keeps no statistics here (no `sqlite_stat1`): its queries are tuned to the plans it makes
     * without them, so `analyze` / `pragma optimize` would change plans nobody measured.
     */
    async refreshStatistics(): Promise<void> {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await sql`vacuum (analyze) ${sql.join(CATALOG_TABLES.map((table) => sql.table(table)))}`.execute(
        db,
      );
    },

    /** Inserts many rows of one table in chunks (link tables, plays, bulk catalogs). */
    async insertMany<T extends Table>(table: T, rows: Insertable<Database[T]>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await db
          .insertInto(table as 'track_tags')
          .values(rows.slice(i, i + CHUNK) as Insertable<Database['track_tags']>[])
          .execute();
      }
      if (table === 'album_artists') {
        const links = rows as Insertable<Database['album_artists']>[];
        await sortKeys.refreshArtistSort(links.map((row) => row.album_id));
      }
    },

    /** A track's lyrics (LRC ones `synced`); none removes them. */
    async setLyrics(trackId: number, text: string | null, synced: boolean, now = nowIso()) {
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

    /** The admin's lyrics editor: a new row (its own `is_synced`), answering its id. */
    async addLyricsRow(
      row: { track_id: number; text: string; is_synced: boolean },
      now = nowIso(),
    ) {
      const inserted = await db
        .insertInto('lyrics')
        .values({ ...row, is_synced: row.is_synced ? 1 : 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    },
    /** The admin's lyrics editor: the text and/or the synced flag of one row. */
    async changeLyricsRow(
      id: number,
      changes: { text?: string; is_synced?: boolean },
      now = nowIso(),
    ) {
      await db
        .updateTable('lyrics')
        .set({
          ...(changes.text !== undefined ? { text: changes.text } : {}),
          ...(changes.is_synced !== undefined ? { is_synced: changes.is_synced ? 1 : 0 } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
    async deleteLyricsRows(ids: readonly number[]) {
      if (!ids.length) return 0;
      const result = await db.deleteFrom('lyrics').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async lyricsOfTrack(trackId: number) {
      return db
        .selectFrom('lyrics')
        .select('id')
        .where('track_id', '=', trackId)
        .executeTakeFirst();
    },

    async updateTrack(id: number, changes: Updateable<Database['tracks']>) {
      await db.updateTable('tracks').set(changes).where('id', '=', id).execute();
    },
    async updateAlbum(id: number, changes: Updateable<Database['albums']>) {
      await db.updateTable('albums').set(changes).where('id', '=', id).execute();
    },
    async updateArtist(id: number, changes: Updateable<Database['artists']>) {
      await db.updateTable('artists').set(changes).where('id', '=', id).execute();
      // A new name moves every album of the artist in `alphabeticalByArtist`.
      if (changes.name !== undefined) {
        await sortKeys.refreshArtistSort(await sortKeys.albumsOfArtists([id]));
      }
    },
    /** An album's tracks numbered in this order (a track moved away meanwhile is left alone). */
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
    /** Deletes rows; what hangs on them by foreign key (links, lyrics, plays) goes with them. */
    async deleteRows(table: 'tracks' | 'albums' | 'artists', ids: readonly number[]) {
      if (!ids.length) return 0;
      // An artist's albums lose it (album_artists cascades): their first artist may change.
      const albums = table === 'artists' ? await sortKeys.albumsOfArtists(ids) : [];
      const result = await db
        .deleteFrom(table as 'tracks')
        .where('id', 'in', ids)
        .executeTakeFirst();
      await sortKeys.refreshArtistSort(albums);
      return Number(result.numDeletedRows);
    },

    /** A play counts toward the track, its album and its artists. */
    async addPlay(trackId: number): Promise<void> {
      await db
        .updateTable('tracks')
        .set((eb) => ({ plays: eb('plays', '+', 1), popularity: eb('popularity', '+', 1) }))
        .where('id', '=', trackId)
        .execute();
      await db
        .updateTable('albums')
        .set((eb) => ({ plays: eb('plays', '+', 1) }))
        .where('id', '=', (eb) =>
          eb.selectFrom('tracks').select('album_id').where('id', '=', trackId),
        )
        .execute();
      await db
        .updateTable('artists')
        .set((eb) => ({ plays: eb('plays', '+', 1) }))
        .where('id', 'in', (eb) =>
          eb.selectFrom('track_artists').select('artist_id').where('track_id', '=', trackId),
        )
        .execute();
    },

    async setWaveform(trackId: number, waveform: number[]): Promise<void> {
      await db
        .updateTable('tracks')
        .set({ waveform: JSON.stringify(waveform) })
        .where('id', '=', trackId)
        .execute();
    },

    /** The measured loudness of a track's audio (ReplayGain figures for the player). */
    async setLoudness(
      trackId: number,
      loudness: {
        integrated_lufs: number;
        true_peak_dbtp: number;
        track_gain_db: number;
        album_gain_db?: number | null;
      },
    ): Promise<void> {
      await db
        .updateTable('tracks')
        .set({
          loudness_lufs: loudness.integrated_lufs,
          true_peak_dbtp: loudness.true_peak_dbtp,
          track_gain_db: loudness.track_gain_db,
          album_gain_db: loudness.album_gain_db ?? null,
        })
        .where('id', '=', trackId)
        .execute();
      const album = await db
        .selectFrom('tracks')
        .select('album_id')
        .where('id', '=', trackId)
        .executeTakeFirst();
      if (album?.album_id) await refreshAlbumGains([album.album_id]);
    },

    refreshAlbumGains,

    /** Encoder delay and padding of a track's audio (gapless playback); null for none. */
    async setGapless(trackId: number, gapless: GaplessInfo | null): Promise<void> {
      await db
        .updateTable('tracks')
        .set({ gapless: gapless ? JSON.stringify(gapless) : null })
        .where('id', '=', trackId)
        .execute();
    },

    /** Marks an album recorded without gaps: sample-joined playback, no crossfade inside it. */
    async setAlbumGapless(albumId: number, gapless: boolean): Promise<void> {
      await db
        .updateTable('albums')
        .set({ gapless: gapless ? 1 : 0 })
        .where('id', '=', albumId)
        .execute();
    },

    async channelBySlug(slug: string) {
      return db.selectFrom('channels').select('id').where('slug', '=', slug).executeTakeFirst();
    },

    async insertChannel(values: Insertable<Database['channels']>): Promise<number> {
      const row = await db
        .insertInto('channels')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    now: nowIso,
    /** Recounts the albums' likes (the likes' writer calls it after each change of them). */
    refreshLikeCounts: sortKeys.refreshLikeCounts,
    ...createCatalogLinkWrites(db),
    ...createCatalogAccessWrites(db),
    ...createCatalogBulkWrites(db),
    ...createCatalogDocumentReads(db),
    ...createListingQueries(db),
    ...createCatalogLookups(db),
  };
}

export type CatalogWriteRepository = ReturnType<typeof createCatalogWriteRepository>;
