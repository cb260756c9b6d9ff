import { randomBytes } from 'node:crypto';
import type { BootstrapData } from '@backbeat/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentUser, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { Browser } from '../helpers/client.ts';
import { createUser, uniqueEmail, type CreatedUser } from '../helpers/factories.ts';
import {
  GOOGLE_SETTINGS,
  runSocialPopup,
  startOAuthProvider,
  type OAuthProvider,
} from '../helpers/oauth-provider.ts';
import { nextTotpCode, turnOnTwoFactor } from '../helpers/two-factor.ts';

const CONNECT_WITH_PASSWORD = '/secure/auth/social/connect';
const DISCONNECT = '/secure/auth/social/google/disconnect';
const EXPIRED_ATTEMPT = 'This login attempt has expired. Please try again.';

let testApp: TestApp;
let provider: OAuthProvider;

beforeAll(async () => {
  provider = await startOAuthProvider();
  testApp = await createTestApp({ overrides: { oauthEndpoints: { google: provider.endpoints } } });
  await testApp.app.services.settings.set(GOOGLE_SETTINGS);
});
afterAll(async () => {
  await testApp.close();
  await provider.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const googleId = () => `google-${randomBytes(6).toString('hex')}`;

const linksOf = (userId: number) =>
  testApp.app.services.database.db
    .selectFrom('social_profiles')
    .select(['service_name', 'user_service_id'])
    .where('user_id', '=', userId)
    .execute();

/** A guest whose Google login matched `account` by email, so the popup asked for the password. */
async function pendingLink(account: CreatedUser): Promise<{ browser: Browser; sub: string }> {
  const sub = googleId();
  provider.signInAs({ sub, email: account.email, email_verified: true });
  const browser = await guestBrowser(testApp.app);
  const { result } = await runSocialPopup(browser, '/secure/auth/social/google/login');
  expect(result.status).toBe('REQUEST_PASSWORD');
  return { browser, sub };
}

describe('POST secure/auth/social/connect after REQUEST_PASSWORD', () => {
  it('links the provider and logs in with the right password', async () => {
    const account = await createUser(testApp.app);
    const { browser, sub } = await pendingLink(account);

    const response = await browser.post(CONNECT_WITH_PASSWORD, { password: account.password });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { status: string; bootstrapData: BootstrapData };
    expect(body.status).toBe('success');
    expect(body.bootstrapData.user).toMatchObject({
      id: account.id,
      social_profiles: [{ service_name: 'google' }],
    });
    expect((await currentUser(browser))?.id).toBe(account.id);
    expect(await linksOf(account.id)).toEqual([{ service_name: 'google', user_service_id: sub }]);

    // From now on the provider alone logs this account in.
    const later = await guestBrowser(testApp.app);
    expect((await runSocialPopup(later, '/secure/auth/social/google/login')).result.status).toBe(
      'SUCCESS',
    );
    expect((await currentUser(later))?.id).toBe(account.id);
  });

  it('refuses a wrong or missing password with 422 and links nothing', async () => {
    const account = await createUser(testApp.app);
    const { browser } = await pendingLink(account);

    const wrong = await browser.post(CONNECT_WITH_PASSWORD, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { password: ['The password is incorrect.'] } });
    const missing = await browser.post(CONNECT_WITH_PASSWORD, {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys((missing.json() as { errors: object }).errors)).toEqual(['password']);

    expect(await currentUser(browser)).toBeNull();
    expect(await linksOf(account.id)).toEqual([]);
  });

  it('refuses without a pending link, and a link is used once', async () => {
    const account = await createUser(testApp.app);
    const stranger = await guestBrowser(testApp.app);
    const none = await stranger.post(CONNECT_WITH_PASSWORD, { password: account.password });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({
      message: EXPIRED_ATTEMPT,
      errors: { password: [EXPIRED_ATTEMPT] },
    });

    const { browser } = await pendingLink(account);
    expect(
      (await browser.post(CONNECT_WITH_PASSWORD, { password: account.password })).statusCode,
    ).toBe(200);
    expect(
      (await browser.post(CONNECT_WITH_PASSWORD, { password: account.password })).statusCode,
    ).toBe(422);
  });

  it('lets the pending link expire after 10 minutes', async () => {
    const account = await createUser(testApp.app);
    const { browser } = await pendingLink(account);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 5_000);
    const response = await browser.post(CONNECT_WITH_PASSWORD, { password: account.password });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { password: [EXPIRED_ATTEMPT] } });
    expect(await linksOf(account.id)).toEqual([]);
  });

  it('still asks for the second factor of an account that has two-factor on', async () => {
    const account = await signedInUser(testApp.app);
    const { secret } = await turnOnTwoFactor(account.browser, account.password);
    const { browser } = await pendingLink(account);

    const response = await browser.post(CONNECT_WITH_PASSWORD, { password: account.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ two_factor: true });
    expect(await currentUser(browser)).toBeNull();
    expect(
      (await browser.post('/auth/two-factor-challenge', { code: nextTotpCode(secret) })).statusCode,
    ).toBe(200);
    expect((await currentUser(browser))?.id).toBe(account.id);
  });
});

