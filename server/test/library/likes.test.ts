import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album, Artist, HistoryEntry, LikedIds, Pagination, Track } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createAlbum, createArtist, createTrack } from '../helpers/catalog.ts';
import type { Browser } from '../helpers/client.ts';

let t: TestApp;
let artist: { id: number; name: string };
let album: { id: number };
let tracks: { id: number; name: string }[];
let owner: Awaited<ReturnType<typeof signedInUser>>;
let privateTrack: { id: number };
let privateAlbum: { id: number };

const likes = async (browser: Browser) =>
  ((await browser.get('/api/v1/library/likes/ids')).json() as { likes: LikedIds }).likes;
const list = async <T>(browser: Browser, path: string) =>
  ((await browser.get(`/api/v1/library/${path}`)).json() as { pagination: Pagination<T> })
    .pagination;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { name: 'Velvet Static' });
  album = await createAlbum(t.app, { name: 'Low Orbit', artistIds: [artist.id] });
  tracks = [];
  for (const name of ['Ignition', 'Ascent', 'Drift']) {
    tracks.push(await createTrack(t.app, { name, albumId: album.id, artistIds: [artist.id] }));
  }
  owner = await signedInUser(t.app);
  privateAlbum = await createAlbum(t.app, {
    artistIds: [artist.id],
    ownerId: owner.id,
    isPublic: false,
  });
  privateTrack = await createTrack(t.app, {
    name: 'Unreleased',
    artistIds: [artist.id],
    albumId: privateAlbum.id,
    ownerId: owner.id,
    isPublic: false,
  });
});

afterAll(async () => {
  await t.close();
});

