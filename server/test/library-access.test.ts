import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LibraryFolder, PlaylistDetails, SearchResults } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser, signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser, type Browser } from './helpers/client.ts';
import { createAlbum, createArtist, createTrack, reindexCatalog } from './helpers/catalog.ts';
import { libraryMp3, placeFile } from './helpers/library-audio.ts';
import { openSubsonicValidator } from './helpers/opensubsonic.ts';

/*
 * Issue 18, who sees what: a library folder's music is the site's (everyone) or only chosen
 * users' and roles'. Outsiders meet a restricted folder's track, album and artist nowhere
 * (not found, absent from search and from other people's playlists); the chosen users, the
 * members of a chosen role and music admins see it as before.
 */

let t: TestApp;
let admin: Browser;
let guest: Browser;
let root: string;
let folder: LibraryFolder;
let trackId: number;
let albumId: number;
let artistId: number;
let roleId: number;
let outsider: Awaited<ReturnType<typeof signedInUser>>;
let chosen: Awaited<ReturnType<typeof signedInUser>>;
let member: Awaited<ReturnType<typeof signedInUser>>;
let playlistId: number;
let publicTrackId: number;
const API = '/api/v1/admin/library-folders';
const ROLE = 'Vault listeners';

beforeAll(async () => {
  t = await createTestApp();
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
  guest = await guestBrowser(t.app);
  root = await mkdtemp(join(tmpdir(), 'backbeat-library-access-'));
  await placeFile(
    root,
    'Vault/01.mp3',
    await libraryMp3(
      {
        title: 'Quartzwhisper',
        artist: 'Obsidian Choir',
        album: 'Vault Sessions',
        track: 1,
        genre: 'Vaultwave',
      },
      { seed: 901 },
    ),
  );
  const added = await admin.post(API, { path: root });
  expect(added.statusCode, added.body).toBe(201);
  folder = (added.json() as { folder: LibraryFolder }).folder;
  await t.app.services.jobs.idle();
  const file = await t.database.db
    .selectFrom('library_files')
    .innerJoin('tracks', 'tracks.id', 'library_files.track_id')
    .innerJoin('track_artists', 'track_artists.track_id', 'tracks.id')
    .select(['tracks.id', 'tracks.album_id', 'track_artists.artist_id'])
    .where('library_files.folder_id', '=', folder.id)
    .executeTakeFirstOrThrow();
  trackId = file.id;
  albumId = file.album_id!;
  artistId = file.artist_id;

  const stamp = new Date().toISOString();
  const role = await t.database.db
    .insertInto('roles')
    .values({
      name: ROLE,
      description: null,
      is_default: 0,
      is_guest: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  roleId = role.id;
  outsider = await signedInUser(t.app);
  chosen = await signedInUser(t.app);
  member = await signedInUser(t.app, { roleNames: ['users', ROLE] });

  // The chosen listener's public playlist holds the track and a public one beside it.
  const other = await t.database.db
    .selectFrom('tracks')
    .select('id')
    .where('is_public', '=', 1)
    .where('id', '<>', trackId)
    .executeTakeFirst();
  publicTrackId = other?.id ?? 0;
  const created = await chosen.browser.post('/api/v1/playlists', {
    name: 'Shared mix',
    is_public: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  playlistId = (created.json() as { playlist: { id: number } }).playlist.id;
  const ids = publicTrackId ? [trackId, publicTrackId] : [trackId];
  const put = await chosen.browser.post(`/api/v1/playlists/${playlistId}/tracks`, { ids });
  expect(put.statusCode, put.body).toBe(200);
});

afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const status = async (browser: Browser, path: string) => (await browser.get(path)).statusCode;

async function searchTitles(browser: Browser, query: string) {
  const response = await browser.get(`/api/v1/search?query=${encodeURIComponent(query)}`);
  expect(response.statusCode).toBe(200);
  const results = (response.json() as { results: SearchResults }).results;
  return {
    tracks: results.tracks.map((x) => x.name),
    albums: results.albums.map((x) => x.name),
    artists: results.artists.map((x) => x.name),
  };
}

async function playlistTrackIds(browser: Browser) {
  const response = await browser.get(`/api/v1/playlists/${playlistId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { playlist: PlaylistDetails }).playlist.tracks.map((x) => x.id);
}

async function setAccess(body: Record<string, unknown>) {
  return admin.put(`${API}/${folder.id}/access`, body);
}

describe('a folder open to everyone', () => {
  it('is the default: its music is the site catalog', async () => {
    expect(folder.access).toBe('everyone');
    expect(await status(guest, `/api/v1/tracks/${trackId}`)).toBe(200);
    expect(await status(outsider.browser, `/api/v1/albums/${albumId}`)).toBe(200);
  });
});

describe('choosing who sees a folder', () => {
  it('answers 422 per field for a bad access, or users and roles that do not exist', async () => {
    const bad = await setAccess({ access: 'friends', user_ids: 'me' });
    expect(bad.statusCode).toBe(422);
    const errors = (bad.json() as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['access', 'user_ids']);
    const gone = await setAccess({ access: 'chosen', user_ids: [987654], role_ids: [987654] });
    expect(gone.statusCode).toBe(422);
    expect(Object.keys((gone.json() as { errors: object }).errors).sort()).toEqual([
      'role_ids',
      'user_ids',
    ]);
    expect(await status(outsider.browser, `/api/v1/tracks/${trackId}`)).toBe(200);
  });

  it('is for admins only', async () => {
    const response = await outsider.browser.put(`${API}/${folder.id}/access`, {
      access: 'chosen',
    });
    expect(response.statusCode).toBe(403);
  });

  it('restricts the folder to a user and a role, shown on the folder', async () => {
    const response = await setAccess({
      access: 'chosen',
      user_ids: [chosen.id],
      role_ids: [roleId],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = (response.json() as { folder: LibraryFolder }).folder;
    expect(saved.access).toBe('chosen');
    expect(saved.users.map((u) => u.id)).toEqual([chosen.id]);
    expect(saved.roles).toEqual([{ id: roleId, name: ROLE }]);
  });
});

describe('a restricted folder', () => {
  beforeAll(async () => {
    const response = await setAccess({
      access: 'chosen',
      user_ids: [chosen.id],
      role_ids: [roleId],
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('is not found for outsiders and visitors: track, album, artist, stream, download', async () => {
    for (const browser of [outsider.browser, guest]) {
      expect(await status(browser, `/api/v1/tracks/${trackId}`)).toBe(404);
      expect(await status(browser, `/api/v1/albums/${albumId}`)).toBe(404);
      expect(await status(browser, `/api/v1/artists/${artistId}`)).toBe(404);
      expect(await status(browser, `/api/v1/tracks/${trackId}/stream`)).toBe(404);
    }
    expect(await status(outsider.browser, `/api/v1/tracks/${trackId}/download`)).toBe(404);
  });

  it('is absent from outsiders’ search and from another listener’s playlist', async () => {
    const found = await searchTitles(outsider.browser, 'Quartzwhisper');
    expect(found.tracks).toEqual([]);
    expect(await searchTitles(outsider.browser, 'Vault Sessions')).toMatchObject({ albums: [] });
    expect(await searchTitles(guest, 'Obsidian Choir')).toMatchObject({ artists: [] });
    const genres = await outsider.browser.get('/api/v1/genres');
    expect(genres.statusCode).toBe(200);
    expect(genres.body.toLowerCase()).not.toContain('vaultwave');
    const seen = await playlistTrackIds(outsider.browser);
    expect(seen).not.toContain(trackId);
    if (publicTrackId) expect(seen).toContain(publicTrackId);
  });

  it('shows to the chosen user as before, in search and in the playlist too', async () => {
    expect(await status(chosen.browser, `/api/v1/tracks/${trackId}`)).toBe(200);
    expect(await status(chosen.browser, `/api/v1/albums/${albumId}`)).toBe(200);
    expect(await status(chosen.browser, `/api/v1/artists/${artistId}`)).toBe(200);
    const stream = await chosen.browser.get(`/api/v1/tracks/${trackId}/stream`, {
      range: 'bytes=0-99',
    });
    expect(stream.statusCode).toBe(206);
    const download = await chosen.browser.get(`/api/v1/tracks/${trackId}/download`);
    expect(download.statusCode).not.toBe(404);
    const found = await searchTitles(chosen.browser, 'Quartzwhisper');
    expect(found.tracks).toEqual(['Quartzwhisper']);
    expect(await playlistTrackIds(chosen.browser)).toContain(trackId);
  });

  it('shows to a member of a chosen role and to admins', async () => {
    expect(await status(member.browser, `/api/v1/tracks/${trackId}`)).toBe(200);
    expect(await status(member.browser, `/api/v1/albums/${albumId}`)).toBe(200);
    expect(await status(admin, `/api/v1/tracks/${trackId}`)).toBe(200);
    expect((await searchTitles(member.browser, 'Vault Sessions')).albums).toEqual([
      'Vault Sessions',
    ]);
  });

  it('shows to a listener at once when chosen, and hides again at once when unchosen', async () => {
    // The outsider's last searches left them known as a public-catalog listener.
    expect((await searchTitles(outsider.browser, 'Quartzwhisper')).tracks).toEqual([]);
    const opened = await setAccess({
      access: 'chosen',
      user_ids: [chosen.id, outsider.id],
      role_ids: [roleId],
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await searchTitles(outsider.browser, 'Quartzwhisper')).tracks).toEqual([
      'Quartzwhisper',
    ]);
    const closed = await setAccess({ access: 'chosen', user_ids: [chosen.id], role_ids: [roleId] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await searchTitles(outsider.browser, 'Quartzwhisper')).tracks).toEqual([]);
  });

  it('joins the site catalog again when opened to everyone', async () => {
    const response = await setAccess({ access: 'everyone' });
    expect(response.statusCode, response.body).toBe(200);
    const saved = (response.json() as { folder: LibraryFolder }).folder;
    expect(saved).toMatchObject({ access: 'everyone', users: [], roles: [] });
    expect(await status(guest, `/api/v1/tracks/${trackId}`)).toBe(200);
    expect(await status(outsider.browser, `/api/v1/artists/${artistId}`)).toBe(200);
    const genres = await outsider.browser.get('/api/v1/genres');
    expect(genres.body.toLowerCase()).toContain('vaultwave');
    expect((await searchTitles(outsider.browser, 'Quartzwhisper')).tracks).toEqual([
      'Quartzwhisper',
    ]);
  });

  it('keeps new files of a restricted folder out of the catalog from their first scan', async () => {
    await setAccess({ access: 'chosen', user_ids: [chosen.id] });
    await placeFile(
      root,
      'Vault/02.mp3',
      await libraryMp3(
        {
          title: 'Basaltdream',
          artist: 'Granite Duo',
          album_artist: 'Obsidian Choir',
          album: 'Vault Sessions',
          track: 2,
        },
        { seed: 902 },
      ),
    );
    expect((await admin.post(`${API}/${folder.id}/scan`)).statusCode).toBe(200);
    await t.app.services.jobs.idle();
    expect((await searchTitles(outsider.browser, 'Basaltdream')).tracks).toEqual([]);
    expect((await searchTitles(chosen.browser, 'Basaltdream')).tracks).toEqual(['Basaltdream']);
    // Its new artist too, from the first scan on.
    expect((await searchTitles(outsider.browser, 'Granite Duo')).artists).toEqual([]);
    expect((await searchTitles(chosen.browser, 'Granite Duo')).artists).toEqual(['Granite Duo']);
    expect(await status(member.browser, `/api/v1/albums/${albumId}`)).toBe(404);
  });
});

describe('OpenSubsonic music folders', () => {
  const validator = openSubsonicValidator();
  let outsiderKey: string;
  let chosenKey: string;
  let uploadedAlbumId: number;
  const musicFolderId = () => folder.id + 1;

  beforeAll(async () => {
    const response = await setAccess({ access: 'chosen', user_ids: [chosen.id] });
    expect(response.statusCode, response.body).toBe(200);
    const tokens = t.app.services.accessTokens;
    outsiderKey = (await tokens.create(outsider.id, 'tests')).plainTextToken;
    chosenKey = (await tokens.create(chosen.id, 'tests')).plainTextToken;
    // Music that came from no library folder: the "Uploads" folder.
    const artist = await createArtist(t.app, { name: 'Upload Band' });
    const uploaded = await createAlbum(t.app, { name: 'Uploaded Record', artistIds: [artist.id] });
    uploadedAlbumId = uploaded.id;
    await createTrack(t.app, {
      name: 'Uploaded Song',
      albumId: uploaded.id,
      artistIds: [artist.id],
    });
    await reindexCatalog(t.app);
  });

  /** A /rest call's answer, checked against the OpenSubsonic description. */
  async function rest(key: string, method: string, params: Record<string, string | number> = {}) {
    const query = new URLSearchParams({ apiKey: key, v: '1.16.1', c: 'access', f: 'json' });
    for (const [name, value] of Object.entries(params)) query.set(name, String(value));
    const response = await t.app.inject({ method: 'GET', url: `/rest/${method}.view?${query}` });
    expect(response.statusCode).toBe(200);
    const json = response.json() as { 'subsonic-response': Record<string, unknown> };
    expect(validator.problems(method, json), method).toEqual([]);
    return json['subsonic-response'] as Record<string, unknown> & {
      status: string;
      error?: { code: number };
    };
  }

  const albumNames = (answer: Record<string, unknown>) =>
    ((answer.albumList2 as { album?: { name: string }[] }).album ?? []).map((a) => a.name);

  it('lists Uploads and the library folders the user may see, with stable ids', async () => {
    const forOutsider = await rest(outsiderKey, 'getMusicFolders');
    expect(forOutsider.musicFolders).toEqual({ musicFolder: [{ id: 1, name: 'Uploads' }] });
    const forChosen = await rest(chosenKey, 'getMusicFolders');
    expect(forChosen.musicFolders).toEqual({
      musicFolder: [
        { id: 1, name: 'Uploads' },
        { id: musicFolderId(), name: folder.name },
      ],
    });
  });

  it('narrows lists, indexes, random songs and search to the folder asked for', async () => {
    const inFolder = { musicFolderId: musicFolderId() };
    const list = await rest(chosenKey, 'getAlbumList2', {
      type: 'alphabeticalByName',
      size: 500,
      ...inFolder,
    });
    expect(albumNames(list)).toEqual(['Vault Sessions']);
    const uploads = await rest(chosenKey, 'getAlbumList2', {
      type: 'alphabeticalByName',
      size: 500,
      musicFolderId: 1,
    });
    expect(albumNames(uploads)).toContain('Uploaded Record');
    expect(albumNames(uploads)).not.toContain('Vault Sessions');

    const artists = await rest(chosenKey, 'getArtists', inFolder);
    const names = (artists.artists as { index: { artist: { name: string }[] }[] }).index.flatMap(
      (group) => group.artist.map((a) => a.name),
    );
    expect(names).toEqual(['Granite Duo', 'Obsidian Choir']);
    const indexes = await rest(chosenKey, 'getIndexes', { musicFolderId: 1 });
    expect(JSON.stringify(indexes.indexes)).toContain('Upload Band');
    expect(JSON.stringify(indexes.indexes)).not.toContain('Obsidian Choir');

    const random = await rest(chosenKey, 'getRandomSongs', { size: 50, ...inFolder });
    const songs = (random.randomSongs as { song: { album: string }[] }).song;
    expect(songs.length).toBeGreaterThan(0);
    expect(new Set(songs.map((song) => song.album))).toEqual(new Set(['Vault Sessions']));

    const everything = await rest(chosenKey, 'search3', { query: '', songCount: 500, ...inFolder });
    const found = everything.searchResult3 as { song: { title: string }[]; album: unknown[] };
    expect(found.song.map((song) => song.title).sort()).toEqual(['Basaltdream', 'Quartzwhisper']);
    const named = await rest(chosenKey, 'search3', { query: 'Uploaded', musicFolderId: 1 });
    expect((named.searchResult3 as { album: { name: string }[] }).album.map((a) => a.name)).toEqual(
      ['Uploaded Record'],
    );
    const elsewhere = await rest(chosenKey, 'search3', { query: 'Uploaded', ...inFolder });
    expect(elsewhere.searchResult3).toEqual({ artist: [], album: [], song: [] });
  });

  it('answers "not found" (70) for an unknown folder, and for one the user may not see', async () => {
    for (const [key, id] of [
      [chosenKey, 999_999],
      [chosenKey, 'music'],
      [outsiderKey, musicFolderId()],
    ] as const) {
      const answer = await rest(key, 'getAlbumList2', { type: 'newest', musicFolderId: id });
      expect(answer.status).toBe('failed');
      expect(answer.error?.code).toBe(70);
    }
    const starred = await rest(outsiderKey, 'getStarred2', { musicFolderId: musicFolderId() });
    expect(starred.error?.code).toBe(70);
  });

  it('keeps a restricted folder’s music from outsiders in every call', async () => {
    const song = await rest(outsiderKey, 'getSong', { id: `tr-${trackId}` });
    expect(song.error?.code).toBe(70);
    const album = await rest(outsiderKey, 'getAlbum', { id: `al-${albumId}` });
    expect(album.error?.code).toBe(70);
    const artist = await rest(outsiderKey, 'getArtist', { id: `ar-${artistId}` });
    expect(artist.error?.code).toBe(70);
    const genres = await rest(outsiderKey, 'getGenres');
    expect(JSON.stringify(genres.genres).toLowerCase()).not.toContain('vaultwave');
    expect(JSON.stringify((await rest(chosenKey, 'getGenres')).genres)).toContain('vaultwave');
    const list = await rest(outsiderKey, 'getAlbumList2', { type: 'newest', size: 500 });
    expect(albumNames(list)).not.toContain('Vault Sessions');
    expect(albumNames(list)).toContain('Uploaded Record');
    const artists = await rest(outsiderKey, 'getArtists');
    expect(JSON.stringify(artists.artists)).not.toContain('Obsidian Choir');
    const everything = await rest(outsiderKey, 'search3', { query: '', songCount: 500 });
    expect(JSON.stringify(everything.searchResult3)).not.toContain('Quartzwhisper');
    const named = await rest(outsiderKey, 'search3', { query: 'Quartzwhisper' });
    expect(named.searchResult3).toEqual({ artist: [], album: [], song: [] });
    const stream = await t.app.inject({
      method: 'GET',
      url: `/rest/stream.view?id=tr-${trackId}&apiKey=${outsiderKey}&v=1.16.1&c=access&f=json`,
    });
    expect(JSON.stringify(stream.json())).toContain('"code":70');
    // The chosen listener still has it all.
    expect((await rest(chosenKey, 'getSong', { id: `tr-${trackId}` })).status).toBe('ok');
    expect(uploadedAlbumId).toBeGreaterThan(0);
  });
});
