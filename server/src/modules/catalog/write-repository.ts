import type { Insertable } from 'kysely';
import { albumLoudnessLufs, replayGainFor, type GaplessInfo } from '@backbeat/common';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** Rows per multi-row INSERT; keeps PostgreSQL under its 65,535 parameter limit. */
const CHUNK = 500;

type Table = keyof Database;

/** Catalog writes: single records for factories and editors, bulk for the seeders. */
export function createCatalogWriteRepository(db: Db) {
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

    /** Inserts many rows of one table in chunks (link tables, plays, bulk catalogs). */
    async insertMany<T extends Table>(table: T, rows: Insertable<Database[T]>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await db
          .insertInto(table as 'track_tags')
          .values(rows.slice(i, i + CHUNK) as Insertable<Database['track_tags']>[])
          .execute();
      }
    },

    /** Inserts rows and returns their new ids in order (bulk seeding). */
    async insertManyReturningIds<T extends 'artists' | 'albums' | 'tracks'>(
      table: T,
      rows: Insertable<Database[T]>[],
    ): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += CHUNK) {
        const inserted = await db
          .insertInto(table as 'artists')
          .values(rows.slice(i, i + CHUNK) as Insertable<Database['artists']>[])
          .returning('id')
          .execute();
        ids.push(...inserted.map((r) => r.id));
      }
      return ids;
    },

    async setLyrics(trackId: number, text: string, synced: boolean): Promise<void> {
      const now = nowIso();
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

    /** All of a kind, in id order, a page at a time (search reindexing). */
    async trackDocuments(afterId: number, limit: number) {
      return db
        .selectFrom('tracks')
        .leftJoin('albums', 'albums.id', 'tracks.album_id')
        .select(['tracks.id', 'tracks.name', 'tracks.popularity', 'albums.name as album_name'])
        .where('tracks.id', '>', afterId)
        .orderBy('tracks.id')
        .limit(limit)
        .execute();
    },
    async albumDocuments(afterId: number, limit: number) {
      return db
        .selectFrom('albums')
        .select(['id', 'name', 'popularity'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async artistDocuments(afterId: number, limit: number) {
      return db
        .selectFrom('artists')
        .select(['id', 'name', 'popularity'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async tagDocuments(afterId: number, limit: number) {
      return db
        .selectFrom('tags')
        .select(['id', 'name', 'display_name'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async playlistDocuments(afterId: number, limit: number) {
      return db
        .selectFrom('playlists')
        .select(['id', 'name', 'is_public'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async artistNamesOfTracks(trackIds: number[]) {
      if (!trackIds.length) return [];
      return db
        .selectFrom('track_artists')
        .innerJoin('artists', 'artists.id', 'track_artists.artist_id')
        .select(['track_artists.track_id as owner', 'artists.name'])
        .where('track_artists.track_id', 'in', trackIds)
        .execute();
    },
    async artistNamesOfAlbums(albumIds: number[]) {
      if (!albumIds.length) return [];
      return db
        .selectFrom('album_artists')
        .innerJoin('artists', 'artists.id', 'album_artists.artist_id')
        .select(['album_artists.album_id as owner', 'artists.name'])
        .where('album_artists.album_id', 'in', albumIds)
        .execute();
    },
    now: nowIso,
  };
}

export type CatalogWriteRepository = ReturnType<typeof createCatalogWriteRepository>;
