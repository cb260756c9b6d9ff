import type { BootstrapData } from '@backbeat/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentUser, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { Browser } from '../helpers/client.ts';
import { createUser, uniqueEmail } from '../helpers/factories.ts';
import { nextTotpCode, turnOnTwoFactor } from '../helpers/two-factor.ts';

const CHALLENGE = '/auth/two-factor-challenge';
const INVALID_CODE = 'The provided two factor authentication code was invalid.';
const LOGIN_EXPIRED = 'Your login has expired. Please log in again.';
const BAD_CREDENTIALS = 'These credentials do not match our records.';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());
afterEach(() => {
  vi.useRealTimers();
});

/** An account with two-factor on, and the secret and recovery codes its owner keeps. */
async function twoFactorAccount() {
  const account = await signedInUser(testApp.app);
  const twoFactor = await turnOnTwoFactor(account.browser, account.password);
  await account.browser.post('/auth/logout');
  return { ...account, ...twoFactor };
}

/** A new browser that has passed the password step of the login. */
async function passwordStep(email: string, password: string): Promise<Browser> {
  const browser = await guestBrowser(testApp.app);
  const response = await browser.post('/auth/login', { email, password });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ two_factor: true });
  return browser;
}

const errorFields = (body: unknown) => Object.keys((body as { errors: object }).errors);

describe('POST /auth/login with two-factor on', () => {
  it('asks for the second factor and logs nobody in yet', async () => {
    const account = await twoFactorAccount();
    const browser = await passwordStep(account.email, account.password);
    expect(await currentUser(browser)).toBeNull();
  });

  it('still answers a wrong password with the usual 422, not the challenge', async () => {
    const account = await twoFactorAccount();
    const browser = await guestBrowser(testApp.app);
    const response = await browser.post('/auth/login', {
      email: account.email,
      password: 'wrong-password',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: BAD_CREDENTIALS,
      errors: { email: [BAD_CREDENTIALS] },
    });
  });
});

describe('POST /auth/two-factor-challenge', () => {
  it('logs in with a current code from the authenticator, in a new session', async () => {
    const account = await twoFactorAccount();
    const browser = await passwordStep(account.email, account.password);
    const pendingCookie = browser.sessionCookie;

    const response = await browser.post(CHALLENGE, { code: nextTotpCode(account.secret) });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { status: string; bootstrapData: BootstrapData };
    expect(body.status).toBe('success');
    expect(body.bootstrapData.user).toMatchObject({ id: account.id, two_factor_state: 2 });
    expect(browser.sessionCookie).not.toBe(pendingCookie);
    expect((await currentUser(browser))?.id).toBe(account.id);
  });

  it('never accepts the same code twice', async () => {
    const account = await twoFactorAccount();
    const code = nextTotpCode(account.secret);
    const first = await passwordStep(account.email, account.password);
    expect((await first.post(CHALLENGE, { code })).statusCode).toBe(200);

    const second = await passwordStep(account.email, account.password);
    const replay = await second.post(CHALLENGE, { code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual({ message: INVALID_CODE, errors: { code: [INVALID_CODE] } });
    expect(await currentUser(second)).toBeNull();
  });

  it('refuses a wrong code', async () => {
    const account = await twoFactorAccount();
    const browser = await passwordStep(account.email, account.password);
    const code = nextTotpCode(account.secret);
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    const response = await browser.post(CHALLENGE, { code: wrong });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { code: [INVALID_CODE] } });
    expect(await currentUser(browser)).toBeNull();
  });

  it('accepts each recovery code once', async () => {
    const account = await twoFactorAccount();
    const [recoveryCode] = account.recoveryCodes;
    const first = await passwordStep(account.email, account.password);
    const used = await first.post(CHALLENGE, { recovery_code: recoveryCode });
    expect(used.statusCode).toBe(200);
    expect((await currentUser(first))?.id).toBe(account.id);

    const second = await passwordStep(account.email, account.password);
    const reused = await second.post(CHALLENGE, { recovery_code: recoveryCode });
    expect(reused.statusCode).toBe(422);
    expect(errorFields(reused.json())).toEqual(['recovery_code']);
    expect(
      (await second.post(CHALLENGE, { recovery_code: account.recoveryCodes[1] })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['nothing', {}, 'code'],
    ['a 5-digit code', { code: '12345' }, 'code'],
    ['a 7-digit code', { code: '1234567' }, 'code'],
    ['a code with letters', { code: '12a456' }, 'code'],
    ['a 20-character recovery code', { recovery_code: 'ABCDEFGHJK-ABCDEFGHJ' }, 'recovery_code'],
    ['a 22-character recovery code', { recovery_code: 'ABCDEFGHJK-ABCDEFGHJKL' }, 'recovery_code'],
  ])(
    'answers %s with 422 on %s, and the login can still be finished',
    async (_case, body, field) => {
      const account = await twoFactorAccount();
      const browser = await passwordStep(account.email, account.password);
      const response = await browser.post(CHALLENGE, body);
      expect(response.statusCode).toBe(422);
      expect(errorFields(response.json())).toEqual([field]);
      expect(
        (await browser.post(CHALLENGE, { code: nextTotpCode(account.secret) })).statusCode,
      ).toBe(200);
    },
  );

  it('refuses a challenge without a pending login', async () => {
    const browser = await guestBrowser(testApp.app);
    const response = await browser.post(CHALLENGE, { code: '123456' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: LOGIN_EXPIRED, errors: { code: [LOGIN_EXPIRED] } });
  });

  it('lets the password step expire after 10 minutes', async () => {
    const account = await twoFactorAccount();
    const browser = await passwordStep(account.email, account.password);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 5_000);
    const response = await browser.post(CHALLENGE, { recovery_code: account.recoveryCodes[0] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { code: [LOGIN_EXPIRED] } });
  });

  it('allows 5 attempts a minute from one address, then answers 429', async () => {
    const account = await twoFactorAccount();
    const browser = await passwordStep(account.email, account.password);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await browser.post(CHALLENGE, { code: '000000' })).statusCode).toBe(422);
    }
    const limited = await browser.post(CHALLENGE, { code: nextTotpCode(account.secret) });
    expect(limited.statusCode).toBe(429);
    expect(await currentUser(browser)).toBeNull();
  });
});

