import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser, signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.services.roles.createRole({
    name: 'browsers',
    description: 'May look at the catalog but not play it.',
    permissions: ['music.view'],
  });
});
afterAll(() => testApp.close());

describe('GET subscription/permissions, can-play-audio, can-play-video (spec §7)', () => {
  it('answers a guest with the guest role playback and the free-plan fallbacks', async () => {
    const guest = await guestBrowser(testApp.app);
    const permissions = await guest.get('/api/v1/subscription/permissions');
    expect(permissions.statusCode).toBe(200);
    expect(permissions.json()).toEqual({
      permissions: {
        can_play_audio: true,
        can_play_video: true,
        ads_enabled: true,
        ad_position: 'end',
        current_plan: 'Free',
        has_subscription: false,
      },
    });
    expect((await guest.get('/api/v1/subscription/can-play-audio')).json()).toEqual({
      can_play: true,
    });
    expect((await guest.get('/api/v1/subscription/can-play-video')).json()).toEqual({
      can_play: true,
    });
  });

  it('answers no for a signed-in user whose roles do not allow playing', async () => {
    const { browser } = await signedInUser(testApp.app, { roleNames: ['browsers'] });
    expect((await browser.get('/api/v1/subscription/can-play-audio')).json()).toEqual({
      can_play: false,
    });
    expect((await browser.get('/api/v1/subscription/can-play-video')).json()).toEqual({
      can_play: false,
    });
    const { permissions } = (await browser.get('/api/v1/subscription/permissions')).json() as {
      permissions: { can_play_audio: boolean; current_plan: string };
    };
    expect(permissions).toMatchObject({ can_play_audio: false, current_plan: 'Free' });
  });

  it('answers yes for a listener of the default role', async () => {
    const { browser } = await signedInUser(testApp.app);
    expect((await browser.get('/api/v1/subscription/can-play-audio')).json()).toEqual({
      can_play: true,
    });
  });
});
