import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, uniqueEmail } from '../helpers/factories.ts';
import {
  GOOGLE_SETTINGS,
  readPopupResult,
  runSocialPopup,
  startOAuthProvider,
  type OAuthProvider,
} from '../helpers/oauth-provider.ts';
import { nextTotpCode, turnOnTwoFactor } from '../helpers/two-factor.ts';

const LOGIN = '/secure/auth/social/google/login';
const CALLBACK_PATH = '/secure/auth/social/google/callback';
const STALE_ATTEMPT = 'This login attempt is not valid any more. Please try again.';

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
afterEach(() => testApp.app.services.settings.set({ 'registration.disable': false }));

const googleId = () => `google-${randomBytes(6).toString('hex')}`;

const linksOf = (userId: number) =>
  testApp.app.services.database.db
    .selectFrom('social_profiles')
    .select(['service_name', 'user_service_id'])
    .where('user_id', '=', userId)
    .execute();

describe('GET secure/auth/social/google/login', () => {
  it('sends the popup to the provider with a state and a PKCE challenge', async () => {
    const browser = await guestBrowser(testApp.app);
    const response = await browser.get(LOGIN, { accept: 'text/html' });
    expect(response.statusCode).toBe(302);
    const target = new URL(String(response.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe(provider.endpoints.authorize);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: GOOGLE_SETTINGS['social.google.client_id'],
      redirect_uri: `http://localhost:80${CALLBACK_PATH}`,
      scope: 'openid email profile',
      state: expect.stringMatching(/.{20,}/),
      code_challenge: expect.any(String),
      code_challenge_method: 'S256',
    });
  });

  it('answers ERROR in the popup for a provider that is not configured', async () => {
    const browser = await guestBrowser(testApp.app);
    const { result, page } = await runSocialPopup(browser, '/secure/auth/social/facebook/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(result).toEqual({
      type: 'social-auth',
      status: 'ERROR',
      errorMessage: 'This login provider is not available.',
    });
  });

  it('answers an unknown service with 422', async () => {
    const browser = await guestBrowser(testApp.app);
    const response = await browser.get('/secure/auth/social/myspace/login');
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['service']);
  });
});

