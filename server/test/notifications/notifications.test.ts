import type { AppNotification, Pagination } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

interface ListBody {
  pagination: Pagination<AppNotification>;
  unreadCount: number;
}

/** Someone follows the user, as the follows area will notify. */
async function followedBy(userId: number, name = 'Rita Follower') {
  const notification = await testApp.app.services.notifications.notify(userId, 'user.followed', {
    follower: { id: 9999, name, image: '/storage/avatars/rita.png' },
  });
  if (!notification) throw new Error('The in-app channel should be on by default');
  return notification;
}

describe('GET notifications', () => {
  it("lists the user's own notifications, newest first, 30 a page, in the spec's data shape", async () => {
    const { id, browser } = await signedInUser(testApp.app);
    const other = await signedInUser(testApp.app);
    await followedBy(other.id, 'Not Yours');
    for (let i = 1; i <= 31; i++) await followedBy(id, `Follower ${i}`);

    const first = await browser.get('/api/v1/notifications');
    expect(first.statusCode).toBe(200);
    const body = first.json() as ListBody;
    expect(body.pagination).toMatchObject({
      current_page: 1,
      per_page: 30,
      total: 31,
      last_page: 2,
      from: 1,
      to: 30,
    });
    expect(body.unreadCount).toBe(31);
    expect(body.pagination.data[0]).toEqual({
      id: expect.any(Number),
      type: 'user.followed',
      read_at: null,
      created_at: expect.any(String),
      data: {
        image: '/storage/avatars/rita.png',
        lines: [
          {
            type: 'primary',
            content: ':name started following you',
            replacements: { name: 'Follower 31' },
          },
        ],
        mainAction: { label: 'View profile', action: '/user/9999/follower-31' },
      },
    });
    const second = (await browser.get('/api/v1/notifications?page=2')).json() as ListBody;
    expect(second.pagination.data.map((n) => n.data.lines[0]?.replacements?.name)).toEqual([
      'Follower 1',
    ]);
    expect(first.body).not.toContain('Not Yours');
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['perPage=101', 'perPage'],
  ])('answers %s with 422 on %s', async (query, field) => {
    const { browser } = await signedInUser(testApp.app);
    const response = await browser.get(`/api/v1/notifications?${query}`);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual([field]);
  });

  it('is refused to guests', async () => {
    const guest = await guestBrowser(testApp.app);
    expect((await guest.get('/api/v1/notifications')).statusCode).toBe(401);
  });
});

describe('the unread count', () => {
  it("is the bootstrap user's unread_notifications_count", async () => {
    const { id, browser } = await signedInUser(testApp.app);
    expect((await currentUser(browser))?.unread_notifications_count).toBe(0);
    await followedBy(id);
    await followedBy(id);
    expect((await currentUser(browser))?.unread_notifications_count).toBe(2);
  });
});

describe('POST notifications/mark-as-read', () => {
  it('marks the given notifications read and answers the unread count', async () => {
    const { id, browser } = await signedInUser(testApp.app);
    const a = await followedBy(id);
    const b = await followedBy(id);
    await followedBy(id);

    const response = await browser.post('/api/v1/notifications/mark-as-read', {
      ids: [a.id, b.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 1 });
    const list = (await browser.get('/api/v1/notifications')).json() as ListBody;
    const readIds = list.pagination.data.filter((n) => n.read_at).map((n) => n.id);
    expect(readIds.sort()).toEqual([a.id, b.id].sort());
    expect((await currentUser(browser))?.unread_notifications_count).toBe(1);

    // Marking again changes nothing.
    const again = await browser.post('/api/v1/notifications/mark-as-read', { ids: [a.id] });
    expect(again.json()).toEqual({ unreadCount: 1 });
  });

  it.each([
    ['no ids', {}],
    ['an empty list', { ids: [] }],
    ['a non-numeric id', { ids: ['x'] }],
    ['a negative id', { ids: [-1] }],
    ['over 100 ids', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
  ])('answers %s with 422 on ids', async (_case, body) => {
    const { browser } = await signedInUser(testApp.app);
    const response = await browser.post('/api/v1/notifications/mark-as-read', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)[0]).toMatch(/^ids/);
  });

  it("answers 404 for another user's notification and marks nothing", async () => {
    const owner = await signedInUser(testApp.app);
    const stranger = await signedInUser(testApp.app);
    const theirs = await followedBy(owner.id);
    const mine = await followedBy(stranger.id);

    const response = await stranger.browser.post('/api/v1/notifications/mark-as-read', {
      ids: [mine.id, theirs.id],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Notification not found.' });
    expect((await currentUser(owner.browser))?.unread_notifications_count).toBe(1);
    expect((await currentUser(stranger.browser))?.unread_notifications_count).toBe(1);
  });

  it('needs the XSRF token', async () => {
    const { id, browser } = await signedInUser(testApp.app);
    const n = await followedBy(id);
    const response = await browser.request({
      method: 'POST',
      url: '/api/v1/notifications/mark-as-read',
      payload: { ids: [n.id] },
      xsrf: false,
    });
    expect(response.statusCode).toBe(419);
  });
});

describe('POST notifications/mark-all-as-read', () => {
  it("marks every one of the user's notifications read, and no one else's", async () => {
    const { id, browser } = await signedInUser(testApp.app);
    const other = await signedInUser(testApp.app);
    await followedBy(id);
    await followedBy(id);
    await followedBy(other.id);

    const response = await browser.post('/api/v1/notifications/mark-all-as-read');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 0 });
    const list = (await browser.get('/api/v1/notifications')).json() as ListBody;
    expect(list.pagination.data.every((n) => n.read_at !== null)).toBe(true);
    expect((await currentUser(other.browser))?.unread_notifications_count).toBe(1);
  });

  it('is refused to guests', async () => {
    const guest = await guestBrowser(testApp.app);
    expect((await guest.post('/api/v1/notifications/mark-all-as-read')).statusCode).toBe(401);
  });
});
