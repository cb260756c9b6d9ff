import type { BootstrapData } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import type { Browser } from './helpers/client.ts';
import { readBootstrapData } from './helpers/page.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** The app page as the browser gets it; twice first, so what it shows comes kept. */
async function pageData(browser: Browser): Promise<BootstrapData> {
  const response = await browser.get('/', { accept: 'text/html' });
  expect(response.statusCode).toBe(200);
  return readBootstrapData(response.body);
}

describe("a signed-in viewer's extras, kept between pages", () => {
  it('shows a new workspace, a notification and a read one on the next page', async () => {
    const { id, browser } = await signedInUser(testApp.app, { name: 'Kept Kim' });
    await pageData(browser);
    expect((await pageData(browser)).workspaces.map((w) => w.name)).toEqual(['Default']);

    await browser.post('/api/v1/workspaces', { name: 'Late Shift' });
    expect((await pageData(browser)).workspaces.map((w) => w.name)).toEqual([
      'Default',
      'Late Shift',
    ]);

    await testApp.app.services.notifications.notify(id, 'user.followed', {
      follower: { id: 1, name: 'Someone', image: null },
    });
    const notified = await pageData(browser);
    expect(notified.user?.unread_notifications_count).toBe(1);

    expect((await browser.post('/api/v1/notifications/mark-all-as-read', {})).statusCode).toBe(200);
    expect((await pageData(browser)).user?.unread_notifications_count).toBe(0);
  });

  it('shows a linked and an unlinked account on the next page', async () => {
    const { id, browser } = await signedInUser(testApp.app);
    expect((await pageData(browser)).user?.social_profiles).toEqual([]);
    await testApp.app.services.socialProfiles.link(id, {
      service: 'google',
      id: `google-${id}`,
      username: 'kept',
      email: null,
    });
    expect((await pageData(browser)).user?.social_profiles).toEqual([
      { service_name: 'google', username: 'kept' },
    ]);
    await testApp.app.services.socialProfiles.unlink(id, 'google');
    expect((await pageData(browser)).user?.social_profiles).toEqual([]);
  });

  it("never shows one viewer another's extras", async () => {
    const first = await signedInUser(testApp.app, { name: 'First' });
    const second = await signedInUser(testApp.app, { name: 'Second' });
    await first.browser.post('/api/v1/workspaces', { name: 'Only First' });
    for (let round = 0; round < 2; round++) {
      const [a, b] = await Promise.all([pageData(first.browser), pageData(second.browser)]);
      expect(a.user?.id).toBe(first.id);
      expect(a.workspaces.map((w) => w.name)).toContain('Only First');
      expect(b.user?.id).toBe(second.id);
      expect(b.workspaces.map((w) => w.name)).toEqual(['Default']);
    }
  });

  it('forgets a viewer when another instance announces a change', async () => {
    const { id, browser } = await signedInUser(testApp.app);
    await pageData(browser);
    // Written past this instance's services, as another instance would.
    await testApp.app.services.database.db
      .insertInto('notifications')
      .values({
        user_id: id,
        type: 'user.followed',
        data: JSON.stringify({ lines: [] }),
        reference: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await pageData(browser)).user?.unread_notifications_count).toBe(0);
    await testApp.app.services.realtime.broadcast('bootstrap-viewers', String(id));
    expect((await pageData(browser)).user?.unread_notifications_count).toBe(1);
  });
});
