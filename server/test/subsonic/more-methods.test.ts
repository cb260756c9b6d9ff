import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarDirectory } from '../../src/modules/users/avatars.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createArtist, createGenre, seedSmallCatalog } from '../helpers/catalog.ts';
import { createUser, type CreatedUser } from '../helpers/factories.ts';
import { conformance, type Answer } from '../helpers/subsonic-conformance.ts';

/**
 * The Subsonic 1.16.1 and OpenSubsonic calls beyond the ID3 core (issue 38.2): folder
 * browsing, the v1 lists, info calls, bookmarks, the scan, users, API key details, avatars,
 * and the refusal of podcasts and the jukebox. Every JSON answer is checked against the
 * OpenSubsonic description, and its XML form against the JSON.
 */
let test: TestApp;
let listener: CreatedUser;
let admin: CreatedUser;
const keys = { listener: '', admin: '' };
let as: 'listener' | 'admin' = 'listener';
let rest: ReturnType<typeof conformance>;

beforeAll(async () => {
  test = await createTestApp();
  await seedSmallCatalog(test.app);
  listener = await createUser(test.app, { name: 'Listener' });
  admin = await createUser(test.app, { name: 'Admin', roleNames: ['admin'] });
  keys.listener = (await test.app.services.accessTokens.create(listener.id, 't')).plainTextToken;
  keys.admin = (await test.app.services.accessTokens.create(admin.id, 't')).plainTextToken;
  rest = conformance(test.app, () => keys[as]);
});
afterAll(async () => {
  await test?.close();
});

const checked = (...args: Parameters<ReturnType<typeof conformance>['checked']>) =>
  rest.checked(...args);
const asAdmin = async <T>(work: () => Promise<T>) => {
  as = 'admin';
  try {
    return await work();
  } finally {
    as = 'listener';
  }
};

interface Child {
  id: string;
  parent?: string;
  isDir: boolean;
  title: string;
  artist?: string;
  genre?: string;
}

describe('folder browsing', () => {
  it('descends getIndexes → artist → album → song with getMusicDirectory', async () => {
    const { indexes } = (await checked('getIndexes')) as {
      indexes: { index: { artist: { id: string; name: string }[] }[] };
    };
    const artist = indexes.index[0]!.artist[0]!;
    const { directory } = (await checked('getMusicDirectory', { id: artist.id })) as {
      directory: { id: string; name: string; child: Child[] };
    };
    expect(directory).toMatchObject({ id: artist.id, name: artist.name });
    expect(directory.child.length).toBeGreaterThan(0);
    for (const album of directory.child) {
      expect(album).toMatchObject({ isDir: true, parent: artist.id });
      expect(album.id).toMatch(/^al-\d+$/);
    }
    const albumDir = directory.child[0]!;
    const { directory: songs } = (await checked('getMusicDirectory', { id: albumDir.id })) as {
      directory: { id: string; parent: string; name: string; child: Child[] };
    };
    expect(songs).toMatchObject({ id: albumDir.id, name: albumDir.title });
    const { album } = (await checked('getAlbum', { id: albumDir.id })) as {
      album: { song: { id: string }[] };
    };
    expect(songs.child.map((song) => song.id)).toEqual(album.song.map((song) => song.id));
    for (const song of songs.child) expect(song).toMatchObject({ isDir: false });
    const { song } = (await checked('getSong', { id: songs.child[0]!.id })) as {
      song: { title: string };
    };
    expect(song.title).toBe(songs.child[0]!.title);
  });

  it('answers 70 for what is no directory, 10 without an id', async () => {
    for (const id of ['tr-1', 'ar-999999', 'al-999999', 'nonsense']) {
      expect((await checked('getMusicDirectory', { id })).error?.code, id).toBe(70);
    }
    expect((await checked('getMusicDirectory')).error?.code).toBe(10);
  });
});

