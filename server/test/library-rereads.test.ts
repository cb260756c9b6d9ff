import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LibraryFolder, Lyric } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAGS_VERSION } from '../src/modules/library-folders/rereads.ts';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import type { Browser } from './helpers/client.ts';
import { libraryMp3, placeFile } from './helpers/library-audio.ts';
import { subsonicClientFrom } from './helpers/subsonic-client.ts';

/*
 * Issue 38, what a scan reads again though the audio file did not change: tracks of files read
 * before the scan learned the disc, size, bit rate, bit depth and MusicBrainz id (migration
 * 0030) get them at the next scan, once; and a side-car `.lrc` added, edited or removed on its
 * own changes the track's lyrics. Real FLAC files made by Debian's ffmpeg, the real scan.
 */

let t: TestApp;
let root: string;
let listener: Browser;
let admin: Browser;
let apiKey: string;
let folderId: number;

const TAG_LYRICS = 'Words from the tag';
const MBID = '0b7bd3b2-2d4e-4a4c-9d3a-6f1b0c4e5a11';

beforeAll(async () => {
  t = await createTestApp();
  root = await mkdtemp(join(tmpdir(), 'backbeat-rereads-'));
  let seed = 4200;
  for (const track of [1, 2]) {
    await placeFile(
      root,
      `Rr Band/Rr Sides/CD2/0${track}.flac`,
      await libraryMp3(
        {
          title: `Rr Side Two ${track}`,
          artist: 'Rr Band',
          album_artist: 'Rr Band',
          album: 'Rr Sides',
          track,
          disc: 2,
          DISCSUBTITLE: 'Live',
          MUSICBRAINZ_TRACKID: MBID,
        },
        { seed: seed++, seconds: 1, format: 'flac' },
      ),
    );
  }
  await placeFile(
    root,
    'Rr Singer/Rr Words/01.flac',
    await libraryMp3(
      { title: 'Rr Sung', artist: 'Rr Singer', album: 'Rr Words', track: 1, lyrics: TAG_LYRICS },
      { seed, seconds: 1, format: 'flac' },
    ),
  );
  const folders = t.app.services.libraryFolders;
  folderId = (await folders.add({ path: root }, { scan: false })).id;
  await scan();
  const user = await signedInUser(t.app, { name: 'Rr Listener' });
  listener = user.browser;
  admin = (await signedInUser(t.app, { name: 'Rr Admin', roleNames: ['admin'] })).browser;
  apiKey = (await t.app.services.accessTokens.create(user.id, 'tests')).plainTextToken;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

/** A scan of the folder with its analysis, as the admin's "Scan" runs it. */
async function scan(): Promise<LibraryFolder['last_scan']> {
  const { folder } = await t.app.services.libraryFolders.scanNow(folderId);
  await t.app.services.jobs.idle();
  return folder.last_scan;
}

function libraryTracks() {
  return t.database.db
    .selectFrom('library_files')
    .innerJoin('tracks', 'tracks.id', 'library_files.track_id')
    .select([
      'library_files.relative_path',
      'library_files.analysed_at',
      'tracks.id',
      'tracks.disc_number',
      'tracks.disc_title',
      'tracks.file_size',
      'tracks.bitrate',
      'tracks.bit_depth',
      'tracks.musicbrainz_id',
      'tracks.duration',
      'tracks.loudness_lufs',
      'tracks.updated_at',
    ])
    .where('library_files.folder_id', '=', folderId)
    .orderBy('library_files.relative_path')
    .execute();
}

/** The admin's track editor saves a new title (and genres) for a library track. */
async function adminRenames(trackId: number, name: string) {
  const saved = await admin.put(`/api/v1/backstage/tracks/${trackId}`, {
    name,
    genres: ['hand picked'],
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
const shown = async (trackId: number) => {
  const response = await listener.get(`/api/v1/tracks/${trackId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { track: { name: string; genres?: { name: string }[] } }).track;
};

const trackIdOf = async (relativePath: string) =>
  (await libraryTracks()).find((row) => row.relative_path === relativePath)!.id;

describe('reading unchanged library files again', () => {
  it('gives tracks read before the disc and file fields them at the next scan, once', async () => {
    const read = await libraryTracks();
    const discTracks = read.filter((row) => row.relative_path.includes('/CD2/'));
    expect(discTracks).toHaveLength(2);
    // As a scan before migration 0030 left them: no disc nor file facts, rows of version 0.
    await t.database.db
      .updateTable('tracks')
      .set({
        disc_number: null,
        disc_title: null,
        file_size: null,
        bitrate: null,
        bit_depth: null,
        musicbrainz_id: null,
      })
      .where(
        'id',
        'in',
        read.map((row) => row.id),
      )
      .execute();
    await t.database.db
      .updateTable('library_files')
      .set({ tags_version: 0 })
      .where('folder_id', '=', folderId)
      .execute();
    // An admin renamed a track since: the upgrade's re-read keeps the title and genres.
    await adminRenames(discTracks[0]!.id, 'Rr Renamed By Admin');

    expect(await scan()).toMatchObject({ total: 3, added: 0, updated: 3, failed: 0 });
    const after = await libraryTracks();
    const facts = (row: (typeof read)[number]) => ({
      disc_number: row.disc_number,
      disc_title: row.disc_title,
      file_size: Number(row.file_size),
      bitrate: row.bitrate,
      bit_depth: row.bit_depth,
      musicbrainz_id: row.musicbrainz_id,
    });
    // What a first scan of these files reads, back again.
    expect(after.map(facts)).toEqual(read.map(facts));
    for (const row of after.filter((r) => r.relative_path.includes('/CD2/'))) {
      expect(row, row.relative_path).toMatchObject({
        disc_number: 2,
        disc_title: 'Live',
        musicbrainz_id: MBID,
      });
      expect(Number(row.file_size)).toBeGreaterThan(1000);
      expect(row.bitrate).toBeGreaterThan(0);
      expect(row.bit_depth).toBeGreaterThan(0);
    }
    // The audio did not change: what the analysis measured stays, nothing is measured again.
    for (const [index, row] of after.entries()) {
      expect(row.id).toBe(read[index]!.id);
      expect(row.analysed_at).toBe(read[index]!.analysed_at);
      expect(row.loudness_lufs).toBe(read[index]!.loudness_lufs);
      expect(row.duration).toBe(read[index]!.duration);
    }
    // The album page shows the disc again.
    const album = await listener.get(`/api/v1/tracks/${discTracks[0]!.id}`);
    expect(album.statusCode).toBe(200);
    expect(album.json()).toMatchObject({
      track: { disc_number: 2, name: 'Rr Renamed By Admin' },
    });
    expect((await shown(discTracks[0]!.id)).genres?.map((genre) => genre.name)).toEqual([
      'hand picked',
    ]);
    expect((await shown(discTracks[1]!.id)).name).toBe('Rr Side Two 2');

    // The next scan reads nothing again.
    expect(await scan()).toMatchObject({ total: 3, added: 0, updated: 0, failed: 0 });
    const rows = await t.database.db
      .selectFrom('library_files')
      .select('tags_version')
      .where('folder_id', '=', folderId)
      .execute();
    expect(rows.map((row) => row.tags_version)).toEqual([TAGS_VERSION, TAGS_VERSION, TAGS_VERSION]);
    expect((await libraryTracks()).map((row) => row.updated_at)).toEqual(
      after.map((row) => row.updated_at),
    );
  });

  it('follows a side-car .lrc added, edited and removed while the audio file stays the same', async () => {
    const id = await trackIdOf('Rr Singer/Rr Words/01.flac');
    const subsonic = subsonicClientFrom(t.app, '203.0.113.38', { apiKey });
    const lyrics = async () => {
      const web = await listener.get(`/api/v1/tracks/${id}/lyrics`);
      expect(web.statusCode, web.body).toBe(200);
      const { lyricsList } = (await subsonic.getLyricsBySongId({ id: String(id) })) as unknown as {
        lyricsList: {
          structuredLyrics?: { synced: boolean; line: { start?: number; value: string }[] }[];
        };
      };
      const [structured] = lyricsList.structuredLyrics ?? [];
      return {
        web: (web.json() as { lyric: Lyric }).lyric,
        subsonic: {
          synced: structured?.synced,
          lines: structured?.line.map((line) => [line.start ?? null, line.value]),
        },
      };
    };
    expect(await lyrics()).toMatchObject({
      web: { text: TAG_LYRICS, is_synced: false },
      subsonic: { synced: false, lines: [[null, TAG_LYRICS]] },
    });

    await adminRenames(id, 'Rr Sung Renamed');
    const lrc = join(root, 'Rr Singer/Rr Words/01.lrc');
    await writeFile(lrc, '[00:00.30]Beside the tag\n[00:00.90]Second beside');
    expect(await scan()).toMatchObject({ added: 0, updated: 1 });
    // Only the lyrics follow the .lrc: the admin's title and genres stay.
    expect(await shown(id)).toMatchObject({ name: 'Rr Sung Renamed' });
    expect((await shown(id)).genres?.map((genre) => genre.name)).toEqual(['hand picked']);
    expect(await lyrics()).toMatchObject({
      web: { is_synced: true },
      subsonic: {
        synced: true,
        lines: [
          [300, 'Beside the tag'],
          [900, 'Second beside'],
        ],
      },
    });

    // Edited: a different size, and a later time.
    await writeFile(lrc, '[00:00.50]Edited line');
    await utimes(lrc, new Date(), new Date(Date.now() + 5000));
    expect(await scan()).toMatchObject({ added: 0, updated: 1 });
    expect(await lyrics()).toMatchObject({
      web: { is_synced: true },
      subsonic: { synced: true, lines: [[500, 'Edited line']] },
    });
    expect(await scan()).toMatchObject({ added: 0, updated: 0 });

    // Removed: the tag's lyrics again.
    await rm(lrc);
    expect(await scan()).toMatchObject({ added: 0, updated: 1 });
    expect(await lyrics()).toMatchObject({
      web: { text: TAG_LYRICS, is_synced: false },
      subsonic: { synced: false, lines: [[null, TAG_LYRICS]] },
    });
    expect(await trackIdOf('Rr Singer/Rr Words/01.flac')).toBe(id);
  });
});