describe('failed logins per account', () => {
  const recordFailures = (email: string, count: number, at: Date) =>
    testApp.app.services.database.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: count }, () => ({
          email,
          ip_address: '10.9.9.9',
          created_at: at.toISOString(),
        })),
      )
      .execute();

  it('locks the account with 429 after 100 failures within an hour, even for the right password', async () => {
    const account = await createUser(testApp.app);
    await recordFailures(account.email, 100, new Date(Date.now() - 30 * 60_000));
    const browser = await guestBrowser(testApp.app);
    const response = await browser.post('/auth/login', {
      email: account.email,
      password: account.password,
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      message: 'Too many failed attempts for this account. Please try again later.',
    });
    expect(await currentUser(browser)).toBeNull();
  });

  it('does not count failures older than an hour, nor 99 recent ones', async () => {
    const account = await createUser(testApp.app);
    await recordFailures(account.email, 100, new Date(Date.now() - 61 * 60_000));
    await recordFailures(account.email, 99, new Date(Date.now() - 60_000));
    const browser = await guestBrowser(testApp.app);
    await expect(browser.login(account.email, account.password)).resolves.toBeDefined();
  });

  it('records each failure, for unknown emails too, and answers both alike', async () => {
    const account = await createUser(testApp.app);
    const unknown = uniqueEmail('nobody');
    const browser = await guestBrowser(testApp.app);
    const known = await browser.post('/auth/login', {
      email: account.email,
      password: 'wrong-password',
    });
    const stranger = await browser.post('/auth/login', {
      email: unknown,
      password: 'wrong-password',
    });

    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.json()).toEqual(known.json());
    expect(known.json()).toEqual({
      message: BAD_CREDENTIALS,
      errors: { email: [BAD_CREDENTIALS] },
    });
    const rows = await testApp.app.services.database.db
      .selectFrom('login_failures')
      .select(['email', 'ip_address'])
      .where('email', 'in', [account.email, unknown])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]?.ip_address).toBe(browser.options.ip);
  });

  it('answers missing fields with 422 per field', async () => {
    const browser = await guestBrowser(testApp.app);
    const response = await browser.post('/auth/login', { email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(errorFields(response.json()).sort()).toEqual(['email', 'password']);
  });
});
