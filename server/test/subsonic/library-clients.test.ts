import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlbumDetails } from '@backbeat/common';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { jobsIdle, signIn } from '../helpers/built-server.ts';
import { openBrowser } from '../helpers/client.ts';
import { libraryMp3, mp3WithLyricsFrames, placeFile, solidJpeg } from '../helpers/library-audio.ts';
import { openSubsonicValidator } from '../helpers/opensubsonic.ts';

/**
 * Issue 38, done-when: a real library folder (made here with Debian's ffmpeg) holding a
 * two-disc FLAC album (disc 1 by its DISCNUMBER tags, disc 2 by its `Disc 2 - Live` folder),
 * a FLAC compilation by several artists with embedded art, an MP3 album with a side-car
 * cover.jpg and .lrc, and a loose track with no album tag; lyrics as LRC in a FLAC LYRICS
 * tag, an ID3 USLT frame holding LRC, an ID3 SYLT frame and a side-car .lrc. Two outside
 * clients written independently of each other (`subsonic-api`, `subsonicjs`) browse it by
 * folders and by ID3 tags; every JSON answer is checked against the OpenSubsonic description.
 */
let test: TestApp;
let url: string;
let email: string;
let appPassword: string;
let root: string;
const validator = openSubsonicValidator();
const checked: string[] = [];

const LRC_TAG = '[00:00.50]First line\n[00:01.25]Second line';
const LRC_FILE = '[ar:Solo]\n[00:00.20]Beside the file\n[00:01.10]Still beside';
const DOUBLE = 'Double Album';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'backbeat-subsonic-library-'));
  const picture = await solidJpeg([10, 200, 90]);
  let seed = 3800;
  // Disc 1: DISCNUMBER tags (and a disc title tag); disc 2: no disc tag, its folder says.
  for (const [disc, folder] of [
    [1, 'CD1'],
    [2, 'Disc 2 - Live'],
  ] as const) {
    for (const track of [1, 2, 3]) {
      await placeFile(
        root,
        `Band/${DOUBLE}/${folder}/0${track}.flac`,
        await libraryMp3(
          {
            title: `D${disc} T${track}`,
            artist: 'Band',
            album_artist: 'Band',
            album: DOUBLE,
            track,
            ...(disc === 1 ? { disc: 1, DISCSUBTITLE: 'Studio' } : {}),
            ...(disc === 1 && track === 1
              ? { lyrics: LRC_TAG, MUSICBRAINZ_TRACKID: '8f3471b5-7e6a-48da-86a9-c1c07a0f47ae' }
              : {}),
          },
          { seed: seed++, format: 'flac', seconds: 1 },
        ),
      );
    }
  }
  for (const [track, artist] of [
    [1, 'Singer A'],
    [2, 'Singer B'],
  ] as const) {
    await placeFile(
      root,
      `Compilations/Summer Hits/0${track}.flac`,
      await libraryMp3(
        { title: `Hit ${track}`, artist, album: 'Summer Hits', track, compilation: true },
        { seed: seed++, picture, seconds: 1, format: 'flac' },
      ),
    );
  }
  await placeFile(
    root,
    'Solo/Quiet/01.mp3',
    await mp3WithLyricsFrames(
      { title: 'Framed USLT', artist: 'Solo', album: 'Quiet', track: 1 },
      { uslt: '[00:00.40]Unsynced frame, timed text' },
      seed++,
    ),
  );
  await placeFile(
    root,
    'Solo/Quiet/02.mp3',
    await mp3WithLyricsFrames(
      { title: 'Framed SYLT', artist: 'Solo', album: 'Quiet', track: 2 },
      {
        sylt: [
          { time: 300, text: 'Synced one' },
          { time: 1500, text: 'Synced two' },
        ],
      },
      seed++,
    ),
  );
  await placeFile(
    root,
    'Solo/Quiet/03.mp3',
    await libraryMp3(
      { title: 'Side-car', artist: 'Solo', album: 'Quiet', track: 3 },
      { seed: seed++, seconds: 1 },
    ),
  );
  await placeFile(root, 'Solo/Quiet/03.lrc', LRC_FILE);
  await placeFile(root, 'Solo/Quiet/cover.jpg', await solidJpeg([250, 10, 10]));
  await placeFile(
    root,
    'Loose/loose track.mp3',
    await libraryMp3({ title: 'Loose', artist: 'Drifter' }, { seed, seconds: 1 }),
  );

  test = await createTestApp({ builtServer: true });
  url = test.url!;
  // The built server scans the folder, in its own job queue.
  const admin = await openBrowser(test.app);
  await admin.login(test.admin.email, test.admin.password);
  const added = await admin.post('/api/v1/admin/library-folders', { path: root });
  expect(added.statusCode, added.body).toBe(201);
  await jobsIdle(await signIn(url, test.admin));
  const listener = await signedInUser(test.app, { name: 'Library Browser' });
  email = listener.email;
  const created = await listener.browser.post('/api/v1/account/app-passwords', { name: 'DSub' });
  expect(created.statusCode).toBe(201);
  appPassword = (created.json() as { password: string }).password;
}, 300_000);
afterAll(async () => {
  await test?.close();
  await rm(root, { recursive: true, force: true });
});