describe('GET secure/auth/social/google/connect from the account settings', () => {
  it('links the provider account to the logged-in user', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    const sub = googleId();
    provider.signInAs({ sub, email: uniqueEmail('other-address'), email_verified: false });

    const { result } = await runSocialPopup(browser, '/secure/auth/social/google/connect');
    expect(result.status).toBe('SUCCESS');
    expect(result.callbackData?.bootstrapData?.user).toMatchObject({
      id,
      social_profiles: [{ service_name: 'google' }],
    });
    expect(await linksOf(id)).toEqual([{ service_name: 'google', user_service_id: sub }]);
  });

  it('refuses a provider account that is linked to another user', async () => {
    const owner = await signedInUser(testApp.app);
    const sub = googleId();
    provider.signInAs({ sub, email: owner.email, email_verified: true });
    await runSocialPopup(owner.browser, '/secure/auth/social/google/connect');

    const { browser, id } = await signedInUser(testApp.app);
    const { result } = await runSocialPopup(browser, '/secure/auth/social/google/connect');
    expect(result).toMatchObject({
      status: 'ERROR',
      errorMessage: 'This Google account is already connected to another user.',
    });
    expect(await linksOf(id)).toEqual([]);
    expect(await linksOf(owner.id)).toEqual([{ service_name: 'google', user_service_id: sub }]);
  });

  it('is only for logged-in users', async () => {
    const guest = await guestBrowser(testApp.app);
    expect((await guest.get('/secure/auth/social/google/connect')).statusCode).toBe(401);
  });
});

describe('POST secure/auth/social/google/disconnect', () => {
  it('unlinks the provider', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    provider.signInAs({ sub: googleId(), email: uniqueEmail(), email_verified: true });
    await runSocialPopup(browser, '/secure/auth/social/google/connect');
    expect(await linksOf(id)).toHaveLength(1);

    const response = await browser.post(DISCONNECT);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Disabled Google account' });
    expect(await linksOf(id)).toEqual([]);
    expect((await currentUser(browser))?.social_profiles).toEqual([]);
  });

  it('is refused for an account that has no password, its only way in', async () => {
    provider.signInAs({ sub: googleId(), email: uniqueEmail('social-only'), email_verified: true });
    const browser = await guestBrowser(testApp.app);
    const { result } = await runSocialPopup(browser, '/secure/auth/social/google/login');
    const userId = result.callbackData!.bootstrapData!.user!.id;

    const response = await browser.post(DISCONNECT);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['service']);
    expect(await linksOf(userId)).toHaveLength(1);
  });

  it('answers an unknown service with 422 and a guest with 401', async () => {
    const { browser } = await signedInUser(testApp.app);
    expect((await browser.post('/secure/auth/social/myspace/disconnect')).statusCode).toBe(422);
    const guest = await guestBrowser(testApp.app);
    expect((await guest.post(DISCONNECT)).statusCode).toBe(401);
  });
});
