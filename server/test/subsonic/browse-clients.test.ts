import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedSmallCatalog } from '../helpers/catalog.ts';

/**
 * Folder browsing (getIndexes → getMusicDirectory → song) and the ID3 way (getArtists →
 * getArtist → getAlbum) through two outside clients written independently of each other:
 * `subsonic-api` and `subsonicjs` (token sign-in with an app password, over real HTTP).
 */
let test: TestApp;
let url: string;
let email: string;
let appPassword: string;

interface Entry {
  id: string;
  isDir?: boolean;
  title?: string;
  name?: string;
}
interface Directory {
  id: string;
  name: string;
  child?: Entry[];
}
/** subsonicjs has no types: the few calls used here, as it answers them (the response). */
interface SubsonicJs {
  browsing: {
    getIndexes(): Promise<{ status: string; indexes: { index: { artist: Entry[] }[] } }>;
    getMusicDirectory(args: { id: string }): Promise<{ status: string; directory: Directory }>;
    getSong(args: { id: string }): Promise<{ status: string; song: Entry & { albumId: string } }>;
    getArtists(): Promise<{ status: string; artists: { index: { artist: Entry[] }[] } }>;
    getArtist(args: { id: string }): Promise<{ status: string; artist: { album: Entry[] } }>;
    getAlbum(args: { id: string }): Promise<{ status: string; album: { song: Entry[] } }>;
  };
}
const SubsonicJs = createRequire(import.meta.url)('subsonicjs') as new (
  username: string,
  token: string,
  salt: string,
  config: { host: string; client: string; version: string },
) => SubsonicJs;

beforeAll(async () => {
  test = await createTestApp({ builtServer: true });
  await seedSmallCatalog(test.app);
  url = test.url!;
  const listener = await signedInUser(test.app, { name: 'Folder Browser' });
  email = listener.email;
  const created = await listener.browser.post('/api/v1/account/app-passwords', { name: 'DSub' });
  expect(created.statusCode).toBe(201);
  appPassword = (created.json() as { password: string }).password;
});
afterAll(async () => {
  await test?.close();
});

/** The library as each client sees it: artist → album → song ids. */
type Tree = Record<string, Record<string, string[]>>;

describe('two independent clients browse the whole library', () => {
  it('subsonic-api: by folders and by ID3 tags, the same tree', async () => {
    const api = new SubsonicAPI({ url, auth: { username: email, password: appPassword } });
    const byFolders: Tree = {};
    const { indexes } = await api.getIndexes();
    for (const artist of (indexes.index ?? []).flatMap((index) => index.artist ?? [])) {
      const { directory } = await api.getMusicDirectory({ id: artist.id });
      byFolders[artist.id] = {};
      for (const album of directory.child ?? []) {
        expect(album.isDir).toBe(true);
        const { directory: songs } = await api.getMusicDirectory({ id: album.id });
        byFolders[artist.id]![album.id] = (songs.child ?? []).map((song) => song.id);
        const first = songs.child![0]!;
        expect(first.isDir).toBe(false);
        expect((await api.getSong({ id: first.id })).song.albumId).toBe(album.id);
      }
    }
    const byTags: Tree = {};
    const { artists } = await api.getArtists();
    for (const artist of (artists.index ?? []).flatMap((index) => index.artist ?? [])) {
      byTags[artist.id] = {};
      for (const album of (await api.getArtist({ id: artist.id })).artist.album ?? []) {
        const { album: full } = await api.getAlbum({ id: album.id });
        byTags[artist.id]![album.id] = (full.song ?? []).map((song) => song.id);
      }
    }
    expect(Object.keys(byFolders)).toHaveLength(4);
    expect(Object.values(byFolders).flatMap((albums) => Object.values(albums).flat())).toHaveLength(
      16,
    );
    expect(byFolders).toEqual(byTags);
  });

  it('subsonicjs: by folders and by ID3 tags, the same tree', async () => {
    const salt = 'a1b2c3d4';
    const token = createHash('md5')
      .update(appPassword + salt)
      .digest('hex');
    const api = new SubsonicJs(email, token, salt, {
      host: url,
      client: 'subsonicjs',
      version: '1.16.1',
    });
    const byFolders: Tree = {};
    const indexes = await api.browsing.getIndexes();
    expect(indexes.status).toBe('ok');
    for (const artist of indexes.indexes.index.flatMap((index) => index.artist)) {
      const { directory } = await api.browsing.getMusicDirectory({ id: artist.id });
      byFolders[artist.id] = {};
      for (const album of directory.child ?? []) {
        const { directory: songs } = await api.browsing.getMusicDirectory({ id: album.id });
        byFolders[artist.id]![album.id] = (songs.child ?? []).map((song) => song.id);
        const { song } = await api.browsing.getSong({ id: songs.child![0]!.id });
        expect(song.albumId).toBe(album.id);
      }
    }
    const byTags: Tree = {};
    const { artists } = await api.browsing.getArtists();
    for (const artist of artists.index.flatMap((index) => index.artist)) {
      byTags[artist.id] = {};
      for (const album of (await api.browsing.getArtist({ id: artist.id })).artist.album) {
        const { album: full } = await api.browsing.getAlbum({ id: album.id });
        byTags[artist.id]![album.id] = full.song.map((song) => song.id);
      }
    }
    expect(Object.keys(byFolders)).toHaveLength(4);
    expect(byFolders).toEqual(byTags);
  });
});
