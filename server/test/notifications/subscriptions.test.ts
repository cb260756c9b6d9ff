import type { NotificationSubscriptionsResponse } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { deliverMailTo, startMailbox, type Mailbox } from '../helpers/mailbox.ts';
import { browserPushKeys, startPushService, verifyVapid } from '../helpers/push-service.ts';

const SUBSCRIPTIONS = '/api/v1/notifications/me/subscriptions';

let testApp: TestApp;
let mailbox: Mailbox;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  [testApp, mailbox, pushService] = await Promise.all([
    createTestApp({ overrides: { allowPrivatePushEndpoints: true, appUrl: 'https://music.test' } }),
    startMailbox(),
    startPushService(),
  ]);
  await deliverMailTo(testApp.app, mailbox);
});
afterAll(async () => {
  await testApp.close();
  await mailbox.close();
  await pushService.close();
});

const channelsOf = (body: NotificationSubscriptionsResponse, id: string) =>
  body.user_selections.find((s) => s.notif_id === id)?.channels;

describe('GET notifications/me/subscriptions', () => {
  it('lists the groups, the channels and the defaults for a new user', async () => {
    const { browser } = await signedInUser(testApp.app);
    const response = await browser.get(SUBSCRIPTIONS);
    expect(response.statusCode).toBe(200);
    const body = response.json() as NotificationSubscriptionsResponse;
    expect(body.available_channels).toEqual(['in_app', 'email', 'browser']);
    expect(body.subscriptions.map((g) => g.group_name)).toEqual([
      'Music',
      'Backstage',
      'Social',
      'Playlists',
      'Workspaces',
    ]);
    const social = body.subscriptions.find((g) => g.group_name === 'Social')!;
    expect(social.subscriptions).toEqual([
      {
        notif_id: 'user.followed',
        name: 'Someone follows me',
        channels: ['in_app', 'email', 'browser'],
      },
      {
        notif_id: 'comment.reply',
        name: 'Someone replies to my comment',
        channels: ['in_app', 'email', 'browser'],
      },
    ]);
    expect(channelsOf(body, 'user.followed')).toEqual({
      in_app: true,
      email: false,
      browser: true,
    });
    expect(channelsOf(body, 'workspace.invite')).toEqual({ in_app: true, browser: true });
    expect(body.push_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('is refused to guests', async () => {
    const guest = await guestBrowser(testApp.app);
    expect((await guest.get(SUBSCRIPTIONS)).statusCode).toBe(401);
  });
});

describe('PUT notifications/me/subscriptions', () => {
  it('saves the changed channels, keeps the others, and only for this user', async () => {
    const { browser } = await signedInUser(testApp.app);
    const other = await signedInUser(testApp.app);
    const response = await browser.put(SUBSCRIPTIONS, {
      selections: [
        { notif_id: 'user.followed', channels: { email: true } },
        { notif_id: 'artist.new_release', channels: { in_app: false, browser: false } },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Updated preferences' });

    const body = (await browser.get(SUBSCRIPTIONS)).json() as NotificationSubscriptionsResponse;
    expect(channelsOf(body, 'user.followed')).toEqual({ in_app: true, email: true, browser: true });
    expect(channelsOf(body, 'artist.new_release')).toEqual({
      in_app: false,
      email: true,
      browser: false,
    });
    const theirs = (
      await other.browser.get(SUBSCRIPTIONS)
    ).json() as NotificationSubscriptionsResponse;
    expect(channelsOf(theirs, 'user.followed')).toEqual({
      in_app: true,
      email: false,
      browser: true,
    });
  });

  it.each([
    ['no selections', {}, 'selections'],
    ['an empty list', { selections: [] }, 'selections'],
    [
      'an unknown notification',
      { selections: [{ notif_id: 'nope', channels: { email: true } }] },
      'selections.0.notif_id',
    ],
    [
      'an unknown channel',
      { selections: [{ notif_id: 'user.followed', channels: { sms: true } }] },
      'selections.0.channels',
    ],
    [
      'a channel the notification does not use',
      { selections: [{ notif_id: 'workspace.invite', channels: { email: true } }] },
      'selections.0.channels',
    ],
    [
      'a channel value that is not a boolean',
      { selections: [{ notif_id: 'user.followed', channels: { email: 'yes' } }] },
      'selections.0.channels.email',
    ],
    [
      'no channels',
      { selections: [{ notif_id: 'user.followed', channels: {} }] },
      'selections.0.channels',
    ],
  ])('answers %s with 422', async (_case, payload, field) => {
    const { browser } = await signedInUser(testApp.app);
    const response = await browser.put(SUBSCRIPTIONS, payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual([field]);
  });
});

describe('notify() follows the channels the user chose', () => {
  const follow = (userId: number, name: string) =>
    testApp.app.services.notifications.notify(userId, 'user.followed', {
      follower: { id: 42, name, image: null },
    });

  it('stores nothing in the app when the user turned the in-app channel off', async () => {
    const { id, browser } = await signedInUser(testApp.app);
    await browser.put(SUBSCRIPTIONS, {
      selections: [{ notif_id: 'user.followed', channels: { in_app: false, browser: false } }],
    });
    expect(await follow(id, 'Quiet Follower')).toBeNull();
    const list = (await browser.get('/api/v1/notifications')).json() as {
      pagination: { total: number };
    };
    expect(list.pagination.total).toBe(0);
  });

  it('emails the notification with a link when the email channel is on', async () => {
    const { id, email, browser } = await signedInUser(testApp.app);
    await browser.put(SUBSCRIPTIONS, {
      selections: [{ notif_id: 'user.followed', channels: { email: true } }],
    });
    await follow(id, 'Mail Follower');
    const mail = await mailbox.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Mail Follower started following you');
    expect(mail.text).toContain('View profile: https://music.test/user/42/mail-follower');
  });

  it('sends no email while the email channel is off (the default for follows)', async () => {
    const { id, email } = await signedInUser(testApp.app);
    const before = mailbox.messages.length;
    await follow(id, 'Silent Follower');
    const { email: probe, id: probeId, browser } = await signedInUser(testApp.app);
    await browser.put(SUBSCRIPTIONS, {
      selections: [{ notif_id: 'user.followed', channels: { email: true } }],
    });
    await follow(probeId, 'Probe');
    // Mail goes out in order, so once the probe arrived the first would have too.
    await mailbox.waitFor((m) => m.to.includes(probe), { after: before });
    expect(mailbox.to(email)).toEqual([]);
  });

  it("pushes an encrypted, VAPID-signed message to each of the user's browsers", async () => {
    const { id, browser } = await signedInUser(testApp.app);
    const chrome = browserPushKeys();
    const endpoint = `${pushService.origin}/push/${id}-chrome`;
    const saved = await browser.post('/api/v1/notifications/push-subscriptions', {
      endpoint,
      keys: chrome.keys,
    });
    expect(saved.statusCode).toBe(200);

    const notification = await follow(id, 'Pushy Follower');
    const delivery = await pushService.waitFor(`/push/${id}-chrome`);
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery.headers.ttl).toBe('86400');
    const vapid = verifyVapid(delivery.headers, pushService.origin);
    expect(vapid).toMatchObject({ valid: true, audienceMatches: true });
    expect(vapid.claims.sub).toBe('https://music.test');
    const { push_public_key } = (
      await browser.get(SUBSCRIPTIONS)
    ).json() as NotificationSubscriptionsResponse;
    expect(vapid.publicKey).toBe(push_public_key);
    expect(JSON.parse(chrome.decrypt(delivery.body))).toEqual({
      title: 'Backbeat',
      body: 'Pushy Follower started following you',
      icon: null,
      url: '/user/42/pushy-follower',
      tag: `notification-${notification!.id}`,
    });
  });

  it('forgets a browser subscription the push service says is gone', async () => {
    const { id, browser } = await signedInUser(testApp.app);
    const endpoint = `${pushService.origin}/gone/${id}`;
    await browser.post('/api/v1/notifications/push-subscriptions', {
      endpoint,
      keys: browserPushKeys().keys,
    });
    await follow(id, 'First');
    await pushService.waitFor(`/gone/${id}`);
    const removed = await browser.delete('/api/v1/notifications/push-subscriptions', { endpoint });
    expect(removed.statusCode).toBe(404);
  });
});
