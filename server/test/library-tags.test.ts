import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LibraryFolder, TrackDetails } from '@backbeat/common';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileTags } from '../src/modules/library-folders/file-tags.ts';
import { readQuickTags } from '../src/modules/library-folders/quick-tags.ts';
import { tagsOf } from '../src/modules/media/analyse.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser, type Browser } from './helpers/client.ts';
import { libraryMp3, placeFile, solidJpeg } from './helpers/library-audio.ts';

/*
 * Issue 18, import speed: a scan reads MP3 and FLAC tags straight from the file's head, and
 * must read them as music-metadata (the uploads' reader) does; the decode (waveform,
 * loudness) follows the scan in the same job.
 */

let root: string;
let picture: Buffer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'backbeat-library-tags-'));
  picture = await solidJpeg([200, 100, 50]);
  await placeFile(
    root,
    'Band/Album/03.mp3',
    await libraryMp3(
      {
        title: 'Über Tag — ü',
        artist: 'Band B',
        album_artist: 'Band B',
        album: 'Double',
        disc: '2/2',
        track: '3/12',
        date: 2021,
        genre: 'Ambient',
      },
      { seed: 301, picture },
    ),
  );
  await placeFile(
    root,
    'Hits/01.flac',
    await libraryMp3(
      { title: 'Hit', artist: 'Singer X', album: 'Hits', compilation: true, track: 1 },
      { seed: 302, format: 'flac', picture },
    ),
  );
  // An ID3v1 genre number: left to music-metadata, which knows its name.
  await placeFile(
    root,
    'numbered.mp3',
    await libraryMp3({ title: 'Numbered', artist: 'Old Tagger', genre: '(17)' }, { seed: 303 }),
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

const found = async (relativePath: string) => {
  const absolutePath = join(root, relativePath);
  const info = await stat(absolutePath);
  return { relativePath, absolutePath, size: info.size, mtimeMs: Math.floor(info.mtimeMs) };
};

describe('reading a library file’s tags', () => {
  it.each(['Band/Album/03.mp3', 'Hits/01.flac'])(
    'reads %s as music-metadata does, with its cover and length',
    async (path) => {
      const file = await found(path);
      const quick = await readQuickTags(file.absolutePath, file.size);
      expect(quick).not.toBeNull();
      const reference = await parseFile(file.absolutePath, { duration: true });
      const read = await readFileTags(file);
      expect(read.tags).toEqual(tagsOf(reference.common));
      const cover = reference.common.picture?.[0]?.data;
      expect(cover?.length).toBeGreaterThan(0);
      expect(read.artwork?.equals(Buffer.from(cover!))).toBe(true);
      expect(Math.abs(read.durationMs - reference.format.duration! * 1000)).toBeLessThan(50);
    },
  );

  it('knows the tags it reads: title, album artist, disc, track, year and compilation', async () => {
    const mp3 = await readFileTags(await found('Band/Album/03.mp3'));
    expect(mp3.tags).toMatchObject({
      title: 'Über Tag — ü',
      artists: ['Band B'],
      album: 'Double',
      album_artist: 'Band B',
      disc_number: 2,
      track_number: 3,
      year: 2021,
      genres: ['Ambient'],
    });
    const flac = await readFileTags(await found('Hits/01.flac'));
    expect(flac.tags).toMatchObject({ title: 'Hit', compilation: true, track_number: 1 });
  });

  it('leaves what it does not read to music-metadata (a genre by number)', async () => {
    const file = await found('numbered.mp3');
    expect(await readQuickTags(file.absolutePath, file.size)).toBeNull();
    const read = await readFileTags(file);
    expect(read.tags.title).toBe('Numbered');
    expect(read.tags.genres).toEqual(['Rock']);
  });

  it('says a file without audio is not decodable', async () => {
    await placeFile(root, 'broken.mp3', Buffer.alloc(4096, 'not audio at all '));
    await expect(readFileTags(await found('broken.mp3'))).rejects.toThrow();
  });
});

describe('after a scan', () => {
  let t: TestApp;
  let admin: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await openBrowser(t.app);
    await admin.login(t.admin.email, t.admin.password);
  });
  afterAll(() => t.close());

  it('gives each track its waveform and loudness from the decode', async () => {
    const added = await admin.post('/api/v1/admin/library-folders', { path: root });
    expect(added.statusCode, added.body).toBe(201);
    await t.app.services.jobs.idle();
    const listed = await admin.get('/api/v1/admin/library-folders');
    const folder = (listed.json() as { folders: LibraryFolder[] }).folders[0]!;
    expect(folder.last_scan).toMatchObject({ added: 3, failed: 1 });
    const row = await t.database.db
      .selectFrom('library_files')
      .select('track_id')
      .where('relative_path', '=', 'Band/Album/03.mp3')
      .executeTakeFirstOrThrow();
    const response = await admin.get(`/api/v1/tracks/${row.track_id}`);
    const track = (response.json() as { track: TrackDetails }).track;
    expect(track.waveform.length).toBeGreaterThan(10);
    expect(Math.max(...track.waveform)).toBeGreaterThan(0);
    expect(track.loudness?.integrated_lufs).toBeLessThan(0);
    expect(track.duration).toBeGreaterThan(1500);
  });

  it('leaves the decode to the server after npm run import, which does it at its next start', async () => {
    const other = await mkdtemp(join(tmpdir(), 'backbeat-library-later-'));
    try {
      await placeFile(
        other,
        'later.mp3',
        await libraryMp3({ title: 'Later', artist: 'Patient' }, { seed: 304 }),
      );
      const folders = t.app.services.libraryFolders;
      const folder = await folders.add({ path: other }, { scan: false });
      // What the import command does: the scan here and now, no decode.
      await folders.scanNow(folder.id, { analyse: false });
      const measured = async () =>
        t.database.db
          .selectFrom('library_files')
          .innerJoin('tracks', 'tracks.id', 'library_files.track_id')
          .select(['library_files.analysed_at', 'tracks.loudness_lufs'])
          .where('library_files.folder_id', '=', folder.id)
          .executeTakeFirstOrThrow();
      expect(await measured()).toEqual({ analysed_at: null, loudness_lufs: null });
      expect(await folders.resume()).toBe(1);
      await t.app.services.jobs.idle();
      const after = await measured();
      expect(after.analysed_at).not.toBeNull();
      expect(after.loudness_lufs).toBeLessThan(0);
      expect(await folders.resume()).toBe(0);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
