import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pagination, Repost, RepostedIds } from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createAlbum, createArtist, createTrack } from '../helpers/catalog.ts';
import type { Browser } from '../helpers/client.ts';

let t: TestApp;
let track: { id: number };
let album: { id: number };
let owner: Awaited<ReturnType<typeof signedInUser>>;
let privateTrack: { id: number };

const repost = (browser: Browser, type: string, id: number | string, method = 'PUT') =>
  browser.request({ method: method as 'PUT', url: `/api/v1/library/reposts/${type}/${id}` });
const profile = async (browser: Browser, userId: number) =>
  (
    (await browser.get(`/api/v1/users/${userId}/reposts`)).json() as {
      pagination: Pagination<Repost>;
    }
  ).pagination;

beforeAll(async () => {
  t = await createTestApp();
  const artist = await createArtist(t.app);
  album = await createAlbum(t.app, { name: 'Tidal', artistIds: [artist.id] });
  track = await createTrack(t.app, { name: 'Undertow', albumId: album.id, artistIds: [artist.id] });
  owner = await signedInUser(t.app);
  privateTrack = await createTrack(t.app, {
    name: 'Hidden',
    artistIds: [artist.id],
    ownerId: owner.id,
    isPublic: false,
  });
});

afterAll(async () => {
  await t.close();
});

describe('reposts', () => {
  it('reposts tracks and albums to the profile, newest first, and takes them back', async () => {
    const dj = await signedInUser(t.app);
    const visitor = await signedInUser(t.app);
    expect((await repost(dj.browser, 'tracks', track.id)).json()).toEqual({ reposted: true });
    expect((await repost(dj.browser, 'albums', album.id)).statusCode).toBe(200);
    expect((await repost(dj.browser, 'albums', album.id)).statusCode).toBe(200);
    const ids = (
      (await dj.browser.get('/api/v1/library/reposts/ids')).json() as { reposts: RepostedIds }
    ).reposts;
    expect(ids).toEqual({ tracks: [track.id], albums: [album.id] });

    const shown = await profile(visitor.browser, dj.id);
    expect(shown.total).toBe(2);
    expect(new Set(shown.data.map((r) => r.type))).toEqual(new Set(['tracks', 'albums']));

    expect((await repost(dj.browser, 'tracks', track.id, 'DELETE')).json()).toEqual({
      reposted: false,
    });
    expect((await profile(visitor.browser, dj.id)).data.map((r) => r.type)).toEqual(['albums']);
  });

  it("hides the owner's private reposts from everyone else and answers 404 for others'", async () => {
    expect((await repost(owner.browser, 'tracks', privateTrack.id)).statusCode).toBe(200);
    const visitor = await signedInUser(t.app);
    expect((await profile(owner.browser, owner.id)).total).toBe(1);
    expect((await profile(visitor.browser, owner.id)).total).toBe(0);
    const guest = await guestBrowser(t.app);
    await guest.open();
    expect((await repost(visitor.browser, 'tracks', privateTrack.id)).statusCode).toBe(404);
    expect((await repost(visitor.browser, 'albums', 999999)).statusCode).toBe(404);
    expect((await visitor.browser.get('/api/v1/users/999999/reposts')).statusCode).toBe(404);
    expect((await repost(guest, 'tracks', track.id)).statusCode).toBe(401);
  });

  it('refuses bad input with 422 and field errors', async () => {
    const { browser } = await signedInUser(t.app);
    const badType = await repost(browser, 'artists', 1);
    expect(badType.statusCode).toBe(422);
    expect(badType.json()).toMatchObject({ errors: { type: [expect.any(String)] } });
    const badId = await repost(browser, 'tracks', '-4');
    expect(badId.json()).toMatchObject({ errors: { id: [expect.any(String)] } });
  });
});
