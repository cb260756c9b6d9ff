import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AppNotification,
  LibraryPlaylists,
  Pagination,
  PlaylistAbilities,
  PlaylistDetails,
} from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { confirmPassword, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createArtist, createTrack } from '../helpers/catalog.ts';
import type { Browser } from '../helpers/client.ts';
import { workspaceWith } from '../helpers/workspaces.ts';

let t: TestApp;
let trackIds: number[];

async function createPlaylist(browser: Browser, body: object = { name: 'Band practice' }) {
  const response = await browser.post('/api/v1/playlists', body);
  expect(response.statusCode).toBe(201);
  return (response.json() as { playlist: PlaylistDetails }).playlist;
}
const show = (browser: Browser, id: number) => browser.get(`/api/v1/playlists/${id}`);
async function details(browser: Browser, id: number) {
  const response = await show(browser, id);
  expect(response.statusCode).toBe(200);
  return response.json() as { playlist: PlaylistDetails; abilities: PlaylistAbilities };
}
const trackOrder = async (browser: Browser, id: number) =>
  (await details(browser, id)).playlist.tracks.map((track) => track.id);
async function positions(id: number): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('playlist_tracks')
    .select('position')
    .where('playlist_id', '=', id)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.position);
}
const update = (browser: Browser, id: number, payload: object) =>
  browser.request({ method: 'PUT', url: `/api/v1/playlists/${id}`, payload });
const invite = (browser: Browser, id: number, userId: number | string) =>
  browser.post(`/api/v1/playlists/${id}/editors`, { user_id: userId });
const removeEditor = (browser: Browser, id: number, userId: number) =>
  browser.request({ method: 'DELETE', url: `/api/v1/playlists/${id}/editors/${userId}` });
const add = (browser: Browser, id: number, ids: number[]) =>
  browser.post(`/api/v1/playlists/${id}/tracks`, { ids });
const remove = (browser: Browser, id: number, ids: number[]) =>
  browser.request({ method: 'DELETE', url: `/api/v1/playlists/${id}/tracks`, payload: { ids } });
const reorder = (browser: Browser, id: number, ids: number[]) =>
  browser.request({ method: 'PUT', url: `/api/v1/playlists/${id}/tracks/order`, payload: { ids } });
const library = async (browser: Browser) =>
  (await browser.get('/api/v1/library/playlists')).json() as LibraryPlaylists;
const invitations = async (browser: Browser) =>
  (
    (await browser.get('/api/v1/notifications')).json() as {
      pagination: Pagination<AppNotification>;
    }
  ).pagination.data.filter((n) => n.type === 'playlist.invite');

/** A private collaborative playlist of a new owner, with one invited editor. */
/** How many search index entries a playlist has (SQLite keeps one key per entry). */
async function searchEntries(id: number): Promise<number> {
  const table = t.database.dialect === 'postgres' ? 'search_index' : 'search_index_keys';
  const rows = await t.database.db
    .selectFrom(table)
    .select('ref_id')
    .where('kind', '=', 'playlist')
    .where('ref_id', '=', id)
    .execute();
  return rows.length;
}

async function collaborativePlaylist(name = 'Band practice') {
  const owner = await signedInUser(t.app, { name: 'Olga Owner' });
  const editor = await signedInUser(t.app, { name: 'Eddie Editor' });
  const playlist = await createPlaylist(owner.browser, { name });
  expect((await update(owner.browser, playlist.id, { is_collaborative: true })).statusCode).toBe(
    200,
  );
  expect((await invite(owner.browser, playlist.id, editor.id)).statusCode).toBe(200);
  return { owner, editor, playlist };
}

beforeAll(async () => {
  t = await createTestApp();
  const artist = await createArtist(t.app, { name: 'Tin Orchard' });
  trackIds = [];
  for (let i = 0; i < 10; i++) {
    trackIds.push((await createTrack(t.app, { name: `Take ${i}`, artistIds: [artist.id] })).id);
  }
});

afterAll(async () => {
  await t.close();
});