describe('v1 lists', () => {
  it('lists albums as directories in the order getAlbumList2 has them', async () => {
    for (const type of ['newest', 'alphabeticalByName', 'frequent']) {
      const { albumList } = (await checked('getAlbumList', { type, size: 5 })) as {
        albumList: { album: Child[] };
      };
      const { albumList2 } = (await checked('getAlbumList2', { type, size: 5 })) as {
        albumList2: { album: { id: string; name: string }[] };
      };
      expect(albumList.album.map((a) => [a.id, a.title])).toEqual(
        albumList2.album.map((a) => [a.id, a.name]),
      );
      for (const album of albumList.album) expect(album.isDir).toBe(true);
    }
    const random = (await checked('getAlbumList', { type: 'random', size: 2 }, { xml: false })) as {
      albumList: { album: Child[] };
    };
    expect(random.albumList.album).toHaveLength(2);
    expect((await checked('getAlbumList', { type: 'byYear' })).error?.code).toBe(10);
  });

  it('lists starred artists, albums and songs', async () => {
    await checked('star', { id: 'tr-1', albumId: 'al-1', artistId: 'ar-1' });
    const { starred } = (await checked('getStarred')) as {
      starred: { artist: { id: string }[]; album: Child[]; song: Child[] };
    };
    expect(starred.artist.map((a) => a.id)).toEqual(['ar-1']);
    expect(starred.album.map((a) => [a.id, a.isDir])).toEqual([['al-1', true]]);
    expect(starred.song.map((s) => s.id)).toEqual(['tr-1']);
    await checked('unstar', { id: 'tr-1', albumId: 'al-1', artistId: 'ar-1' });
    const after = (await checked('getStarred')) as { starred: Record<string, unknown[]> };
    expect(after.starred).toEqual({ artist: [], album: [], song: [] });
  });

  it('searches with search2', async () => {
    const { song } = (await checked('getSong', { id: 'tr-3' })) as { song: { title: string } };
    const { searchResult2 } = (await checked('search2', { query: song.title })) as {
      searchResult2: { artist: unknown[]; album: Child[]; song: Child[] };
    };
    expect(searchResult2.song.map((s) => s.id)).toContain('tr-3');
    const all = (await checked('search2', { query: '', songCount: 100 })) as {
      searchResult2: { song: Child[]; album: Child[] };
    };
    expect(all.searchResult2.song).toHaveLength(16);
    for (const album of all.searchResult2.album) expect(album.isDir).toBe(true);
  });

  it('finds similar songs from an artist, an album or a song', async () => {
    for (const id of ['ar-1', 'al-1', 'tr-1']) {
      const { similarSongs } = (await checked(
        'getSimilarSongs',
        { id, count: 5 },
        { xml: false },
      )) as { similarSongs: { song: Child[] } };
      expect(similarSongs.song.length, id).toBeGreaterThan(0);
      expect(similarSongs.song.length, id).toBeLessThanOrEqual(5);
    }
    expect((await checked('getSimilarSongs', { id: 'al-999999' })).error?.code).toBe(70);
  });

  it("lists a genre's songs, paged", async () => {
    const { genres } = (await checked('getGenres')) as {
      genres: { genre: { value: string; songCount: number }[] };
    };
    const genre = genres.genre.find((g) => g.songCount > 1)!;
    const { songsByGenre } = (await checked('getSongsByGenre', {
      genre: genre.value,
      count: 100,
    })) as { songsByGenre: { song: Child[] } };
    expect(songsByGenre.song).toHaveLength(genre.songCount);
    const page = (await checked('getSongsByGenre', {
      genre: genre.value,
      count: 1,
      offset: 1,
    })) as {
      songsByGenre: { song: Child[] };
    };
    expect(page.songsByGenre.song.map((s) => s.id)).toEqual([songsByGenre.song[1]!.id]);
    const none = (await checked('getSongsByGenre', { genre: 'no such genre' })) as {
      songsByGenre: { song: Child[] };
    };
    expect(none.songsByGenre.song).toEqual([]);
    expect((await checked('getSongsByGenre')).error?.code).toBe(10);
  });
});

