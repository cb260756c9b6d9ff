import { createHash } from 'node:crypto';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedSmallCatalog } from '../helpers/catalog.ts';

/**
 * OpenSubsonic through an outside client (`subsonic-api`, as phone and desktop apps use it):
 * sign-in with an app password (token and plain) and with an API key, browse, search, star,
 * playlists, scrobble and stream.
 */
let test: TestApp;
let url: string;
let listener: Awaited<ReturnType<typeof signedInUser>>;
let appPassword: string;

beforeAll(async () => {
  test = await createTestApp({ builtServer: true });
  await seedSmallCatalog(test.app);
  url = test.url!;
  listener = await signedInUser(test.app, { name: 'Sam Subsonic' });
  const created = await listener.browser.post('/api/v1/account/app-passwords', { name: 'DSub' });
  expect(created.statusCode).toBe(201);
  appPassword = (created.json() as { password: string }).password;
});
afterAll(async () => {
  await test?.close();
});

const client = (password = appPassword, post = false) =>
  new SubsonicAPI({
    url,
    auth: { username: listener.email, password },
    ...(post ? { post: true } : {}),
  });

describe('OpenSubsonic through the subsonic-api client', () => {
  it('signs in with an app password as a token, and refuses the account password', async () => {
    expect((await client().ping()).status).toBe('ok');
    const refused = await client(listener.password).ping();
    expect(refused.status).toBe('failed');
    expect((refused as unknown as { error: { code: number } }).error.code).toBe(40);
  });

  it('browses artists, an artist, an album and a song', async () => {
    const api = client();
    const { artists } = await api.getArtists();
    const all = artists.index!.flatMap((index) => index.artist ?? []);
    expect(all.length).toBe(4);
    const { artist } = await api.getArtist({ id: all[0]!.id });
    expect(artist.album!.length).toBeGreaterThan(0);
    const { album } = await api.getAlbum({ id: artist.album![0]!.id });
    expect(album.song!.length).toBe(album.songCount);
    const first = album.song![0]!;
    const { song } = await api.getSong({ id: first.id });
    expect(song.title).toBe(first.title);
    expect(song.albumId).toBe(album.id);
  });

  it('lists albums in every order and pages the whole library with an empty search', async () => {
    const api = client();
    for (const type of [
      'random',
      'newest',
      'frequent',
      'alphabeticalByName',
      'alphabeticalByArtist',
    ] as const) {
      const { albumList2 } = await api.getAlbumList2({ type, size: 50 });
      expect(albumList2.album!.length, type).toBeGreaterThan(0);
    }
    const seen = new Set<string>();
    for (let offset = 0; ; offset += 5) {
      const { searchResult3 } = await api.search3({
        query: '',
        songCount: 5,
        songOffset: offset,
        artistCount: 0,
        albumCount: 0,
      });
      const page = searchResult3.song ?? [];
      page.forEach((song) => seen.add(song.id));
      if (page.length < 5) break;
    }
    expect(seen.size).toBe(16);
  });

  it('stars a song and an album and lists them as starred', async () => {
    const api = client();
    const { randomSongs } = await api.getRandomSongs({ size: 1 });
    const song = randomSongs.song![0]!;
    await api.star({ id: song.id, albumId: song.albumId! });
    const { starred2 } = await api.getStarred2();
    expect(starred2.song!.map((s) => s.id)).toContain(song.id);
    expect(starred2.album!.map((a) => a.id)).toContain(song.albumId);
    await api.unstar({ id: song.id });
    expect(((await api.getStarred2()).starred2.song ?? []).map((s) => s.id)).not.toContain(song.id);
  });

  it('creates, changes and deletes a playlist (form POST)', async () => {
    const api = client(appPassword, true);
    const { randomSongs } = await api.getRandomSongs({ size: 3 });
    const ids = randomSongs.song!.map((s) => s.id);
    const { playlist } = await api.createPlaylist({ name: 'On the bus', songId: ids });
    expect(playlist.entry!.map((s) => s.id)).toEqual(ids);
    await api.updatePlaylist({ playlistId: playlist.id, name: 'Bus', songIndexToRemove: [0] });
    const { playlist: changed } = await api.getPlaylist({ id: playlist.id });
    expect(changed.name).toBe('Bus');
    expect(changed.entry!.map((s) => s.id)).toEqual(ids.slice(1));
    const { playlists } = await api.getPlaylists();
    expect(playlists.playlist!.map((p) => p.name)).toContain('Bus');
    await api.deletePlaylist({ id: playlist.id });
    const gone = await api.getPlaylist({ id: playlist.id });
    expect((gone as unknown as { error: { code: number } }).error.code).toBe(70);
  });

  it('counts a scrobble as a play and streams the audio with Range', async () => {
    const api = client();
    const { randomSongs } = await api.getRandomSongs({ size: 1 });
    const song = randomSongs.song![0]!;
    const id = Number(song.id.slice(3));
    const before = (await test.app.services.catalog.tracks([id]))[0]!.plays;
    await api.scrobble({ id: song.id, submission: true });
    expect((await test.app.services.catalog.tracks([id]))[0]!.plays).toBe(before + 1);

    const full = await api.stream({ id: song.id });
    expect(full.status).toBe(200);
    const bytes = Buffer.from(await full.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    const salt = 'abcdef';
    const token = createHash('md5')
      .update(appPassword + salt)
      .digest('hex');
    const ranged = await fetch(
      `${url}/rest/stream.view?id=${song.id}&u=${encodeURIComponent(listener.email)}&t=${token}&s=${salt}&v=1.16.1&c=test`,
      { headers: { Range: 'bytes=100-199' } },
    );
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it('signs in with an API key and rejects a bad one with code 44', async () => {
    // The account's API tokens are its Subsonic API keys.
    const { plainTextToken: key } = await test.app.services.accessTokens.create(
      listener.id,
      'Feishin',
    );
    const api = new SubsonicAPI({ url, auth: { apiKey: key } });
    expect((await api.ping()).status).toBe('ok');
    const bad = await new SubsonicAPI({ url, auth: { apiKey: 'nope' } }).ping();
    expect((bad as unknown as { error: { code: number } }).error.code).toBe(44);
  });
});
