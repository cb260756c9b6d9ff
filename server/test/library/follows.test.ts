import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AppNotification,
  Artist,
  FollowedIds,
  Pagination,
  UserSummary,
} from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createArtist } from '../helpers/catalog.ts';
import type { Browser } from '../helpers/client.ts';

let t: TestApp;
let artist: { id: number; name: string };

const follow = (browser: Browser, type: string, id: number | string) =>
  browser.request({ method: 'PUT', url: `/api/v1/library/follows/${type}/${id}` });
const unfollow = (browser: Browser, type: string, id: number | string) =>
  browser.request({ method: 'DELETE', url: `/api/v1/library/follows/${type}/${id}` });
const followed = async (browser: Browser) =>
  ((await browser.get('/api/v1/library/follows/ids')).json() as { follows: FollowedIds }).follows;
const notifications = async (browser: Browser) =>
  (
    (await browser.get('/api/v1/notifications')).json() as {
      pagination: Pagination<AppNotification>;
    }
  ).pagination.data;
const people = async (browser: Browser, path: string) =>
  ((await browser.get(path)).json() as { pagination: Pagination<UserSummary> }).pagination;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { name: 'Coral Engine' });
});

afterAll(async () => {
  await t.close();
});

describe('following users', () => {
  it('follows a user, notifies them, lists followers and following, and unfollows', async () => {
    const fan = await signedInUser(t.app, { name: 'Fiona Fan' });
    const star = await signedInUser(t.app, { name: 'Sam Star' });

    const response = await follow(fan.browser, 'users', star.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ following: true });
    // Following again changes nothing and does not notify twice.
    expect((await follow(fan.browser, 'users', star.id)).statusCode).toBe(200);
    expect(await followed(fan.browser)).toEqual({ users: [star.id], artists: [], playlists: [] });

    const received = await notifications(star.browser);
    expect(received.filter((n) => n.type === 'user.followed')).toHaveLength(1);
    expect(JSON.stringify(received[0]!.data)).toContain('Fiona Fan');

    const followers = await people(star.browser, `/api/v1/users/${star.id}/followers`);
    expect(followers).toMatchObject({ total: 1, data: [{ id: fan.id, name: 'Fiona Fan' }] });
    const following = await people(star.browser, `/api/v1/users/${fan.id}/following`);
    expect(following.data.map((u) => u.name)).toEqual(['Sam Star']);
    // Lists carry no private fields.
    expect(Object.keys(followers.data[0]!).sort()).toEqual(['id', 'image', 'name']);

    expect((await unfollow(fan.browser, 'users', star.id)).json()).toEqual({ following: false });
    expect(await followed(fan.browser)).toEqual({ users: [], artists: [], playlists: [] });
    expect((await people(star.browser, `/api/v1/users/${star.id}/followers`)).total).toBe(0);
    // The notification is withdrawn with the follow.
    expect(
      (await notifications(star.browser)).filter((n) => n.type === 'user.followed'),
    ).toHaveLength(0);
  });

  it('refuses following oneself with 422 and unknown users with 404', async () => {
    const me = await signedInUser(t.app);
    const self = await follow(me.browser, 'users', me.id);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ errors: { id: [expect.any(String)] } });
    expect((await follow(me.browser, 'users', 999999)).statusCode).toBe(404);
    expect((await unfollow(me.browser, 'users', 999999)).statusCode).toBe(404);
    expect((await me.browser.get('/api/v1/users/999999/followers')).statusCode).toBe(404);
    expect((await me.browser.get('/api/v1/users/999999/following')).statusCode).toBe(404);
  });

  it('refuses bad input with 422 and field errors', async () => {
    const me = await signedInUser(t.app);
    const badType = await follow(me.browser, 'tracks', 1);
    expect(badType.statusCode).toBe(422);
    expect(badType.json()).toMatchObject({ errors: { type: [expect.any(String)] } });
    const badId = await follow(me.browser, 'artists', 'abc');
    expect(badId.statusCode).toBe(422);
    expect(badId.json()).toMatchObject({ errors: { id: [expect.any(String)] } });
    const badPage = await me.browser.get(`/api/v1/users/${me.id}/followers?page=0`);
    expect(badPage.statusCode).toBe(422);
    expect(badPage.json()).toMatchObject({ errors: { page: [expect.any(String)] } });
  });

  it('needs a login to follow', async () => {
    const guest = await guestBrowser(t.app);
    await guest.open();
    expect((await follow(guest, 'artists', artist.id)).statusCode).toBe(401);
    expect((await guest.get('/api/v1/library/follows/ids')).statusCode).toBe(401);
  });
});

describe('following artists', () => {
  it('follows an artist, which then shows among the library artists', async () => {
    const fan = await signedInUser(t.app);
    const liked = await createArtist(t.app, { name: 'Liked Only' });
    await fan.browser.request({ method: 'PUT', url: `/api/v1/library/likes/artists/${liked.id}` });
    expect((await follow(fan.browser, 'artists', artist.id)).statusCode).toBe(200);
    expect(await followed(fan.browser)).toEqual({ users: [], artists: [artist.id], playlists: [] });

    const library = (
      (await fan.browser.get('/api/v1/library/artists')).json() as {
        pagination: Pagination<Artist>;
      }
    ).pagination;
    expect(library.total).toBe(2);
    expect(library.data.map((a) => a.name).sort()).toEqual(['Coral Engine', 'Liked Only']);

    // Liking a followed artist too lists it once.
    await fan.browser.request({ method: 'PUT', url: `/api/v1/library/likes/artists/${artist.id}` });
    const again = (
      (await fan.browser.get('/api/v1/library/artists')).json() as {
        pagination: Pagination<Artist>;
      }
    ).pagination;
    expect(again.total).toBe(2);
    expect(again.data).toHaveLength(2);

    expect((await follow(fan.browser, 'artists', 999999)).statusCode).toBe(404);
  });
});
