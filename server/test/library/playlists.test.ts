import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playlist, PlaylistDetails, SearchResults } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createArtist, createTrack, reindexCatalog } from '../helpers/catalog.ts';
import type { Browser } from '../helpers/client.ts';
import { workspaceWith } from '../helpers/workspaces.ts';

let t: TestApp;
let trackIds: number[];
let privateTrack: { id: number };
let owner: Awaited<ReturnType<typeof signedInUser>>;

async function createPlaylist(browser: Browser, body: object = { name: 'Road trip' }, query = '') {
  const response = await browser.post(`/api/v1/playlists${query}`, body);
  expect(response.statusCode).toBe(201);
  return (response.json() as { playlist: PlaylistDetails }).playlist;
}
async function show(browser: Browser, id: number) {
  return browser.get(`/api/v1/playlists/${id}`);
}
async function trackOrder(browser: Browser, id: number): Promise<number[]> {
  const response = await show(browser, id);
  return (response.json() as { playlist: PlaylistDetails }).playlist.tracks.map((t) => t.id);
}
async function positions(id: number): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('playlist_tracks')
    .select('position')
    .where('playlist_id', '=', id)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.position);
}
const add = (browser: Browser, id: number, ids: number[]) =>
  browser.post(`/api/v1/playlists/${id}/tracks`, { ids });
const reorder = (browser: Browser, id: number, ids: number[]) =>
  browser.request({ method: 'PUT', url: `/api/v1/playlists/${id}/tracks/order`, payload: { ids } });

beforeAll(async () => {
  t = await createTestApp();
  const artist = await createArtist(t.app, { name: 'Glass Harbor' });
  trackIds = [];
  for (let i = 0; i < 8; i++) {
    trackIds.push((await createTrack(t.app, { name: `Song ${i}`, artistIds: [artist.id] })).id);
  }
  owner = await signedInUser(t.app);
  privateTrack = await createTrack(t.app, {
    name: 'Private demo',
    artistIds: [artist.id],
    ownerId: owner.id,
    isPublic: false,
  });
});

afterAll(async () => {
  await t.close();
});