describe('the callback', () => {
  it('creates and logs in a new user with a verified provider email', async () => {
    const sub = googleId();
    const email = uniqueEmail('google');
    provider.signInAs({ sub, email, email_verified: true, name: 'Grace Hopper' });
    const browser = await guestBrowser(testApp.app);
    const guestCookie = browser.sessionCookie;

    const { result } = await runSocialPopup(browser, LOGIN);
    expect(result.status).toBe('SUCCESS');
    const user = result.callbackData?.bootstrapData?.user;
    expect(user).toMatchObject({
      email,
      name: 'Grace Hopper',
      email_verified_at: expect.any(String),
      has_password: false,
      social_profiles: [{ service_name: 'google', username: email }],
    });
    expect(browser.sessionCookie).not.toBe(guestCookie);
    expect((await currentUser(browser))?.id).toBe(user?.id);
    expect(await linksOf(user!.id)).toEqual([{ service_name: 'google', user_service_id: sub }]);
  });

  it('logs a linked user back in by the provider id, whatever the email says now', async () => {
    const sub = googleId();
    provider.signInAs({ sub, email: uniqueEmail('first'), email_verified: true });
    const first = await runSocialPopup(await guestBrowser(testApp.app), LOGIN);
    const userId = first.result.callbackData?.bootstrapData?.user?.id;

    provider.signInAs({ sub, email: uniqueEmail('changed'), email_verified: true });
    const browser = await guestBrowser(testApp.app);
    const { result } = await runSocialPopup(browser, LOGIN);
    expect(result.status).toBe('SUCCESS');
    expect((await currentUser(browser))?.id).toBe(userId);
  });

  it('asks for the password when a verified email matches an existing account', async () => {
    const existing = await createUser(testApp.app);
    provider.signInAs({ sub: googleId(), email: existing.email, email_verified: true });
    const browser = await guestBrowser(testApp.app);
    const { result } = await runSocialPopup(browser, LOGIN);
    expect(result).toEqual({
      type: 'social-auth',
      status: 'REQUEST_PASSWORD',
      callbackData: { email: existing.email, service: 'google' },
    });
    expect(await currentUser(browser)).toBeNull();
    expect(await linksOf(existing.id)).toEqual([]);
  });

  it('never links an existing account by an email the provider has not verified', async () => {
    const existing = await createUser(testApp.app);
    provider.signInAs({ sub: googleId(), email: existing.email, email_verified: false });
    const browser = await guestBrowser(testApp.app);
    const { result } = await runSocialPopup(browser, LOGIN);
    expect(result.status).toBe('ERROR');
    expect(result.errorMessage).toMatch(/^An account with this email already exists/);
    expect(await currentUser(browser)).toBeNull();
    expect(await linksOf(existing.id)).toEqual([]);
    expect(
      (await browser.post('/secure/auth/social/connect', { password: existing.password }))
        .statusCode,
    ).toBe(422);
  });

  it.each([
    ['a wrong state', (url: URL) => url.searchParams.set('state', 'forged-state')],
    ['no state', (url: URL) => url.searchParams.delete('state')],
  ])('answers ERROR for %s and logs nobody in', async (_case, tamper) => {
    provider.signInAs({ sub: googleId(), email: uniqueEmail('tampered'), email_verified: true });
    const browser = await guestBrowser(testApp.app);
    const { result } = await runSocialPopup(browser, LOGIN, tamper);
    expect(result).toEqual({ type: 'social-auth', status: 'ERROR', errorMessage: STALE_ATTEMPT });
    expect(await currentUser(browser)).toBeNull();
  });

  it('accepts a callback once, and only in the browser that started it', async () => {
    const existing = await createUser(testApp.app);
    provider.signInAs({ sub: googleId(), email: existing.email, email_verified: true });
    const browser = await guestBrowser(testApp.app);
    let callback = '';
    const { result } = await runSocialPopup(
      browser,
      LOGIN,
      (url) => void (callback = `${url.pathname}${url.search}`),
    );
    expect(result.status).toBe('REQUEST_PASSWORD');

    // REQUEST_PASSWORD keeps the session, so only the spent attempt can refuse the replay.
    const replayed = await browser.get(callback, { accept: 'text/html' });
    expect(readPopupResult(replayed.body)).toMatchObject({
      status: 'ERROR',
      errorMessage: STALE_ATTEMPT,
    });
    const elsewhere = await (
      await guestBrowser(testApp.app)
    ).get(callback, { accept: 'text/html' });
    expect(readPopupResult(elsewhere.body)).toMatchObject({
      status: 'ERROR',
      errorMessage: STALE_ATTEMPT,
    });
  });

  it('answers ERROR when the user cancels at the provider', async () => {
    const browser = await guestBrowser(testApp.app);
    const { result } = await runSocialPopup(browser, LOGIN, (url) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    expect(result).toMatchObject({ status: 'ERROR', errorMessage: 'The login was cancelled.' });
  });

  it('answers ALREADY_LOGGED_IN to a logged-in user', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    provider.signInAs({
      sub: googleId(),
      email: uniqueEmail('someone-else'),
      email_verified: true,
    });
    const { result } = await runSocialPopup(browser, LOGIN);
    expect(result).toEqual({ type: 'social-auth', status: 'ALREADY_LOGGED_IN' });
    expect((await currentUser(browser))?.id).toBe(id);
    expect(await linksOf(id)).toEqual([]);
  });

  it('goes through the two-factor challenge for a user who has it on', async () => {
    const account = await signedInUser(testApp.app);
    const { secret } = await turnOnTwoFactor(account.browser, account.password);
    const sub = googleId();
    await testApp.app.services.socialProfiles.link(account.id, {
      service: 'google',
      id: sub,
      username: null,
      email: null,
    });
    provider.signInAs({ sub, email: account.email, email_verified: true });

    const browser = await guestBrowser(testApp.app);
    const { result } = await runSocialPopup(browser, LOGIN);
    expect(result).toEqual({
      type: 'social-auth',
      status: 'SUCCESS',
      callbackData: { two_factor: true },
    });
    expect(await currentUser(browser)).toBeNull();

    const challenge = await browser.post('/auth/two-factor-challenge', {
      code: nextTotpCode(secret),
    });
    expect(challenge.statusCode).toBe(200);
    expect((await currentUser(browser))?.id).toBe(account.id);
  });

  it('does not create accounts while registration is disabled', async () => {
    await testApp.app.services.settings.set({ 'registration.disable': true });
    const email = uniqueEmail('closed');
    provider.signInAs({ sub: googleId(), email, email_verified: true });
    const { result } = await runSocialPopup(await guestBrowser(testApp.app), LOGIN);
    expect(result).toMatchObject({
      status: 'ERROR',
      errorMessage: 'Registration is currently disabled.',
    });
    expect(await testApp.app.services.users.findRowByEmail(email)).toBeUndefined();
  });

  it('answers ERROR when the provider shares no email', async () => {
    provider.signInAs({ sub: googleId() });
    const { result } = await runSocialPopup(await guestBrowser(testApp.app), LOGIN);
    expect(result).toMatchObject({
      status: 'ERROR',
      errorMessage: 'Your Google account did not share an email address.',
    });
  });
});