describe('likes', () => {
  it('likes and unlikes tracks, albums and artists, newest like first', async () => {
    const { browser } = await signedInUser(t.app);
    expect(await likes(browser)).toEqual({ tracks: [], albums: [], artists: [] });

    for (const track of tracks) {
      const response = await browser.request({
        method: 'PUT',
        url: `/api/v1/library/likes/tracks/${track.id}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ liked: true });
    }
    await browser.request({ method: 'PUT', url: `/api/v1/library/likes/albums/${album.id}` });
    await browser.request({ method: 'PUT', url: `/api/v1/library/likes/artists/${artist.id}` });

    const ids = await likes(browser);
    expect(new Set(ids.tracks)).toEqual(new Set(tracks.map((track) => track.id)));
    expect(ids.albums).toEqual([album.id]);
    expect(ids.artists).toEqual([artist.id]);

    const songs = await list<Track>(browser, 'tracks');
    expect(songs.total).toBe(3);
    expect(songs.data.map((track) => track.name).sort()).toEqual(['Ascent', 'Drift', 'Ignition']);
    expect((await list<Album>(browser, 'albums')).data.map((a) => a.name)).toEqual(['Low Orbit']);
    expect((await list<Artist>(browser, 'artists')).data.map((a) => a.name)).toEqual([
      'Velvet Static',
    ]);

    const unliked = await browser.request({
      method: 'DELETE',
      url: `/api/v1/library/likes/tracks/${tracks[0]!.id}`,
    });
    expect(unliked.json()).toEqual({ liked: false });
    expect((await likes(browser)).tracks).not.toContain(tracks[0]!.id);
    expect((await list<Track>(browser, 'tracks')).total).toBe(2);
  });

  it('keeps one like when the same item is liked twice', async () => {
    const { browser } = await signedInUser(t.app);
    const url = `/api/v1/library/likes/tracks/${tracks[1]!.id}`;
    const [first, second] = await Promise.all([
      browser.request({ method: 'PUT', url }),
      browser.request({ method: 'PUT', url }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await likes(browser)).tracks).toEqual([tracks[1]!.id]);
  });

  it('paginates liked songs', async () => {
    const { browser } = await signedInUser(t.app);
    for (const track of tracks) {
      await browser.request({ method: 'PUT', url: `/api/v1/library/likes/tracks/${track.id}` });
    }
    const second = await list<Track>(browser, 'tracks?page=2&perPage=2');
    expect(second).toMatchObject({ total: 3, current_page: 2, last_page: 2, from: 3, to: 3 });
    expect(second.data).toHaveLength(1);
  });

  it('keeps likes per user', async () => {
    const first = await signedInUser(t.app);
    const second = await signedInUser(t.app);
    await first.browser.request({
      method: 'PUT',
      url: `/api/v1/library/likes/tracks/${tracks[2]!.id}`,
    });
    expect((await likes(second.browser)).tracks).toEqual([]);
    expect((await list<Track>(second.browser, 'tracks')).total).toBe(0);
  });

  it("answers 404 for other users' private tracks and albums and for unknown items", async () => {
    const { browser } = await signedInUser(t.app);
    for (const url of [
      `/api/v1/library/likes/tracks/${privateTrack.id}`,
      `/api/v1/library/likes/albums/${privateAlbum.id}`,
      '/api/v1/library/likes/artists/999999',
      '/api/v1/library/likes/tracks/999999',
    ]) {
      expect((await browser.request({ method: 'PUT', url })).statusCode).toBe(404);
      expect((await browser.request({ method: 'DELETE', url })).statusCode).toBe(404);
    }
    expect(await likes(browser)).toEqual({ tracks: [], albums: [], artists: [] });
  });

  it('lets owners like their private music, and hides it once it is no longer theirs to see', async () => {
    const url = `/api/v1/library/likes/tracks/${privateTrack.id}`;
    expect((await owner.browser.request({ method: 'PUT', url })).statusCode).toBe(200);
    expect((await list<Track>(owner.browser, 'tracks')).data.map((track) => track.id)).toEqual([
      privateTrack.id,
    ]);
    // Someone who liked it while it was public does not see it once it turns private.
    const fan = await signedInUser(t.app);
    const publicTrack = await createTrack(t.app, { artistIds: [artist.id] });
    await fan.browser.request({
      method: 'PUT',
      url: `/api/v1/library/likes/tracks/${publicTrack.id}`,
    });
    await t.database.db
      .updateTable('tracks')
      .set({ is_public: 0, owner_id: owner.id })
      .where('id', '=', publicTrack.id)
      .execute();
    expect(await likes(fan.browser)).toMatchObject({ tracks: [] });
    expect((await list<Track>(fan.browser, 'tracks')).total).toBe(0);
  });

  it('refuses bad input with 422 and field errors', async () => {
    const { browser } = await signedInUser(t.app);
    const badType = await browser.request({
      method: 'PUT',
      url: `/api/v1/library/likes/playlists-x/${tracks[0]!.id}`,
    });
    expect(badType.statusCode).toBe(422);
    expect(badType.json()).toMatchObject({ errors: { type: [expect.any(String)] } });
    for (const id of ['abc', '0', '-1', '1.5']) {
      const response = await browser.request({
        method: 'PUT',
        url: `/api/v1/library/likes/tracks/${id}`,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: { id: [expect.any(String)] } });
    }
    const badPage = await browser.get('/api/v1/library/tracks?perPage=500');
    expect(badPage.statusCode).toBe(422);
    expect(badPage.json()).toMatchObject({ errors: { perPage: [expect.any(String)] } });
  });

  it('needs a login for every library call', async () => {
    const guest = await guestBrowser(t.app);
    await guest.open();
    for (const path of ['likes/ids', 'tracks', 'albums', 'artists', 'history']) {
      expect((await guest.get(`/api/v1/library/${path}`)).statusCode).toBe(401);
    }
    const like = await guest.request({
      method: 'PUT',
      url: `/api/v1/library/likes/tracks/${tracks[0]!.id}`,
    });
    expect(like.statusCode).toBe(401);
  });
});

describe('history', () => {
  it('collapses consecutive plays of one track into one entry with its count', async () => {
    const listener = await signedInUser(t.app);
    const played = [tracks[0]!, tracks[0]!, tracks[0]!, tracks[1]!, tracks[1]!, tracks[0]!];
    for (const track of played) await listener.browser.post(`/api/v1/tracks/${track.id}/plays`, {});
    const history = await list<HistoryEntry>(listener.browser, 'history');
    expect(history.total).toBe(3);
    expect(history.data.map((entry) => [entry.track.id, entry.plays])).toEqual([
      [tracks[0]!.id, 1],
      [tracks[1]!.id, 2],
      [tracks[0]!.id, 3],
    ]);
    const second = await listener.browser.get('/api/v1/library/history?perPage=1&page=2');
    expect(second.json()).toMatchObject({
      pagination: { total: 3, data: [{ track: { id: tracks[1]!.id }, plays: 2 }] },
    });
  });

  it('lists what the listener played, newest first, without private tracks of others', async () => {
    const listener = await signedInUser(t.app);
    for (const track of [tracks[0]!, tracks[1]!, tracks[0]!]) {
      const played = await listener.browser.post(`/api/v1/tracks/${track.id}/plays`, {});
      expect(played.statusCode).toBe(200);
    }
    const history = await list<HistoryEntry>(listener.browser, 'history');
    expect(history.total).toBe(3);
    expect(history.data.map((entry) => entry.track.id)).toEqual([
      tracks[0]!.id,
      tracks[1]!.id,
      tracks[0]!.id,
    ]);
    expect(history.data[0]!.played_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect(history.data.map((entry) => entry.plays)).toEqual([1, 1, 1]);

    // Another listener's history stays theirs.
    const other = await signedInUser(t.app);
    expect((await list<HistoryEntry>(other.browser, 'history')).total).toBe(0);

    // A track that turns private to someone else disappears from the history.
    await t.database.db
      .updateTable('tracks')
      .set({ is_public: 0, owner_id: owner.id })
      .where('id', '=', tracks[1]!.id)
      .execute();
    // Its neighbours are now plays of one track in a row: one entry.
    const after = await list<HistoryEntry>(listener.browser, 'history');
    expect(after.total).toBe(1);
    expect(after.data).toMatchObject([{ track: { id: tracks[0]!.id }, plays: 2 }]);
    await t.database.db
      .updateTable('tracks')
      .set({ is_public: 1, owner_id: null })
      .where('id', '=', tracks[1]!.id)
      .execute();
  });
});