describe('creating and editing playlists', () => {
  it('creates, renames, describes, publishes and deletes a playlist', async () => {
    const { browser } = await signedInUser(t.app);
    const created = await createPlaylist(browser, {
      name: '  Focus  ',
      description: 'Deep <b>work</b><script>alert(1)</script>\u0007 music',
    });
    expect(created).toMatchObject({
      name: 'Focus',
      description: 'Deep <b>work</b><script>alert(1)</script> music',
      is_public: false,
      tracks: [],
    });
    const shown = (await show(browser, created.id)).json() as { abilities: { update: boolean } };
    expect(shown.abilities).toEqual({ update: true, editTracks: true, leave: false });

    const renamed = await browser.request({
      method: 'PUT',
      url: `/api/v1/playlists/${created.id}`,
      payload: { name: 'Deep focus', description: null, is_public: true },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      playlist: { name: 'Deep focus', description: null, is_public: true },
    });

    const list = await browser.get('/api/v1/library/playlists');
    expect((list.json() as { playlists: Playlist[] }).playlists.map((p) => p.name)).toEqual([
      'Deep focus',
    ]);

    const deleted = await browser.request({
      method: 'DELETE',
      url: `/api/v1/playlists/${created.id}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await show(browser, created.id)).statusCode).toBe(404);
  });

  it('adds, removes and reorders tracks with positions 1..n', async () => {
    const { browser } = await signedInUser(t.app);
    const { id } = await createPlaylist(browser);
    const [a, b, c, d] = trackIds as [number, number, number, number];
    expect((await add(browser, id, [a, b, c])).json()).toEqual({ added: 3 });
    // Tracks already there are skipped.
    expect((await add(browser, id, [b, d])).json()).toEqual({ added: 1 });
    expect(await trackOrder(browser, id)).toEqual([a, b, c, d]);

    expect((await reorder(browser, id, [d, c, b, a])).statusCode).toBe(200);
    expect(await trackOrder(browser, id)).toEqual([d, c, b, a]);

    const removed = await browser.request({
      method: 'DELETE',
      url: `/api/v1/playlists/${id}/tracks`,
      payload: { ids: [c] },
    });
    expect(removed.statusCode).toBe(200);
    expect(await trackOrder(browser, id)).toEqual([d, b, a]);
    expect(await positions(id)).toEqual([1, 2, 3]);
  });

  it("does not add other users' private tracks", async () => {
    const { browser } = await signedInUser(t.app);
    const { id } = await createPlaylist(browser);
    expect((await add(browser, id, [privateTrack.id, trackIds[0]!])).json()).toEqual({ added: 1 });
    expect(await trackOrder(browser, id)).toEqual([trackIds[0]]);
  });
});

describe('concurrent edits', () => {
  it('loses no add when two adds run at once and keeps positions unique', async () => {
    const { browser } = await signedInUser(t.app);
    const { id } = await createPlaylist(browser);
    const first = trackIds.slice(0, 4);
    const second = trackIds.slice(4, 8);
    const answers = await Promise.all([add(browser, id, first), add(browser, id, second)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(await trackOrder(browser, id))).toEqual(new Set(trackIds));
    expect(await positions(id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps a track added while another editor reorders', async () => {
    const { browser } = await signedInUser(t.app);
    const { id } = await createPlaylist(browser);
    const [a, b, c, d] = trackIds as [number, number, number, number];
    await add(browser, id, [a, b, c]);
    const answers = await Promise.all([reorder(browser, id, [c, b, a]), add(browser, id, [d])]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const order = await trackOrder(browser, id);
    expect(order).toHaveLength(4);
    expect(order.filter((x) => x !== d)).toEqual([c, b, a]);
    expect(await positions(id)).toEqual([1, 2, 3, 4]);
  });

  it('stays contiguous under many concurrent adds, removes and reorders', async () => {
    const { browser } = await signedInUser(t.app);
    const { id } = await createPlaylist(browser);
    await add(browser, id, trackIds.slice(0, 4));
    await Promise.all([
      add(browser, id, [trackIds[4]!]),
      reorder(browser, id, [...trackIds.slice(0, 4)].reverse()),
      add(browser, id, [trackIds[5]!, trackIds[6]!]),
      browser.request({
        method: 'DELETE',
        url: `/api/v1/playlists/${id}/tracks`,
        payload: { ids: [trackIds[1]!] },
      }),
      add(browser, id, [trackIds[7]!]),
    ]);
    expect(await positions(id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(await trackOrder(browser, id))).toEqual(
      new Set(trackIds.filter((x) => x !== trackIds[1])),
    );
  });
});

describe('privacy', () => {
  it("answers 404 for other users' private playlists, everywhere", async () => {
    const author = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const secret = await createPlaylist(author.browser, { name: 'Zyxwvut secret mix' });
    await add(author.browser, secret.id, [trackIds[0]!]);
    const guest = await guestBrowser(t.app);
    await guest.open();

    expect((await show(other.browser, secret.id)).statusCode).toBe(404);
    expect((await show(guest, secret.id)).statusCode).toBe(404);
    const calls = [
      () =>
        other.browser.request({
          method: 'PUT',
          url: `/api/v1/playlists/${secret.id}`,
          payload: { name: 'x' },
        }),
      () => other.browser.request({ method: 'DELETE', url: `/api/v1/playlists/${secret.id}` }),
      () => add(other.browser, secret.id, [trackIds[1]!]),
      () => reorder(other.browser, secret.id, [trackIds[0]!]),
      () =>
        other.browser.request({
          method: 'DELETE',
          url: `/api/v1/playlists/${secret.id}/tracks`,
          payload: { ids: [trackIds[0]!] },
        }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(404);
    expect((await other.browser.get('/api/v1/library/playlists')).json()).toEqual({
      playlists: [],
      collaborating: [],
      followed: [],
    });

    await reindexCatalog(t.app);
    const search = await other.browser.get('/api/v1/search?query=zyxwvut&types=playlists');
    expect((search.json() as { results: SearchResults }).results.playlists).toEqual([]);
    // Still the author's, untouched.
    expect(await trackOrder(author.browser, secret.id)).toEqual([trackIds[0]]);
  });

  it("shows others' public playlists read-only, and unknown ids are 404", async () => {
    const author = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const shared = await createPlaylist(author.browser, { name: 'Shared', is_public: true });
    const seen = await show(other.browser, shared.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ abilities: { update: false, editTracks: false } });
    expect((await add(other.browser, shared.id, [trackIds[0]!])).statusCode).toBe(404);
    expect((await show(other.browser, 999999)).statusCode).toBe(404);
  });

  it('scopes playlists to the active workspace', async () => {
    const { id, owner: lead, members } = await workspaceWith(t.app, ['member']);
    const member = members[0]!;
    const stranger = await signedInUser(t.app);
    const inTeam = `?workspaceId=${id}`;
    const team = await createPlaylist(lead.browser, { name: 'Team picks' }, inTeam);
    await createPlaylist(lead.browser, { name: 'Lead personal' });

    const names = async (browser: Browser, query = '') =>
      (
        (await browser.get(`/api/v1/library/playlists${query}`)).json() as {
          playlists: Playlist[];
        }
      ).playlists.map((p) => p.name);
    expect(await names(lead.browser)).toEqual(['Lead personal']);
    expect(await names(lead.browser, inTeam)).toEqual(['Team picks']);
    expect(await names(member.browser, inTeam)).toEqual(['Team picks']);
    expect(await names(member.browser)).toEqual([]);
    // Members see the private workspace playlist; strangers do not.
    expect((await show(member.browser, team.id)).statusCode).toBe(200);
    expect((await show(stranger.browser, team.id)).statusCode).toBe(404);
    expect((await stranger.browser.get(`/api/v1/library/playlists${inTeam}`)).statusCode).toBe(404);
    // Changing a workspace playlist needs that workspace to be the active one.
    expect((await add(lead.browser, team.id, [trackIds[0]!])).statusCode).toBe(404);
    const inScope = await lead.browser.post(`/api/v1/playlists/${team.id}/tracks${inTeam}`, {
      ids: [trackIds[0]!],
    });
    expect(inScope.statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('answers 422 with field errors', async () => {
    const { browser } = await signedInUser(t.app);
    const noName = await browser.post('/api/v1/playlists', { name: '   ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json()).toMatchObject({ errors: { name: [expect.any(String)] } });
    const long = await browser.post('/api/v1/playlists', {
      name: 'x',
      description: 'y'.repeat(1001),
      is_public: 'yes',
    });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({
      errors: { description: [expect.any(String)], is_public: [expect.any(String)] },
    });
    const { id } = await createPlaylist(browser);
    const empty = await browser.request({
      method: 'PUT',
      url: `/api/v1/playlists/${id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    const badIds = await add(browser, id, []);
    expect(badIds.statusCode).toBe(422);
    expect(badIds.json()).toMatchObject({ errors: { ids: [expect.any(String)] } });
    const duplicates = await reorder(browser, id, [trackIds[0]!, trackIds[0]!]);
    expect(duplicates.statusCode).toBe(422);
    expect(duplicates.json()).toMatchObject({ errors: { ids: [expect.any(String)] } });
    expect((await show(browser, 0)).statusCode).toBe(422);
  });

  it('needs a login to create or list playlists', async () => {
    const guest = await guestBrowser(t.app);
    await guest.open();
    expect((await guest.post('/api/v1/playlists', { name: 'x' })).statusCode).toBe(401);
    expect((await guest.get('/api/v1/library/playlists')).statusCode).toBe(401);
  });
});

describe('profiles', () => {
  it("lists a user's public playlists to others and their private ones only to them", async () => {
    const author = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    await createPlaylist(author.browser, { name: 'Open air', is_public: true });
    await createPlaylist(author.browser, { name: 'Diary' });
    const names = async (browser: Browser) =>
      (
        (await browser.get(`/api/v1/users/${author.id}/playlists`)).json() as {
          playlists: Playlist[];
        }
      ).playlists
        .map((p) => p.name)
        .sort();
    expect(await names(author.browser)).toEqual(['Diary', 'Open air']);
    expect(await names(other.browser)).toEqual(['Open air']);
    expect((await other.browser.get('/api/v1/users/999999/playlists')).statusCode).toBe(404);
    expect((await other.browser.get('/api/v1/users/abc/playlists')).statusCode).toBe(422);
  });
});

describe('following playlists', () => {
  it("follows others' public playlists, lists them apart, and never private ones", async () => {
    const author = await signedInUser(t.app);
    const fan = await signedInUser(t.app);
    const open = await createPlaylist(author.browser, { name: 'Open mix', is_public: true });
    const closed = await createPlaylist(author.browser, { name: 'Closed mix' });
    const follow = (id: number, method: 'PUT' | 'DELETE' = 'PUT') =>
      fan.browser.request({ method, url: `/api/v1/library/follows/playlists/${id}` });

    expect((await follow(open.id)).statusCode).toBe(200);
    expect((await follow(closed.id)).statusCode).toBe(404);
    const library = (await fan.browser.get('/api/v1/library/playlists')).json() as {
      playlists: Playlist[];
      followed: Playlist[];
    };
    expect(library.playlists).toEqual([]);
    expect(library.followed.map((p) => p.name)).toEqual(['Open mix']);

    // Once it turns private, it is gone from the follower's list.
    await author.browser.request({
      method: 'PUT',
      url: `/api/v1/playlists/${open.id}`,
      payload: { is_public: false },
    });
    const after = (await fan.browser.get('/api/v1/library/playlists')).json() as {
      followed: Playlist[];
    };
    expect(after.followed).toEqual([]);
    expect((await follow(open.id, 'DELETE')).statusCode).toBe(404);
  });
});

describe('search', () => {
  it('finds public playlists by name as soon as they are made or renamed, never private ones', async () => {
    const author = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const open = await createPlaylist(author.browser, { name: 'Qwertyish beats', is_public: true });
    await createPlaylist(author.browser, { name: 'Qwertyish diary' });
    const found = async (query: string) =>
      (
        (await other.browser.get(`/api/v1/search?query=${query}&types=playlists`)).json() as {
          results: SearchResults;
        }
      ).results.playlists.map((p) => p.name);
    expect(await found('qwertyish')).toEqual(['Qwertyish beats']);
    await author.browser.request({
      method: 'PUT',
      url: `/api/v1/playlists/${open.id}`,
      payload: { name: 'Asdfgish beats' },
    });
    // Search answers are cached for a few seconds, so each check asks something new.
    expect(await found('asdfgish')).toEqual(['Asdfgish beats']);
    expect(await found('qwertyis')).toEqual([]);
    await author.browser.request({ method: 'DELETE', url: `/api/v1/playlists/${open.id}` });
    expect(await found('asdfgis')).toEqual([]);
  });
});

describe('quota', () => {
  it('refuses a new playlist past the count restriction of playlists.create', async () => {
    const db = t.database.db;
    const permission = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'playlists.create')
      .executeTakeFirstOrThrow();
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'users')
      .executeTakeFirstOrThrow();
    const grant = db
      .updateTable('permission_grants')
      .where('permission_id', '=', permission.id)
      .where('grantee_type', '=', 'role')
      .where('grantee_id', '=', role.id);
    const { restrictions: before } = await db
      .selectFrom('permission_grants')
      .select('restrictions')
      .where('permission_id', '=', permission.id)
      .where('grantee_type', '=', 'role')
      .where('grantee_id', '=', role.id)
      .executeTakeFirstOrThrow();
    await grant.set({ restrictions: JSON.stringify([{ name: 'count', value: 1 }]) }).execute();
    try {
      const { browser } = await signedInUser(t.app);
      await createPlaylist(browser, { name: 'Only one' });
      const second = await browser.post('/api/v1/playlists', { name: 'One too many' });
      expect(second.statusCode).toBe(403);
    } finally {
      await grant.set({ restrictions: before }).execute();
    }
  });
});
