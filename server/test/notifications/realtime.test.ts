import type { RealtimeEvent } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openRealtime } from '../helpers/realtime.ts';

let testApp: TestApp;

beforeAll(async () => {
  // In process, not the built server (issue 37.3): the test counts the open sockets of this
  // process's realtime hub (services.realtime.connections).
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const isNotification = (event: RealtimeEvent) => event.type === 'notification';

describe('the realtime socket (in-process fan-out)', () => {
  it("delivers a new notification with the unread count to every one of the user's tabs, and only theirs", async () => {
    const { id, browser } = await signedInUser(testApp.app);
    const other = await signedInUser(testApp.app);
    const [tab1, tab2, stranger] = await Promise.all([
      openRealtime(testApp.app, browser),
      openRealtime(testApp.app, browser),
      openRealtime(testApp.app, other.browser),
    ]);

    await testApp.app.services.notifications.notify(id, 'user.followed', {
      follower: { id: 7, name: 'Live Follower', image: null },
    });
    for (const tab of [tab1, tab2]) {
      const event = await tab.next(isNotification);
      expect(event).toMatchObject({
        type: 'notification',
        unreadCount: 1,
        notification: {
          type: 'user.followed',
          read_at: null,
          data: { lines: [{ replacements: { name: 'Live Follower' } }] },
        },
      });
    }

    // Reading in one tab updates the count in the others.
    const seen = tab2.events.length;
    await browser.post('/api/v1/notifications/mark-all-as-read');
    expect(await tab2.next((e) => e.type === 'notifications.read', { after: seen })).toEqual({
      type: 'notifications.read',
      unreadCount: 0,
    });
    expect(stranger.events.filter(isNotification)).toEqual([]);
    await Promise.all([tab1.close(), tab2.close(), stranger.close()]);
    expect(testApp.app.services.realtime.connections).toBe(0);
  });

  it('refuses a socket without a signed-in session (401)', async () => {
    const guest = await guestBrowser(testApp.app);
    await expect(openRealtime(testApp.app, guest)).rejects.toThrow(
      'Unexpected server response: 401',
    );
  });

  it('refuses a socket opened from another site (403)', async () => {
    const { browser } = await signedInUser(testApp.app);
    await expect(
      openRealtime(testApp.app, browser, { origin: 'https://evil.example' }),
    ).rejects.toThrow('Unexpected server response: 403');
  });
});