/** Every JSON answer subsonic-api reads, validated against the description on the way. */
const validatingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const address = new URL(typeof input === 'string' ? input : (input as URL | Request).toString());
  const method = address.pathname
    .split('/')
    .pop()!
    .replace(/\.view$/, '');
  if (response.headers.get('content-type')?.includes('json')) {
    const body: unknown = await response.clone().json();
    expect(validator.problems(method, body), method).toEqual([]);
    checked.push(method);
  }
  return response;
};

interface Song {
  id: string;
  title: string;
  isDir: boolean;
  track?: number;
  discNumber?: number;
  albumId?: string;
  artist?: string;
  coverArt?: string;
  size?: number;
  bitRate?: number;
  bitDepth?: number;
  musicBrainzId?: string;
  suffix?: string;
}
interface Album {
  id: string;
  name: string;
  artist?: string;
  isCompilation?: boolean;
  coverArt?: string;
  discTitles?: { disc: number; title: string }[];
  song?: Song[];
}

describe('a real library browsed by two outside clients', () => {
  it('subsonic-api: folders and ID3 tags find discs in order, the compilation, loose tracks, art and lyrics', async () => {
    const api = new SubsonicAPI({
      url,
      auth: { username: email, password: appPassword },
      fetch: validatingFetch,
    });
    // getIndexes → getMusicDirectory → song
    const byFolders = new Map<string, Song[]>();
    const { indexes } = await api.getIndexes();
    const folderArtists = (indexes.index ?? []).flatMap((index) => index.artist ?? []);
    expect(folderArtists.map((artist) => artist.name).sort()).toEqual(
      ['Band', 'Drifter', 'Singer A', 'Singer B', 'Solo', 'Various Artists'].sort(),
    );
    for (const artist of folderArtists) {
      const { directory } = await api.getMusicDirectory({ id: artist.id });
      for (const child of directory.child ?? []) {
        if (!child.isDir) {
          byFolders.set(`${artist.name}/(loose)`, [
            ...(byFolders.get(`${artist.name}/(loose)`) ?? []),
            child as Song,
          ]);
          continue;
        }
        const { directory: songs } = await api.getMusicDirectory({ id: child.id });
        byFolders.set(`${artist.name}/${child.title ?? ''}`, (songs.child ?? []) as Song[]);
        const first = songs.child![0]!;
        expect((await api.getSong({ id: first.id })).song.albumId).toBe(child.id);
      }
    }
    const double = byFolders.get(`Band/${DOUBLE}`)!;
    expect(double.map((song) => [song.discNumber, song.track, song.title])).toEqual([
      [1, 1, 'D1 T1'],
      [1, 2, 'D1 T2'],
      [1, 3, 'D1 T3'],
      [2, 1, 'D2 T1'],
      [2, 2, 'D2 T2'],
      [2, 3, 'D2 T3'],
    ]);
    expect(byFolders.get('Drifter/(loose)')!.map((song) => song.title)).toEqual(['Loose']);

    // getArtists → getArtist → getAlbum
    const { artists } = await api.getArtists();
    const albums = new Map<string, Album>();
    for (const artist of (artists.index ?? []).flatMap((index) => index.artist ?? [])) {
      for (const album of (await api.getArtist({ id: artist.id })).artist.album ?? []) {
        albums.set(album.name, (await api.getAlbum({ id: album.id })).album as Album);
      }
    }
    expect([...albums.keys()].sort()).toEqual([DOUBLE, 'Quiet', 'Summer Hits']);
    const doubleAlbum = albums.get(DOUBLE)!;
    expect(doubleAlbum.song!.map((song) => song.id)).toEqual(double.map((song) => song.id));
    expect(doubleAlbum.discTitles).toEqual([
      { disc: 1, title: 'Studio' },
      { disc: 2, title: 'Live' },
    ]);
    const firstSong = doubleAlbum.song![0]!;
    expect(firstSong).toMatchObject({
      suffix: 'flac',
      musicBrainzId: '8f3471b5-7e6a-48da-86a9-c1c07a0f47ae',
    });
    // ffmpeg writes these FLACs from float audio at 24 bits; the first one is read by
    // music-metadata (its LRC lyrics), the others from their head: both say so.
    expect(doubleAlbum.song!.map((song) => song.bitDepth)).toEqual([24, 24, 24, 24, 24, 24]);
    expect(firstSong.size).toBeGreaterThan(1000);
    expect(firstSong.bitRate).toBeGreaterThan(50);

    const hits = albums.get('Summer Hits')!;
    expect(hits).toMatchObject({ isCompilation: true, artist: 'Various Artists' });
    expect(hits.song!.map((song) => song.artist)).toEqual(['Singer A', 'Singer B']);
    // Embedded art and the side-car cover.jpg are both served as the album's cover.
    for (const album of [hits, albums.get('Quiet')!]) {
      expect(album.coverArt).toBeTruthy();
      const art = await api.getCoverArt({ id: album.coverArt! });
      expect(art.status).toBe(200);
      expect(art.headers.get('content-type')).toMatch(/^image\//);
    }

    // Lyrics: FLAC LYRICS (LRC), ID3 USLT holding LRC, ID3 SYLT, side-car .lrc.
    const synced = async (id: string) => {
      // subsonic-api types lyricsList as the list itself; the answer (and the description)
      // has it as an object holding structuredLyrics.
      const { lyricsList } = (await api.getLyricsBySongId({ id })) as unknown as {
        lyricsList: {
          structuredLyrics?: { synced: boolean; line: { start?: number; value: string }[] }[];
        };
      };
      const [lyrics] = lyricsList.structuredLyrics ?? [];
      expect(lyrics?.synced).toBe(true);
      return lyrics!.line.map((line) => [line.start, line.value]);
    };
    expect(await synced(firstSong.id)).toEqual([
      [500, 'First line'],
      [1250, 'Second line'],
    ]);
    const quiet = albums.get('Quiet')!.song!;
    expect(await synced(quiet[0]!.id)).toEqual([[400, 'Unsynced frame, timed text']]);
    expect(await synced(quiet[1]!.id)).toEqual([
      [300, 'Synced one'],
      [1500, 'Synced two'],
    ]);
    expect(await synced(quiet[2]!.id)).toEqual([
      [200, 'Beside the file'],
      [1100, 'Still beside'],
    ]);
    expect(new Set(checked)).toEqual(
      new Set([
        'getIndexes',
        'getMusicDirectory',
        'getSong',
        'getArtists',
        'getArtist',
        'getAlbum',
        'getLyricsBySongId',
      ]),
    );
  }, 90_000);

  it('subsonicjs: the same discs, order and compilation by folders and by tags', async () => {
    const SubsonicJs = createRequire(import.meta.url)('subsonicjs') as new (
      username: string,
      token: string,
      salt: string,
      config: { host: string; client: string; version: string },
    ) => {
      browsing: Record<string, (args?: { id: string }) => Promise<Record<string, unknown>>>;
    };
    const salt = 'f00dfeed';
    const token = createHash('md5')
      .update(appPassword + salt)
      .digest('hex');
    const api = new SubsonicJs(email, token, salt, {
      host: url,
      client: 'subsonicjs',
      version: '1.16.1',
    });
    /** subsonicjs answers the inner object: validated as the whole answer it came in. */
    const call = async <T>(method: string, args?: { id: string }) => {
      const inner = await api.browsing[method]!(args);
      expect(validator.problems(method, { 'subsonic-response': inner }), method).toEqual([]);
      return inner as T;
    };
    type Index = { index: { artist: { id: string; name: string }[] }[] };
    const { indexes } = await call<{ indexes: Index }>('getIndexes');
    const band = indexes.index.flatMap((index) => index.artist).find((a) => a.name === 'Band')!;
    const { directory } = await call<{ directory: { child: { id: string }[] } }>(
      'getMusicDirectory',
      { id: band.id },
    );
    const { directory: discs } = await call<{ directory: { child: Song[] } }>('getMusicDirectory', {
      id: directory.child[0]!.id,
    });
    const order = discs.child.map((song) => `${song.discNumber}.${song.track}`);
    expect(order).toEqual(['1.1', '1.2', '1.3', '2.1', '2.2', '2.3']);

    const { artists } = await call<{ artists: Index }>('getArtists');
    const various = artists.index
      .flatMap((index) => index.artist)
      .find((artist) => artist.name === 'Various Artists')!;
    const { artist } = await call<{ artist: { album: Album[] } }>('getArtist', {
      id: various.id,
    });
    const { album } = await call<{ album: Album }>('getAlbum', { id: artist.album[0]!.id });
    expect(album).toMatchObject({ name: 'Summer Hits', isCompilation: true });
    const { album: double } = await call<{ album: Album }>('getAlbum', {
      id: directory.child[0]!.id,
    });
    expect(double.song!.map((song) => `${song.discNumber}.${song.track}`)).toEqual(order);
  });

  it('the web API carries each track’s disc and orders the album by disc, then track', async () => {
    const listener = await signedInUser(test.app, { name: 'Web Listener' });
    const row = await test.database.db
      .selectFrom('albums')
      .select('id')
      .where('name', '=', DOUBLE)
      .executeTakeFirstOrThrow();
    const response = await listener.browser.get(`/api/v1/albums/${row.id}`);
    expect(response.statusCode).toBe(200);
    const { album } = response.json() as { album: AlbumDetails };
    expect(
      album.tracks.map((track) => [track.disc_number, track.number, track.disc_title]),
    ).toEqual([
      [1, 1, 'Studio'],
      [1, 2, 'Studio'],
      [1, 3, 'Studio'],
      [2, 1, 'Live'],
      [2, 2, 'Live'],
      [2, 3, 'Live'],
    ]);
    const lyrics = await listener.browser.get(`/api/v1/tracks/${album.tracks[0]!.id}/lyrics`);
    expect(lyrics.statusCode).toBe(200);
    expect(lyrics.json()).toMatchObject({ lyric: { is_synced: true } });
  });
});