describe('inviting editors', () => {
  it('invites a user, who is notified and finds the playlist in their library', async () => {
    const owner = await signedInUser(t.app, { name: 'Olga Owner' });
    const editor = await signedInUser(t.app, { name: 'Eddie Editor' });
    const playlist = await createPlaylist(owner.browser, { name: 'Garage tapes' });
    expect(playlist).toMatchObject({ is_collaborative: false, editors: [] });

    // Only a collaborative playlist takes editors.
    const early = await invite(owner.browser, playlist.id, editor.id);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ errors: { user_id: [expect.any(String)] } });

    const marked = await update(owner.browser, playlist.id, { is_collaborative: true });
    expect(marked.json()).toMatchObject({ playlist: { is_collaborative: true } });
    const invited = await invite(owner.browser, playlist.id, editor.id);
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toEqual({
      editors: [{ id: editor.id, name: 'Eddie Editor', image: null }],
    });
    // Inviting again changes nothing and does not notify twice.
    expect((await invite(owner.browser, playlist.id, editor.id)).statusCode).toBe(200);

    const received = await invitations(editor.browser);
    expect(received).toHaveLength(1);
    expect(received[0]!.data.lines[0]).toMatchObject({
      replacements: { name: 'Olga Owner', playlist: 'Garage tapes' },
    });
    expect(received[0]!.data.mainAction?.action).toBe(`/playlist/${playlist.id}/garage-tapes`);

    // The private playlist shows to its editor, with what they may do.
    const seen = await details(editor.browser, playlist.id);
    expect(seen.playlist.editors.map((e) => e.id)).toEqual([editor.id]);
    expect(seen.abilities).toEqual({ update: false, editTracks: true, leave: true });
    expect((await details(owner.browser, playlist.id)).abilities).toEqual({
      update: true,
      editTracks: true,
      leave: false,
    });
    const editorLibrary = await library(editor.browser);
    expect(editorLibrary.collaborating.map((p) => p.name)).toEqual(['Garage tapes']);
    expect(editorLibrary.playlists).toEqual([]);
    // The owner lists it once, as their own.
    const ownerLibrary = await library(owner.browser);
    expect(ownerLibrary.playlists.map((p) => p.id)).toEqual([playlist.id]);
    expect(ownerLibrary.collaborating).toEqual([]);
  });

  it('refuses unknown users, the owner, and anything but a user id (422)', async () => {
    const { owner, playlist } = await collaborativePlaylist();
    for (const userId of [999999, owner.id, 'someone', 0]) {
      const response = await invite(owner.browser, playlist.id, userId);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: { user_id: [expect.any(String)] } });
    }
    const missing = await owner.browser.post(`/api/v1/playlists/${playlist.id}/editors`, {});
    expect(missing.statusCode).toBe(422);
  });

  it('keeps a private collaborative playlist 404 for everyone else', async () => {
    const { playlist, owner } = await collaborativePlaylist();
    const stranger = await signedInUser(t.app);
    const guest = await guestBrowser(t.app);
    expect((await show(stranger.browser, playlist.id)).statusCode).toBe(404);
    expect((await show(guest, playlist.id)).statusCode).toBe(404);
    const calls = [
      () => invite(stranger.browser, playlist.id, stranger.id),
      () => removeEditor(stranger.browser, playlist.id, owner.id),
      () => add(stranger.browser, playlist.id, [trackIds[0]!]),
      () => reorder(stranger.browser, playlist.id, [trackIds[0]!]),
      () => remove(stranger.browser, playlist.id, [trackIds[0]!]),
      () => update(stranger.browser, playlist.id, { name: 'Mine now' }),
      () => stranger.browser.request({ method: 'DELETE', url: `/api/v1/playlists/${playlist.id}` }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(404);
    expect((await library(stranger.browser)).collaborating).toEqual([]);
  });
});