describe('info and lyrics', () => {
  it("gives an artist's biography, absolute image addresses and similar artists", async () => {
    // Two artists sharing their genre are similar to each other.
    const genre = await createGenre(test.app);
    const one = await createArtist(test.app, { name: 'Info One', genreIds: [genre.id] });
    const two = await createArtist(test.app, { name: 'Info Two', genreIds: [genre.id] });
    for (const [method, key] of [
      ['getArtistInfo', 'artistInfo'],
      ['getArtistInfo2', 'artistInfo2'],
    ] as const) {
      const info = (await checked(method, { id: `ar-${one.id}` }))[key] as {
        biography: string;
        similarArtist: { id: string; name: string }[];
      };
      expect(info.biography).toBe('About Info One.');
      expect(info.similarArtist.map((a) => [a.id, a.name])).toEqual([[`ar-${two.id}`, 'Info Two']]);
      // Artwork (the demo artists have some) as absolute addresses of this site.
      const [artist] = await test.app.services.catalog.artists([1], { userId: listener.id });
      const withImage = (await checked(method, { id: 'ar-1', count: 0 }))[key] as {
        largeImageUrl: string;
        similarArtist: unknown[];
      };
      expect(withImage.largeImageUrl).toMatch(/^https?:\/\/[^/]+\/storage\//);
      expect(withImage.largeImageUrl.endsWith(artist!.image!)).toBe(true);
      expect(withImage.similarArtist).toEqual([]);
    }
    expect((await checked('getArtistInfo2', { id: 'ar-999999' })).error?.code).toBe(70);
  });

  it("gives an album's notes and image addresses, by album or song id", async () => {
    const album = await test.app.services.catalog.album(1, { userId: listener.id });
    for (const method of ['getAlbumInfo', 'getAlbumInfo2']) {
      for (const id of ['al-1', `tr-${album!.tracks[0]!.id}`]) {
        const { albumInfo } = (await checked(method, { id })) as {
          albumInfo: { notes: string; smallImageUrl: string };
        };
        expect(albumInfo.notes).toBe(album!.description);
        expect(albumInfo.smallImageUrl).toMatch(/^https?:\/\/[^/]+\/storage\//);
      }
    }
    expect((await checked('getAlbumInfo', { id: 'al-999999' })).error?.code).toBe(70);
  });

  it('finds lyrics by artist and title, without the sync stamps', async () => {
    await test.app.services.catalogWrites.setLyrics(
      5,
      '[00:01.50] First line\n[00:04.25] Second line',
      true,
    );
    const { song } = (await checked('getSong', { id: 'tr-5' })) as {
      song: { title: string; artist: string };
    };
    const { lyrics } = (await checked('getLyrics', {
      artist: song.artist,
      title: song.title,
    })) as { lyrics: { artist: string; title: string; value: string } };
    expect(lyrics).toEqual({
      artist: song.artist,
      title: song.title,
      value: 'First line\nSecond line',
    });
    const other = (await checked('getLyrics', { artist: 'Nobody', title: song.title })) as {
      lyrics: object;
    };
    expect(other.lyrics).toEqual({});
  });
});

describe('bookmarks', () => {
  it('saves, moves, lists and deletes a bookmark per user', async () => {
    expect(((await checked('getBookmarks')) as { bookmarks: object }).bookmarks).toEqual({
      bookmark: [],
    });
    await checked('createBookmark', { id: 'tr-2', position: 12_345, comment: 'Chapter 2' });
    await checked('createBookmark', { id: 'tr-2', position: 23_456 });
    const { bookmarks } = (await checked('getBookmarks')) as {
      bookmarks: { bookmark: { position: number; username: string; entry: Child }[] };
    };
    expect(bookmarks.bookmark).toHaveLength(1);
    expect(bookmarks.bookmark[0]).toMatchObject({
      position: 23_456,
      username: listener.email,
      entry: { id: 'tr-2', isDir: false },
    });
    expect(bookmarks.bookmark[0]).not.toHaveProperty('comment');
    // Another user's bookmarks are their own.
    const theirs = await asAdmin(() => checked('getBookmarks'));
    expect(theirs.bookmarks).toEqual({ bookmark: [] });
    expect((await asAdmin(() => checked('deleteBookmark', { id: 'tr-2' }))).error?.code).toBe(70);

    await checked('deleteBookmark', { id: 'tr-2' }, { xml: false });
    expect(((await checked('getBookmarks')) as { bookmarks: object }).bookmarks).toEqual({
      bookmark: [],
    });
    expect((await checked('deleteBookmark', { id: 'tr-2' })).error?.code).toBe(70);
  });

  it('refuses a bookmark without a position or for an unknown song', async () => {
    expect((await checked('createBookmark', { id: 'tr-2' })).error?.code).toBe(10);
    expect((await checked('createBookmark', { id: 'tr-999999', position: 1 })).error?.code).toBe(
      70,
    );
    expect((await checked('createBookmark', { id: 'tr-2', position: 'x' })).error?.code).toBe(0);
  });
});

describe('the scan, users, API keys and avatars', () => {
  it('tells the scan status; only an admin starts a scan of the library folders', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'backbeat-scan-'));
    try {
      const status = (await checked('getScanStatus')) as { scanStatus: object };
      expect(status.scanStatus).toEqual({ scanning: false, count: 0 });
      expect((await checked('startScan')).error?.code).toBe(50);
      const added = await test.app.services.libraryFolders.add({ path: folder }, { scan: false });
      const started = await asAdmin(() => checked('startScan', {}, { xml: false }));
      expect(started.scanStatus).toMatchObject({ scanning: expect.any(Boolean) });
      // The folder's scan was asked for: it is queued, running or done since.
      const after = (await test.app.services.libraryFolders.list()).find((f) => f.id === added.id)!;
      expect(after.status !== 'idle' || after.last_scan.started_at !== null).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('lists the users to an admin only', async () => {
    expect((await checked('getUsers')).error?.code).toBe(50);
    const { users } = (await asAdmin(() => checked('getUsers'))) as {
      users: { user: { username: string; adminRole: boolean }[] };
    };
    const byName = new Map(users.user.map((u) => [u.username, u.adminRole]));
    expect(byName.get(admin.email)).toBe(true);
    expect(byName.get(listener.email)).toBe(false);
  });

  it("names an API key's account; other sign-ins have no key (42)", async () => {
    const { tokenInfo } = (await checked('tokenInfo')) as { tokenInfo: { username: string } };
    expect(tokenInfo.username).toBe(listener.email);
    const { password } = await test.app.services.subsonic.appPasswords.create(listener.id, 'DSub');
    const query = new URLSearchParams({
      u: listener.email,
      p: password,
      v: '1.16.1',
      c: 'test',
      f: 'json',
    });
    const response = await test.app.inject({ method: 'GET', url: `/rest/tokenInfo?${query}` });
    const body = response.json() as { 'subsonic-response': Answer };
    expect(rest.validator.problems('tokenInfo', body)).toEqual([]);
    expect(body['subsonic-response'].error?.code).toBe(42);
  });

  it("sends the user's own avatar, an admin anyone's; none is 70", async () => {
    const avatar = async (username: string) =>
      test.app.inject({
        method: 'GET',
        url: `/rest/getAvatar?apiKey=${keys[as]}&v=1.16.1&c=t&f=json&username=${encodeURIComponent(username)}`,
      });
    const missing = await avatar(listener.email);
    expect(missing.json()).toMatchObject({ 'subsonic-response': { error: { code: 70 } } });

    const directory = avatarDirectory(test.app.services.config.storagePath);
    await mkdir(directory, { recursive: true });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    await writeFile(join(directory, 'subsonic-avatar.png'), png);
    await test.app.services.users.update(listener.id, {
      image: '/storage/avatars/subsonic-avatar.png',
    });
    const own = await avatar(listener.email);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload).toEqual(png);
    // Someone else's: not found for a listener, sent to an admin.
    expect((await avatar(admin.email)).json()).toMatchObject({
      'subsonic-response': { error: { code: 70 } },
    });
    const seen = await asAdmin(() => avatar(listener.email));
    expect(seen.rawPayload).toEqual(png);
  });
});

describe('what Backbeat does not do', () => {
  it('refuses podcasts and the jukebox with 50 (no account has those roles)', async () => {
    for (const method of ['getPodcasts', 'getNewestPodcasts', 'jukeboxControl']) {
      const answer = await checked(method, method === 'jukeboxControl' ? { action: 'status' } : {});
      expect(answer.error?.code, method).toBe(50);
    }
    const { user } = (await checked('getUser')) as {
      user: { podcastRole: boolean; jukeboxRole: boolean };
    };
    expect(user).toMatchObject({ podcastRole: false, jukeboxRole: false });
  });

  it('names exactly the extensions it supports', async () => {
    const { openSubsonicExtensions } = (await checked('getOpenSubsonicExtensions')) as {
      openSubsonicExtensions: { name: string }[];
    };
    expect(openSubsonicExtensions.map((e) => e.name).sort()).toEqual([
      'apiKeyAuthentication',
      'formPost',
      'songLyrics',
    ]);
  });
});
