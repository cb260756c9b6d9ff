import type { BootstrapData } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { Browser, openBrowser } from './helpers/client.ts';
import { createUser, uniqueEmail } from './helpers/factories.ts';

const BAD_CREDENTIALS = 'These credentials do not match our records.';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const currentUserOf = async (client: Browser) => {
  const response = await client.get('/api/v1/bootstrap-data');
  return (response.json() as { bootstrapData: BootstrapData }).bootstrapData.user;
};

describe('POST /auth/login', () => {
  it('logs the seeded admin in and returns the bootstrap data with the user', async () => {
    const browser = await openBrowser(testApp.app);
    const response = await browser.post('/auth/login', {
      email: testApp.admin.email,
      password: testApp.admin.password,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { status: string; bootstrapData: BootstrapData };
    expect(body.status).toBe('success');
    expect(body.bootstrapData.user).toMatchObject({ email: testApp.admin.email });
    expect(body.bootstrapData.user?.permissions.map((p) => p.name)).toContain('admin');
  });

  it('never sends the password hash or 2FA secrets to the client', async () => {
    const { email, password } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    const response = await browser.post('/auth/login', { email, password });
    expect(response.body).not.toMatch(/"password"|two_factor_secret|\$argon2/);
  });

  it('keeps the user logged in on later requests', async () => {
    const { email, password, id } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    await browser.login(email, password);
    expect(await currentUserOf(browser)).toMatchObject({ id, email });
  });

  it('accepts the email in any letter case', async () => {
    const { email, password, id } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    const data = await browser.login(email.toUpperCase(), password);
    expect(data.user?.id).toBe(id);
  });

  it('starts a new session id on login', async () => {
    const { email, password } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    const before = browser.sessionCookie;
    await browser.login(email, password);
    expect(browser.sessionCookie).toEqual(expect.any(String));
    expect(browser.sessionCookie).not.toBe(before);
  });

  it('retires the XSRF token of the session before login', async () => {
    const { email, password } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    const oldToken = browser.xsrfToken ?? '';
    await browser.login(email, password);
    expect(browser.xsrfToken).not.toBe(oldToken);

    const withOldToken = await browser.post('/auth/logout', {}, { 'x-xsrf-token': oldToken });
    expect(withOldToken.statusCode).toBe(419);
    const withNewToken = await browser.post('/auth/logout');
    expect(withNewToken.statusCode).toBe(200);
  });

  it('keeps a remembered session for 30 days and a plain one until the browser closes', async () => {
    const { email, password } = await createUser(testApp.app);
    const sessionCookieAfter = async (remember: boolean) => {
      const browser = await openBrowser(testApp.app);
      const response = await browser.post('/auth/login', { email, password, remember });
      return response.cookies.find((c) => c.name === 'backbeat_session');
    };
    expect((await sessionCookieAfter(true))?.maxAge).toBe(30 * 86400);
    expect((await sessionCookieAfter(false))?.maxAge).toBeUndefined();
  });

  it('answers a wrong password with 422 on the email field', async () => {
    const { email } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    const response = await browser.post('/auth/login', { email, password: 'not-the-password' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: BAD_CREDENTIALS,
      errors: { email: [BAD_CREDENTIALS] },
    });
    expect(await currentUserOf(browser)).toBeNull();
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const browser = await openBrowser(testApp.app);
    const response = await browser.post('/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'whatever-it-is',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: BAD_CREDENTIALS,
      errors: { email: [BAD_CREDENTIALS] },
    });
  });

  it('rate-limits an email from one IP after 5 attempts in a minute', async () => {
    const { email, password } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await browser.post('/auth/login', { email, password: `wrong-${attempt}` });
      expect(response.statusCode).toBe(422);
    }
    const limited = await browser.post('/auth/login', { email, password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.any(String) });
    expect(await currentUserOf(browser)).toBeNull();

    // The limit is per account: another account from the same address can still log in.
    const other = await createUser(testApp.app);
    await expect(browser.login(other.email, other.password)).resolves.toBeDefined();
  });
});

describe('POST /auth/logout', () => {
  it('returns bootstrap data without a user and leaves the browser a fresh guest session', async () => {
    const { email, password } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    await browser.login(email, password);
    const loggedInCookie = browser.sessionCookie;

    const response = await browser.post('/auth/logout');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { bootstrapData: BootstrapData };
    expect(body.bootstrapData.user).toBeNull();
    expect(body.bootstrapData).toHaveProperty('settings');
    expect(browser.sessionCookie).not.toBe(loggedInCookie);
    expect(await currentUserOf(browser)).toBeNull();
  });

  it('stops the old session cookie from authenticating anyone', async () => {
    const { email, password } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    await browser.login(email, password);
    const stolen = new Browser(testApp.app);
    stolen.cookies.set('backbeat_session', browser.sessionCookie ?? '');
    expect(await currentUserOf(stolen)).toMatchObject({ email });

    await browser.post('/auth/logout');
    const replay = new Browser(testApp.app);
    replay.cookies.set('backbeat_session', stolen.cookies.get('backbeat_session') ?? '');
    expect(await currentUserOf(replay)).toBeNull();
  });

  it('requires the XSRF token', async () => {
    const browser = await openBrowser(testApp.app);
    const response = await browser.request({ method: 'POST', url: '/auth/logout', xsrf: false });
    expect(response.statusCode).toBe(419);
  });
});