describe('what editors may do', () => {
  it('adds, removes and reorders tracks', async () => {
    const { owner, editor, playlist } = await collaborativePlaylist();
    const [a, b, c] = trackIds as [number, number, number];
    await add(owner.browser, playlist.id, [a]);
    expect((await add(editor.browser, playlist.id, [b, c])).json()).toEqual({ added: 2 });
    expect((await reorder(editor.browser, playlist.id, [c, a, b])).statusCode).toBe(200);
    expect((await remove(editor.browser, playlist.id, [a])).statusCode).toBe(200);
    expect(await trackOrder(owner.browser, playlist.id)).toEqual([c, b]);
    expect(await positions(playlist.id)).toEqual([1, 2]);
  });

  it('may not rename, change privacy or collaboration, set the image, manage editors or delete (403)', async () => {
    const { owner, editor, playlist } = await collaborativePlaylist();
    const other = await signedInUser(t.app);
    await invite(owner.browser, playlist.id, other.id);
    const calls = [
      () => update(editor.browser, playlist.id, { name: 'Renamed' }),
      () => update(editor.browser, playlist.id, { is_public: true }),
      () => update(editor.browser, playlist.id, { is_collaborative: false }),
      () => invite(editor.browser, playlist.id, editor.id),
      () => removeEditor(editor.browser, playlist.id, other.id),
      () => editor.browser.request({ method: 'DELETE', url: `/api/v1/playlists/${playlist.id}` }),
      () =>
        editor.browser.request({ method: 'DELETE', url: `/api/v1/playlists/${playlist.id}/image` }),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect((response.json() as { message: string }).message).toMatch(/owner/);
    }
    const after = await details(owner.browser, playlist.id);
    expect(after.playlist).toMatchObject({ name: 'Band practice', is_public: false });
    expect(after.playlist.editors.map((e) => e.id).sort()).toEqual([editor.id, other.id].sort());
  });

  it('leaves the playlist, after which a private one is 404 to them again', async () => {
    const { owner, editor, playlist } = await collaborativePlaylist();
    expect(await invitations(editor.browser)).toHaveLength(1);
    expect((await removeEditor(editor.browser, playlist.id, editor.id)).json()).toEqual({
      removed: true,
    });
    expect(await invitations(editor.browser)).toHaveLength(0);
    expect((await show(editor.browser, playlist.id)).statusCode).toBe(404);
    expect((await add(editor.browser, playlist.id, [trackIds[0]!])).statusCode).toBe(404);
    expect((await library(editor.browser)).collaborating).toEqual([]);
    expect((await details(owner.browser, playlist.id)).playlist.editors).toEqual([]);
    // Leaving twice: no longer an editor, so nothing to see.
    expect((await removeEditor(editor.browser, playlist.id, editor.id)).statusCode).toBe(404);
  });
});

