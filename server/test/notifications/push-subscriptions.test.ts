import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { browserPushKeys, startPushService } from '../helpers/push-service.ts';

const PUSH = '/api/v1/notifications/push-subscriptions';

let testApp: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  [testApp, pushService] = await Promise.all([createTestApp(), startPushService()]);
});
afterAll(async () => {
  await testApp.close();
  await pushService.close();
});

describe('the VAPID key pair', () => {
  it('is generated on the first start and stays the same for every instance', async () => {
    const stored = await testApp.app.services.settings.get('notifications.vapid_keys');
    expect(stored?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(stored?.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A second instance on the same database reads the pair back instead of making one.
    const second = await buildApp({
      config: testApp.config,
      database: testApp.database,
      logger: false,
    });
    try {
      expect(await second.services.push.keys()).toEqual(stored);
    } finally {
      await second.close();
    }
  });

  it('never reaches the bootstrap data', async () => {
    const { browser } = await signedInUser(testApp.app);
    const page = await browser.get('/api/v1/bootstrap-data');
    const stored = await testApp.app.services.settings.get('notifications.vapid_keys');
    expect(page.body).not.toContain(stored!.privateKey);
  });
});

describe('POST notifications/push-subscriptions', () => {
  it("stores the browser's subscription; the endpoint moves to whoever registers it last", async () => {
    const first = await signedInUser(testApp.app);
    const second = await signedInUser(testApp.app);
    const endpoint = `${pushService.origin}/push/shared-browser`;
    const keys = browserPushKeys().keys;
    expect((await first.browser.post(PUSH, { endpoint, keys })).json()).toEqual({
      message: 'Browser notifications enabled',
    });
    expect((await second.browser.post(PUSH, { endpoint, keys })).statusCode).toBe(200);

    // The first user logged out of that browser: it no longer belongs to them.
    expect((await first.browser.delete(PUSH, { endpoint })).statusCode).toBe(404);
    expect((await second.browser.delete(PUSH, { endpoint })).json()).toEqual({
      message: 'Browser notifications disabled',
    });
  });

  it.each([
    ['no endpoint', { keys: { p256dh: 'BAAAAAAAAAAA', auth: 'AAAAAAAAAAAA' } }, 'endpoint'],
    [
      'an endpoint that is not a web address',
      { endpoint: 'javascript:alert(1)', keys: { p256dh: 'BAAAAAAAAAAA', auth: 'AAAAAAAAAAAA' } },
      'endpoint',
    ],
    ['no keys', { endpoint: 'https://push.example/x' }, 'keys'],
    [
      'a key that is not base64url',
      { endpoint: 'https://push.example/x', keys: { p256dh: 'not base64!', auth: 'AAAAAAAAAAAA' } },
      'keys.p256dh',
    ],
  ])('answers %s with 422', async (_case, payload, field) => {
    const { browser } = await signedInUser(testApp.app);
    const response = await browser.post(PUSH, payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual([field]);
  });

  it('is refused to guests', async () => {
    const guest = await guestBrowser(testApp.app);
    const response = await guest.post(PUSH, {
      endpoint: 'https://push.example/x',
      keys: browserPushKeys().keys,
    });
    expect(response.statusCode).toBe(401);
  });

  it('never delivers to a private address unless the site allows it (tests only)', async () => {
    const { id, browser } = await signedInUser(testApp.app);
    await browser.post(PUSH, {
      endpoint: `${pushService.origin}/push/private-${id}`,
      keys: browserPushKeys().keys,
    });
    await testApp.app.services.notifications.notify(id, 'user.followed', {
      follower: { id: 1, name: 'Someone', image: null },
    });
    expect(pushService.deliveries.some((d) => d.path === `/push/private-${id}`)).toBe(false);
  });
});
