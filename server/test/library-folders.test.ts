import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AlbumDetails,
  LibraryFolder,
  PlaylistDetails,
  SearchResults,
  TrackDetails,
} from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, musicFoldersOf } from '../src/config.ts';
import { NOT_DECODABLE } from '../src/lib/audio/ffmpeg.ts';
import { holderIsGone } from '../src/modules/library-folders/lease.ts';
import { resolveInside } from '../src/storage/library-files.ts';
import { watchLibraryFolders } from '../src/modules/library-folders/watch.ts';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser, type Browser } from './helpers/client.ts';
import { libraryMp3, placeFile, solidJpeg } from './helpers/library-audio.ts';

/*
 * Issue 18, library folders: a folder of the server joins the catalog where it is. Real
 * tagged MP3 and FLAC files (Debian's ffmpeg) in temp folders, scanned by the real job queue,
 * checked through the admin API, the catalog, search and the stream.
 */

let t: TestApp;
let admin: Browser;
const made: string[] = [];
const API = '/api/v1/admin/library-folders';

beforeAll(async () => {
  t = await createTestApp();
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
});
afterAll(async () => {
  await t.close();
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(prefix = 'library') {
  const dir = await mkdtemp(join(tmpdir(), `backbeat-${prefix}-`));
  made.push(dir);
  return dir;
}

async function addFolder(path: string): Promise<LibraryFolder> {
  const response = await admin.post(API, { path });
  expect(response.statusCode, response.body).toBe(201);
  await t.app.services.jobs.idle();
  return folderById((response.json() as { folder: LibraryFolder }).folder.id);
}

async function folderById(id: number): Promise<LibraryFolder> {
  const response = await admin.get(API);
  expect(response.statusCode).toBe(200);
  const found = (response.json() as { folders: LibraryFolder[] }).folders.find((f) => f.id === id);
  if (!found) throw new Error(`folder ${id} is not listed`);
  return found;
}

async function rescan(id: number): Promise<LibraryFolder> {
  const response = await admin.post(`${API}/${id}/scan`);
  expect(response.statusCode, response.body).toBe(200);
  await t.app.services.jobs.idle();
  return folderById(id);
}

async function trackIdAt(folderId: number, relativePath: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('library_files')
    .select('track_id')
    .where('folder_id', '=', folderId)
    .where('relative_path', '=', relativePath)
    .executeTakeFirst();
  if (!row?.track_id) throw new Error(`no track for ${relativePath}`);
  return row.track_id;
}

async function track(browser: Browser, id: number) {
  const response = await browser.get(`/api/v1/tracks/${id}`);
  return { status: response.statusCode, track: (response.json() as { track: TrackDetails }).track };
}

async function album(browser: Browser, id: number) {
  const response = await browser.get(`/api/v1/albums/${id}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { album: AlbumDetails }).album;
}

/** Every file below `root` with its bytes' hash and mtime: proof nothing was written. */
async function snapshot(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path);
    const hash = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
    result[path.slice(root.length)] = `${hash}:${info.mtimeMs}`;
  }
  return result;
}

describe('a first scan', () => {
  let root: string;
  let folder: LibraryFolder;
  let before: Record<string, string>;
  let guest: Browser;

  beforeAll(async () => {
    root = await tempDir();
    guest = await openBrowser(t.app);
    await placeFile(root, 'Artist A/Album One/cover.jpg', await solidJpeg([30, 144, 255]));
    const files: [string, Parameters<typeof libraryMp3>[0], Parameters<typeof libraryMp3>[1]][] = [
      [
        'Artist A/Album One/01 First.mp3',
        {
          title: 'First Light',
          artist: 'Artist A',
          album: 'Album One',
          track: 1,
          date: 2021,
          genre: 'Ambient',
        },
        { seed: 101 },
      ],
      [
        'Artist A/Album One/02 Second.mp3',
        { title: 'Second Wind', artist: 'Artist A', album: 'Album One', track: 2, date: 2021 },
        { seed: 102 },
      ],
      // Disc two sorts first by path: the album's order must follow the disc numbers.
      [
        'Double/a/01.mp3',
        {
          title: 'Disc Two Opener',
          artist: 'Band B',
          album_artist: 'Band B',
          album: 'Double Feature',
          disc: '2/2',
          track: 1,
        },
        { seed: 103, picture: await solidJpeg([220, 20, 60]) },
      ],
      [
        'Double/b/01.mp3',
        {
          title: 'Disc One Opener',
          artist: 'Band B',
          album: 'Double Feature',
          disc: '1/2',
          track: 1,
        },
        { seed: 104 },
      ],
      [
        'Double/b/02.mp3',
        {
          title: 'Disc One Closer',
          artist: 'Band B',
          album: 'Double Feature',
          disc: '1/2',
          track: 2,
        },
        { seed: 105 },
      ],
      [
        'Hits/01.flac',
        { title: 'Hit One', artist: 'Singer X', album: 'Summer Hits', compilation: true, track: 1 },
        { seed: 106, format: 'flac' },
      ],
      [
        'Hits/02.flac',
        { title: 'Hit Two', artist: 'Singer Y', album: 'Summer Hits', compilation: true, track: 2 },
        { seed: 107, format: 'flac' },
      ],
      ['loose.mp3', { title: 'Loose Song', artist: 'Solo C' }, { seed: 108 }],
      ['.hidden/secret.mp3', { title: 'Hidden', artist: 'Nobody' }, { seed: 109 }],
    ];
    for (const [path, tags, options] of files) {
      await placeFile(root, path, await libraryMp3(tags, options));
    }
    await placeFile(root, 'broken.mp3', Buffer.alloc(4096, 'not audio at all '));
    await placeFile(root, 'notes.txt', 'liner notes');
    before = await snapshot(root);
    folder = await addFolder(root);
    // Making nine real files takes most of it; on a shared, busy machine over 30 s.
  }, 90_000);

  it('reports what it saw, added and could not add, with the reason', () => {
    expect(folder).toMatchObject({
      path: root,
      status: 'idle',
      error: null,
      tracks_count: 8,
      last_scan: { total: 9, seen: 9, added: 8, updated: 0, removed: 0, failed: 1 },
      failures: [{ path: 'broken.mp3', reason: NOT_DECODABLE }],
    });
    expect(folder.last_scan.finished_at).not.toBeNull();
  });

  it('makes an album with its artist, year, genre, order and cover.jpg artwork', async () => {
    const first = await track(guest, await trackIdAt(folder.id, 'Artist A/Album One/01 First.mp3'));
    expect(first.status).toBe(200);
    expect(first.track).toMatchObject({
      name: 'First Light',
      artists: [{ name: 'Artist A' }],
      album: { name: 'Album One' },
      is_public: true,
    });
    expect(first.track.duration).toBeGreaterThan(1500);
    expect(first.track.image).toMatch(/^\/storage\/public\/library-artwork\/[0-9a-f]{64}\.webp$/);
    const image = await guest.get(first.track.image!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const one = await album(guest, first.track.album!.id);
    expect(one).toMatchObject({
      type: 'album',
      release_date: '2021-01-01',
      artists: [{ name: 'Artist A' }],
      image: first.track.image,
    });
    expect(one.tracks.map((x) => x.name)).toEqual(['First Light', 'Second Wind']);
    expect(one.genres.map((g) => g.name)).toContain('ambient');
  });

  it('keeps a two-disc album as one, in disc order, with embedded artwork', async () => {
    const opener = await track(guest, await trackIdAt(folder.id, 'Double/a/01.mp3'));
    const double = await album(guest, opener.track.album!.id);
    expect(double.artists.map((a) => a.name)).toEqual(['Band B']);
    expect(double.tracks.map((x) => x.name)).toEqual([
      'Disc One Opener',
      'Disc One Closer',
      'Disc Two Opener',
    ]);
    expect(opener.track.image).toMatch(/^\/storage\/public\/library-artwork\//);
    const cover = await track(guest, await trackIdAt(folder.id, 'Artist A/Album One/01 First.mp3'));
    expect(opener.track.image).not.toBe(cover.track.image);
  });

  it('makes a compilation under Various Artists with each track’s own artist', async () => {
    const hit = await track(guest, await trackIdAt(folder.id, 'Hits/01.flac'));
    const hits = await album(guest, hit.track.album!.id);
    expect(hits).toMatchObject({ name: 'Summer Hits', type: 'compilation' });
    expect(hits.artists.map((a) => a.name)).toEqual(['Various Artists']);
    expect(hits.tracks.map((x) => [x.name, x.artists.map((a) => a.name)])).toEqual([
      ['Hit One', ['Singer X']],
      ['Hit Two', ['Singer Y']],
    ]);
  });

  it('adds a loose track without an album, found by search', async () => {
    const loose = await track(guest, await trackIdAt(folder.id, 'loose.mp3'));
    expect(loose.track).toMatchObject({
      name: 'Loose Song',
      album: null,
      artists: [{ name: 'Solo C' }],
    });
    const search = await guest.get('/api/v1/search?query=Loose%20Song');
    const results = (search.json() as { results: SearchResults }).results;
    expect(results.tracks.map((x) => x.id)).toContain(loose.track.id);
    const artists = await guest.get('/api/v1/search?query=Singer%20Y');
    expect(
      (artists.json() as { results: SearchResults }).results.artists.map((a) => a.name),
    ).toContain('Singer Y');
  });

  it('streams a library file in place, with Range, and never writes to the folder', async () => {
    const id = await trackIdAt(folder.id, 'loose.mp3');
    const bytes = await readFile(join(root, 'loose.mp3'));
    const partial = await guest.get(`/api/v1/tracks/${id}/stream`, { range: 'bytes=100-1099' });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(partial.headers['content-type']).toBe('audio/mpeg');
    expect(partial.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
    const whole = await guest.get(`/api/v1/tracks/${id}/stream`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const flac = await guest.get(
      `/api/v1/tracks/${await trackIdAt(folder.id, 'Hits/02.flac')}/stream`,
    );
    expect(flac.headers['content-type']).toBe('audio/flac');
    expect(await snapshot(root)).toEqual(before);
  });

  it('works in a Subsonic app: the album with its songs and cover, and the stream', async () => {
    const listener = await signedInUser(t.app);
    const created = await listener.browser.post('/api/v1/account/app-passwords', { name: 'DSub' });
    expect(created.statusCode).toBe(201);
    const password = (created.json() as { password: string }).password;
    const salt = 'c0ffee';
    const token = createHash('md5')
      .update(password + salt)
      .digest('hex');
    const auth = `u=${encodeURIComponent(listener.email)}&t=${token}&s=${salt}&v=1.16.1&c=test&f=json`;
    const id = await trackIdAt(folder.id, 'Double/b/01.mp3');
    const albumId = (await track(guest, id)).track.album!.id;
    const answer = await guest.get(`/rest/getAlbum.view?id=al-${albumId}&${auth}`);
    const body = answer.json() as {
      'subsonic-response': {
        status: string;
        album: { name: string; song: { id: string; coverArt?: string }[] };
      };
    };
    expect(body['subsonic-response'].status).toBe('ok');
    expect(body['subsonic-response'].album.name).toBe('Double Feature');
    expect(body['subsonic-response'].album.song.map((song) => song.id)).toContain(`tr-${id}`);
    const cover = await guest.get(`/rest/getCoverArt.view?id=al-${albumId}&${auth}`);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    const bytes = await readFile(join(root, 'Double/b/01.mp3'));
    const ranged = await guest.get(`/rest/stream.view?id=tr-${id}&${auth}`, {
      range: 'bytes=0-99',
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
  });

  it('rescans without reading a file whose size and mtime did not change', async () => {
    const path = join(root, 'loose.mp3');
    const original = await readFile(path);
    const info = await stat(path);
    // Same size and mtime, different bytes: only a scan that reads the file would notice.
    await writeFile(path, Buffer.alloc(original.length, 7));
    await utimes(path, info.atime, info.mtime);
    try {
      const again = await rescan(folder.id);
      expect(again.last_scan).toMatchObject({
        total: 9,
        seen: 9,
        added: 0,
        updated: 0,
        removed: 0,
        failed: 1,
      });
      const loose = await track(guest, await trackIdAt(folder.id, 'loose.mp3'));
      expect(loose.track.name).toBe('Loose Song');
    } finally {
      await writeFile(path, original);
      await utimes(path, info.atime, info.mtime);
    }
  });

  it('updates a changed file’s track in place', async () => {
    const relative = 'Artist A/Album One/02 Second.mp3';
    const id = await trackIdAt(folder.id, relative);
    await placeFile(
      root,
      relative,
      await libraryMp3(
        { title: 'Second Wind (Remastered)', artist: 'Artist A', album: 'Album One', track: 2 },
        { seed: 110 },
      ),
    );
    const again = await rescan(folder.id);
    expect(again.last_scan).toMatchObject({ added: 0, updated: 1, removed: 0, failed: 1 });
    expect(await trackIdAt(folder.id, relative)).toBe(id);
    const changed = await track(guest, id);
    expect(changed.track.name).toBe('Second Wind (Remastered)');
    expect(changed.track.number).toBe(2);
  });
});

describe('moved and removed files', () => {
  let root: string;
  let folder: LibraryFolder;
  let listener: Awaited<ReturnType<typeof signedInUser>>;
  let playlistId: number;
  let first: number;
  let second: number;

  beforeAll(async () => {
    root = await tempDir();
    for (const [index, title] of ['Departure', 'Arrival'].entries()) {
      await placeFile(
        root,
        `Travel/0${index + 1}.mp3`,
        await libraryMp3(
          { title, artist: 'Wanderer', album: 'Travel', track: index + 1 },
          { seed: 201 + index },
        ),
      );
    }
    folder = await addFolder(root);
    first = await trackIdAt(folder.id, 'Travel/01.mp3');
    second = await trackIdAt(folder.id, 'Travel/02.mp3');
    listener = await signedInUser(t.app);
    expect((await listener.browser.put(`/api/v1/library/likes/tracks/${first}`)).statusCode).toBe(
      200,
    );
    const created = await listener.browser.post('/api/v1/playlists', { name: 'Road trip' });
    expect(created.statusCode, created.body).toBe(201);
    playlistId = (created.json() as { playlist: { id: number } }).playlist.id;
    const added = await listener.browser.post(`/api/v1/playlists/${playlistId}/tracks`, {
      ids: [first, second],
    });
    expect(added.statusCode, added.body).toBe(200);
    const play = await listener.browser.post(`/api/v1/tracks/${first}/plays`, {});
    expect(play.statusCode, play.body).toBe(200);
  });

  /** The playlist as its page loads it (it must load, whatever left the catalog). */
  const playlistTrackIds = async () => {
    const response = await listener.browser.get(`/api/v1/playlists/${playlistId}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { playlist: PlaylistDetails }).playlist.tracks.map((x) => x.id);
  };

  it('keeps a moved file’s track id, plays, likes and playlist entries', async () => {
    await mkdir(join(root, 'Sorted/Wanderer'), { recursive: true });
    await rename(join(root, 'Travel/01.mp3'), join(root, 'Sorted/Wanderer/01 Departure.mp3'));
    const again = await rescan(folder.id);
    expect(again.last_scan).toMatchObject({
      total: 2,
      added: 0,
      updated: 1,
      removed: 0,
      failed: 0,
    });
    expect(await trackIdAt(folder.id, 'Sorted/Wanderer/01 Departure.mp3')).toBe(first);
    const likes = await listener.browser.get('/api/v1/library/likes/ids');
    expect((likes.json() as { likes: { tracks: number[] } }).likes.tracks).toContain(first);
    expect(await playlistTrackIds()).toEqual([first, second]);
    const plays = await t.database.db
      .selectFrom('track_plays')
      .select('id')
      .where('track_id', '=', first)
      .execute();
    expect(plays).toHaveLength(1);
    const bytes = await readFile(join(root, 'Sorted/Wanderer/01 Departure.mp3'));
    const stream = await listener.browser.get(`/api/v1/tracks/${first}/stream`);
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload.equals(bytes)).toBe(true);
  });

  it('takes a removed file’s track out of the catalog; the playlist still loads', async () => {
    const albumId = (await track(listener.browser, second)).track.album!.id;
    await rm(join(root, 'Travel/02.mp3'));
    const again = await rescan(folder.id);
    expect(again.last_scan).toMatchObject({ total: 1, added: 0, updated: 0, removed: 1 });
    expect(again.tracks_count).toBe(1);
    expect((await track(listener.browser, second)).status).toBe(404);
    expect((await listener.browser.get(`/api/v1/tracks/${second}/stream`)).statusCode).toBe(404);
    expect(await playlistTrackIds()).toEqual([first]);
    const playlist = await listener.browser.get(`/api/v1/playlists/${playlistId}`);
    expect(playlist.statusCode).toBe(200);
    expect((playlist.json() as { playlist: PlaylistDetails }).playlist.name).toBe('Road trip');
    expect((await album(listener.browser, albumId)).tracks.map((x) => x.id)).toEqual([first]);
  });

  it('removes a folder: its tracks and emptied albums go, its files stay', async () => {
    const albumId = (await track(listener.browser, first)).track.album!.id;
    const files = await snapshot(root);
    const response = await admin.delete(`${API}/${folder.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { folder: LibraryFolder }).folder.status).toBe('removing');
    await t.app.services.jobs.idle();
    const list = (await admin.get(API)).json() as { folders: LibraryFolder[] };
    expect(list.folders.map((f) => f.id)).not.toContain(folder.id);
    expect((await track(listener.browser, first)).status).toBe(404);
    expect((await listener.browser.get(`/api/v1/albums/${albumId}`)).statusCode).toBe(404);
    expect(await playlistTrackIds()).toEqual([]);
    expect(await snapshot(root)).toEqual(files);
  });
});

describe('removing a folder while it is scanned', () => {
  it('stops the scan and leaves nothing of the folder in the catalog', async () => {
    const root = await tempDir();
    for (const index of [1, 2, 3]) {
      await placeFile(
        root,
        `${index}.mp3`,
        await libraryMp3(
          { title: `Short Lived ${index}`, artist: 'Ephemera' },
          { seed: 500 + index },
        ),
      );
    }
    const added = await admin.post(API, { path: root });
    expect(added.statusCode).toBe(201);
    const { id } = (added.json() as { folder: LibraryFolder }).folder;
    expect((await admin.delete(`${API}/${id}`)).statusCode).toBe(200);
    await t.app.services.jobs.idle();
    const list = (await admin.get(API)).json() as { folders: LibraryFolder[] };
    expect(list.folders.map((f) => f.id)).not.toContain(id);
    const left = await t.database.db
      .selectFrom('tracks')
      .select('id')
      .where('name', 'like', 'Short Lived%')
      .execute();
    expect(left).toEqual([]);
  });
});

describe('paths that leave the folder', () => {
  let root: string;
  let outside: string;
  let folder: LibraryFolder;

  beforeAll(async () => {
    root = await tempDir();
    outside = await tempDir('outside');
    await placeFile(
      root,
      'inside.mp3',
      await libraryMp3({ title: 'Inside', artist: 'Keeper' }, { seed: 301 }),
    );
    await placeFile(
      outside,
      'outside.mp3',
      await libraryMp3({ title: 'Outside', artist: 'Stranger' }, { seed: 302 }),
    );
    await placeFile(
      outside,
      'dir/deep.mp3',
      await libraryMp3({ title: 'Deep', artist: 'Stranger' }, { seed: 303 }),
    );
    await symlink(join(outside, 'outside.mp3'), join(root, 'escape.mp3'));
    await symlink(join(outside, 'dir'), join(root, 'escape-dir'));
    await symlink(root, join(root, 'loop'));
    folder = await addFolder(root);
  });

  it('resolves only paths below the folder’s real path', async () => {
    expect(await resolveInside(root, 'inside.mp3')).toBe(join(await realpath(root), 'inside.mp3'));
    expect(await resolveInside(root, '../outside.mp3')).toBeNull();
    expect(await resolveInside(root, 'sub/../../outside.mp3')).toBeNull();
    expect(await resolveInside(root, join(outside, 'outside.mp3'))).toBeNull();
    expect(await resolveInside(root, 'escape.mp3')).toBeNull();
    expect(await resolveInside(root, 'escape-dir/deep.mp3')).toBeNull();
    expect(await resolveInside(root, 'inside.mp3\0')).toBeNull();
  });

  it('does not follow symlinks out of the folder (nor round in a loop) when scanning', () => {
    expect(folder.last_scan).toMatchObject({ total: 1, added: 1, failed: 0 });
    expect(folder.tracks_count).toBe(1);
  });

  it('refuses to stream a file whose recorded path leads out by .. or a symlink', async () => {
    const guest = await openBrowser(t.app);
    const id = await trackIdAt(folder.id, 'inside.mp3');
    expect((await guest.get(`/api/v1/tracks/${id}/stream`)).statusCode).toBe(200);
    const setPath = (relative_path: string) =>
      t.database.db
        .updateTable('library_files')
        .set({ relative_path })
        .where('folder_id', '=', folder.id)
        .where('track_id', '=', id)
        .execute();
    try {
      for (const forged of [
        '../' + outside.split('/').pop() + '/outside.mp3',
        'escape.mp3',
        'escape-dir/deep.mp3',
        join(outside, 'outside.mp3'),
      ]) {
        await setPath(forged);
        const response = await guest.get(`/api/v1/tracks/${id}/stream`, { range: 'bytes=0-9' });
        expect(response.statusCode, forged).toBe(404);
      }
    } finally {
      await setPath('inside.mp3');
    }
  });
});

describe('adding a folder', () => {
  it('answers 422 on the path for input that is not a readable folder, never 500', async () => {
    const root = await tempDir();
    const file = await placeFile(root, 'song.mp3', 'x');
    await mkdir(join(root, 'nested'));
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Enter the folder’s path.'],
      [{ path: '' }, 'Enter the folder’s path.'],
      [{ path: '   ' }, 'Enter the folder’s path.'],
      [{ path: 42 }, 'Enter the folder’s path.'],
      [{ path: 'music/relative' }, 'Enter the full path, like /srv/music.'],
      [{ path: join(root, 'missing') }, 'This folder does not exist on the server.'],
      [{ path: file }, 'This path is a file, not a folder.'],
      [{ path: `/${'x'.repeat(1200)}` }, 'The path is too long.'],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post(API, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect((response.json() as { errors: Record<string, string[]> }).errors.path).toEqual([
        message,
      ]);
    }
    await addFolder(root);
    for (const [path, message] of [
      [root, 'This folder is in the library already.'],
      [`${root}/`, 'This folder is in the library already.'],
      [join(root, 'nested'), 'This folder is inside a library folder, or holds one.'],
    ] as const) {
      const response = await admin.post(API, { path });
      expect(response.statusCode, path).toBe(422);
      expect((response.json() as { errors: Record<string, string[]> }).errors.path).toEqual([
        message,
      ]);
    }
    expect((await admin.post(`${API}/999999/scan`)).statusCode).toBe(404);
    expect((await admin.delete(`${API}/999999`)).statusCode).toBe(404);
  });

  it('is the admin’s: 401 for guests, 403 for listeners', async () => {
    const guest = await openBrowser(t.app);
    await guest.get('/api/v1/bootstrap-data');
    const { browser: listener } = await signedInUser(t.app);
    for (const browser of [guest, listener]) {
      const expected = browser === guest ? 401 : 403;
      expect((await browser.get(API)).statusCode).toBe(expected);
      expect((await browser.post(API, { path: tmpdir() })).statusCode).toBe(expected);
      expect((await browser.post(`${API}/1/scan`)).statusCode).toBe(expected);
      expect((await browser.delete(`${API}/1`)).statusCode).toBe(expected);
    }
  });

  it('reads MUSIC_FOLDERS as a colon- or comma-separated list (Windows keeps its drives)', () => {
    expect(musicFoldersOf('/srv/music:/mnt/nas/Music, /home/me/Music ,')).toEqual([
      '/srv/music',
      '/mnt/nas/Music',
      '/home/me/Music',
    ]);
    expect(musicFoldersOf('C:\\Music,D:\\More;E:\\Other', 'win32')).toEqual([
      'C:\\Music',
      'D:\\More',
      'E:\\Other',
    ]);
    const env = { MUSIC_FOLDERS: '/a:/b', APP_KEY: randomBytes(32).toString('base64url') };
    expect(loadConfig(env).musicFolders).toEqual(['/a', '/b']);
  });

  it('registers MUSIC_FOLDERS at start and reports the ones it cannot use', async () => {
    const root = await tempDir();
    await placeFile(
      root,
      'a.mp3',
      await libraryMp3({ title: 'From The Environment', artist: 'Env' }, { seed: 401 }),
    );
    const reported: string[] = [];
    await t.app.services.libraryFolders.registerAll([root, '/no/such/folder'], (path, reason) =>
      reported.push(`${path}: ${reason}`),
    );
    await t.app.services.jobs.idle();
    expect(reported).toEqual(['/no/such/folder: This folder does not exist on the server.']);
    const registered = await t.app.services.libraryFolders.findByPath(root);
    expect(registered?.last_scan).toMatchObject({ added: 1 });
    // Known at the next start: rescanned, not added twice.
    await t.app.services.libraryFolders.registerAll([root], () => {});
    await t.app.services.jobs.idle();
    expect((await folderById(registered!.id)).last_scan).toMatchObject({ seen: 1, added: 0 });
  });
});

describe('a scan cut short', () => {
  it('is taken up again at the next start, from a runner that is gone', async () => {
    const root = await tempDir();
    await placeFile(
      root,
      'a.mp3',
      await libraryMp3({ title: 'Survivor', artist: 'Restart' }, { seed: 701 }),
    );
    const folder = await addFolder(root);
    // As a process killed mid-scan leaves it: scanning, its lease held by a pid that ended.
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    await t.database.db
      .updateTable('library_folders')
      .set({
        status: 'scanning',
        lease_token: `${hostname()}/${ended}/cafe`,
        lease_until: new Date(Date.now() + 60_000).toISOString(),
      })
      .where('id', '=', folder.id)
      .execute();
    expect(await t.app.services.libraryFolders.resume()).toBeGreaterThanOrEqual(1);
    await t.app.services.jobs.idle();
    const again = await folderById(folder.id);
    expect(again.status).toBe('idle');
    expect(again.last_scan).toMatchObject({ seen: 1, added: 0, failed: 0 });
    expect(new Date(again.last_scan.finished_at!) > new Date(folder.last_scan.finished_at!)).toBe(
      true,
    );
  });

  it('knows a lease holder of this machine that ended from one that runs or is elsewhere', () => {
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(holderIsGone(`${hostname()}/${ended}/x`)).toBe(true);
    expect(holderIsGone(`${hostname()}/${process.pid}/x`)).toBe(false);
    expect(holderIsGone(`${hostname()}/${process.ppid}/x`)).toBe(false);
    expect(holderIsGone(`elsewhere.example/${ended}/x`)).toBe(false);
    expect(holderIsGone(null)).toBe(true);
  });
});

describe('an unreadable folder', () => {
  it('shows the reason on the folder instead of failing', async () => {
    const root = await tempDir();
    await writeFile(join(root, 'a.txt'), 'x');
    const folder = await addFolder(root);
    await rm(root, { recursive: true });
    const again = await rescan(folder.id);
    expect(again).toMatchObject({
      status: 'idle',
      error: 'The folder does not exist or cannot be read.',
    });
  });
});

describe('watch mode', () => {
  it('rescans a folder within seconds of a file landing in it, and of one leaving it', async () => {
    const root = await tempDir('watch');
    const tags = { artist: 'Zq Watcher', album_artist: 'Zq Watcher', album: 'Zq Watched' };
    await placeFile(
      root,
      'Zq Watched/01.mp3',
      await libraryMp3({ ...tags, title: 'Zq Watch One', track: 1 }, { seed: 71 }),
    );
    const folder = await addFolder(root);
    expect(folder.last_scan.added).toBe(1);
    const names = async () => {
      await t.app.services.jobs.idle();
      const rows = await t.app.services.database.db
        .selectFrom('tracks')
        .select('name')
        .where('name', 'like', 'Zq Watch %')
        .orderBy('name')
        .execute();
      return rows.map((row) => row.name);
    };
    const watcher = watchLibraryFolders({
      list: () => t.app.services.libraryFolders.list(),
      requestScan: (id) => t.app.services.libraryFolders.requestScan(id),
      settleMs: 200,
    });
    try {
      await watcher.refresh();
      // A new file in a sub-folder, written after the watch began.
      await placeFile(
        root,
        'Zq Watched/02.mp3',
        await libraryMp3({ ...tags, title: 'Zq Watch Two', track: 2 }, { seed: 72 }),
      );
      await expect
        .poll(names, { timeout: 15_000, interval: 250 })
        .toEqual(['Zq Watch One', 'Zq Watch Two']);
      await rm(join(root, 'Zq Watched/01.mp3'));
      await expect.poll(names, { timeout: 15_000, interval: 250 }).toEqual(['Zq Watch Two']);
    } finally {
      watcher.stop();
    }
  });
});