describe('the owner managing editors', () => {
  it('removes an editor and withdraws their invitation', async () => {
    const { owner, editor, playlist } = await collaborativePlaylist();
    expect((await removeEditor(owner.browser, playlist.id, editor.id)).statusCode).toBe(200);
    expect(await invitations(editor.browser)).toEqual([]);
    expect((await show(editor.browser, playlist.id)).statusCode).toBe(404);
    expect((await removeEditor(owner.browser, playlist.id, editor.id)).statusCode).toBe(404);
  });

  it('turning collaboration off removes every editor; a public playlist stays readable', async () => {
    const { owner, editor, playlist } = await collaborativePlaylist();
    await update(owner.browser, playlist.id, { is_public: true });
    const off = await update(owner.browser, playlist.id, { is_collaborative: false });
    expect(off.json()).toMatchObject({ playlist: { is_collaborative: false, editors: [] } });
    expect(await invitations(editor.browser)).toEqual([]);
    const seen = await details(editor.browser, playlist.id);
    expect(seen.abilities).toEqual({ update: false, editTracks: false, leave: false });
    expect((await add(editor.browser, playlist.id, [trackIds[0]!])).statusCode).toBe(404);
    // On again, the old editors are not back.
    await update(owner.browser, playlist.id, { is_collaborative: true });
    expect((await details(owner.browser, playlist.id)).playlist.editors).toEqual([]);
  });

  it('deleting the playlist withdraws the invitations', async () => {
    const { owner, editor, playlist } = await collaborativePlaylist();
    const deleted = await owner.browser.request({
      method: 'DELETE',
      url: `/api/v1/playlists/${playlist.id}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await invitations(editor.browser)).toEqual([]);
    expect((await library(editor.browser)).collaborating).toEqual([]);
  });
});

describe('owner and editor editing at once', () => {
  it('loses no add and keeps positions 1..n when both add at the same time', async () => {
    const { owner, editor, playlist } = await collaborativePlaylist();
    const answers = await Promise.all([
      add(owner.browser, playlist.id, trackIds.slice(0, 5)),
      add(editor.browser, playlist.id, trackIds.slice(5, 10)),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(await trackOrder(owner.browser, playlist.id))).toEqual(new Set(trackIds));
    expect(await positions(playlist.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('keeps every track and a contiguous order under concurrent adds, removes and reorders', async () => {
    const { owner, editor, playlist } = await collaborativePlaylist();
    const start = trackIds.slice(0, 5);
    await add(owner.browser, playlist.id, start);
    const [r0, r1, r2] = [trackIds[5]!, trackIds[6]!, trackIds[7]!];
    const answers = await Promise.all([
      reorder(owner.browser, playlist.id, [...start].reverse()),
      add(editor.browser, playlist.id, [r0]),
      reorder(editor.browser, playlist.id, [start[2]!, start[0]!, start[4]!, start[1]!, start[3]!]),
      add(owner.browser, playlist.id, [r1]),
      remove(editor.browser, playlist.id, [start[1]!]),
      add(editor.browser, playlist.id, [r2]),
      reorder(owner.browser, playlist.id, [r0, ...start]),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const expected = [...start.filter((id) => id !== start[1]), r0, r1, r2];
    const order = await trackOrder(editor.browser, playlist.id);
    expect(order).toHaveLength(expected.length);
    expect(new Set(order)).toEqual(new Set(expected));
    expect(await positions(playlist.id)).toEqual(expected.map((_, i) => i + 1));
  });

  it('runs many rounds of the two editors reordering while adding, always contiguous', async () => {
    const { owner, editor, playlist } = await collaborativePlaylist();
    await add(owner.browser, playlist.id, trackIds.slice(0, 3));
    for (let round = 0; round < 5; round++) {
      const current = await trackOrder(owner.browser, playlist.id);
      const next = trackIds[3 + round]!;
      await Promise.all([
        reorder(owner.browser, playlist.id, [...current].reverse()),
        add(editor.browser, playlist.id, [next]),
        reorder(editor.browser, playlist.id, [...current.slice(1), current[0]!]),
      ]);
      expect(await positions(playlist.id)).toEqual(
        Array.from({ length: current.length + 1 }, (_, i) => i + 1),
      );
    }
    expect(new Set(await trackOrder(owner.browser, playlist.id))).toEqual(
      new Set(trackIds.slice(0, 8)),
    );
  });
});

describe('people without an account', () => {
  it('need a login to invite or remove editors', async () => {
    const { playlist, editor } = await collaborativePlaylist();
    const guest = await guestBrowser(t.app);
    expect((await invite(guest, playlist.id, editor.id)).statusCode).toBe(401);
    expect((await removeEditor(guest, playlist.id, editor.id)).statusCode).toBe(401);
  });
});

describe('deleting a workspace', () => {
  it('takes its playlists with their invitations and search entries', async () => {
    const team = await workspaceWith(t.app, [], 'Tape Club');
    const editor = await signedInUser(t.app, { name: 'Wendy Editor' });
    const inTeam = `?workspaceId=${team.id}`;
    const created = await team.owner.browser.post(`/api/v1/playlists${inTeam}`, {
      name: 'Quarantined Grooves',
      is_public: true,
    });
    expect(created.statusCode).toBe(201);
    const { id } = (created.json() as { playlist: PlaylistDetails }).playlist;
    const editing = `/api/v1/playlists/${id}${inTeam}`;
    await team.owner.browser.request({
      method: 'PUT',
      url: editing,
      payload: { is_collaborative: true },
    });
    expect(
      (
        await team.owner.browser.post(`/api/v1/playlists/${id}/editors${inTeam}`, {
          user_id: editor.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(await invitations(editor.browser)).toHaveLength(1);
    const indexed = () => searchEntries(id);
    expect(await indexed()).toBe(1);

    const deleted = await team.owner.browser.request({
      method: 'DELETE',
      url: `/api/v1/workspaces/${team.id}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await show(editor.browser, id)).statusCode).toBe(404);
    expect(await invitations(editor.browser)).toEqual([]);
    expect(await indexed()).toBe(0);
  });

  it('and deleting an account takes its playlists and workspaces the same way', async () => {
    const { owner, editor, playlist } = await collaborativePlaylist('Farewell Mixtape');
    const team = await owner.browser.post('/api/v1/workspaces', { name: 'Leaving Soon' });
    expect(team.statusCode).toBe(200);
    expect(await invitations(editor.browser)).toHaveLength(1);

    await confirmPassword(owner.browser, owner.password);
    const deleted = await owner.browser.delete(`/api/v1/users/${owner.id}?deleteCurrentUser=true`);
    expect(deleted.statusCode).toBe(200);
    expect((await show(editor.browser, playlist.id)).statusCode).toBe(404);
    expect(await invitations(editor.browser)).toEqual([]);
    expect(await searchEntries(playlist.id)).toBe(0);
  });
});
