import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmPassword, currentUser, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { totpCode, turnOnTwoFactor } from '../helpers/two-factor.ts';

const ENABLE = '/auth/user/two-factor-authentication';
const QR_CODE = '/auth/user/two-factor/qr-code';
const CONFIRM = '/auth/user/confirmed-two-factor-authentication';
const RECOVERY_CODES = '/auth/user/two-factor-recovery-codes';
const STATUS = '/auth/user/confirmed-password-status';
const CONFIRM_FIRST = { message: 'Please confirm your password first.' };
const RECOVERY_CODE_PATTERN = /^[A-Z2-9]{10}-[A-Z2-9]{10}$/;

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());
afterEach(() => {
  vi.useRealTimers();
});

const signedIn = () => signedInUser(testApp.app);

describe('password confirmation', () => {
  it('is not confirmed after login, and is after POST confirm-password', async () => {
    const { browser, password } = await signedIn();
    expect((await browser.get(STATUS)).json()).toEqual({ confirmed: false });

    const response = await browser.post('/auth/user/confirm-password', { password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ confirmed: true });
    expect((await browser.get(STATUS)).json()).toEqual({ confirmed: true });
  });

  it('refuses a wrong or missing password with 422 on the password field', async () => {
    const { browser } = await signedIn();
    const wrong = await browser.post('/auth/user/confirm-password', {
      password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: 'The password is incorrect.',
      errors: { password: ['The password is incorrect.'] },
    });
    const missing = await browser.post('/auth/user/confirm-password', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys((missing.json() as { errors: object }).errors)).toEqual(['password']);
    expect((await browser.get(STATUS)).json()).toEqual({ confirmed: false });
  });

  it('lasts 9000 seconds, or the number of seconds the client asks about', async () => {
    const { browser, password } = await signedIn();
    await confirmPassword(browser, password);
    const confirmedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(confirmedAt + 120_000);
    expect((await browser.get(`${STATUS}?seconds=60`)).json()).toEqual({ confirmed: false });
    expect((await browser.get(STATUS)).json()).toEqual({ confirmed: true });

    vi.setSystemTime(confirmedAt + 9001_000);
    expect((await browser.get(STATUS)).json()).toEqual({ confirmed: false });
    expect((await browser.post(ENABLE)).statusCode).toBe(423);
  });

  it('answers a bad seconds parameter with 422', async () => {
    const { browser } = await signedIn();
    const response = await browser.get(`${STATUS}?seconds=never`);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['seconds']);
  });

  it('is only for logged-in users', async () => {
    const guest = await guestBrowser(testApp.app);
    expect((await guest.get(STATUS)).statusCode).toBe(401);
    expect((await guest.post('/auth/user/confirm-password', { password: 'x' })).statusCode).toBe(
      401,
    );
  });
});

describe('two-factor setup', () => {
  it('needs a confirmed password to be enabled (423 before)', async () => {
    const { browser, password } = await signedIn();
    const refused = await browser.post(ENABLE);
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual(CONFIRM_FIRST);
    expect((await currentUser(browser))?.two_factor_state).toBe(0);

    await confirmPassword(browser, password);
    const enabled = await browser.post(ENABLE);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toEqual({ two_factor_state: 1 });
  });

  it('goes 0 → 1 → 2 with a QR code and a confirming code, then back to 0 on disable', async () => {
    const { browser, password, email } = await signedIn();
    expect((await currentUser(browser))?.two_factor_state).toBe(0);
    await confirmPassword(browser, password);
    await browser.post(ENABLE);
    expect(await currentUser(browser)).toMatchObject({
      two_factor_state: 1,
      two_factor_confirmed_at: null,
    });

    const qr = await browser.get(QR_CODE);
    expect(qr.statusCode).toBe(200);
    const { svg, secret } = qr.json() as { svg: string; secret: string };
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const confirmed = await browser.post(CONFIRM, { code: totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { two_factor_state, recovery_codes } = confirmed.json() as {
      two_factor_state: number;
      recovery_codes: string[];
    };
    expect(two_factor_state).toBe(2);
    expect(recovery_codes).toHaveLength(8);
    for (const code of recovery_codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(await currentUser(browser)).toMatchObject({
      two_factor_state: 2,
      two_factor_confirmed_at: expect.any(String),
    });
    const loginAgain = await (
      await guestBrowser(testApp.app)
    ).post('/auth/login', { email, password });
    expect(loginAgain.json()).toEqual({ two_factor: true });

    const disabled = await browser.delete(ENABLE);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toEqual({
      message: 'Two factor authentication has been disabled.',
      two_factor_state: 0,
    });
    expect((await currentUser(browser))?.two_factor_state).toBe(0);
    const plainLogin = await (
      await guestBrowser(testApp.app)
    ).post('/auth/login', { email, password });
    expect(plainLogin.json()).toMatchObject({ status: 'success' });
  });

  it('stays pending on a wrong or malformed confirming code', async () => {
    const { browser, password } = await signedIn();
    await confirmPassword(browser, password);
    await browser.post(ENABLE);
    const { secret } = (await browser.get(QR_CODE)).json() as { secret: string };
    const wrongCode = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');

    const wrong = await browser.post(CONFIRM, { code: wrongCode });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      errors: { code: ['The provided two factor authentication code was invalid.'] },
    });
    for (const body of [{}, { code: '12345' }, { code: 'abcdef' }]) {
      const malformed = await browser.post(CONFIRM, body);
      expect(malformed.statusCode).toBe(422);
      expect(Object.keys((malformed.json() as { errors: object }).errors)).toEqual(['code']);
    }
    expect((await currentUser(browser))?.two_factor_state).toBe(1);
  });

  it('shows the secret again only after the password is confirmed once two-factor is on', async () => {
    const { browser, password } = await signedIn();
    await turnOnTwoFactor(browser, password);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 9001 * 1000);
      expect((await browser.get(QR_CODE)).statusCode).toBe(423);
      await confirmPassword(browser, password);
      expect((await browser.get(QR_CODE)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('has no QR code and no confirmation while two-factor is off', async () => {
    const { browser } = await signedIn();
    const qr = await browser.get(QR_CODE);
    expect(qr.statusCode).toBe(422);
    expect(qr.json()).toMatchObject({
      errors: { code: ['Two-factor authentication is not enabled.'] },
    });
    expect((await browser.post(CONFIRM, { code: '123456' })).statusCode).toBe(422);
  });

  it('regenerates a new set of 8 recovery codes and retires the old ones', async () => {
    const { browser, password, email } = await signedIn();
    const { recoveryCodes: old } = await turnOnTwoFactor(browser, password);

    const response = await browser.post(RECOVERY_CODES);
    expect(response.statusCode).toBe(200);
    const { recovery_codes: fresh } = response.json() as { recovery_codes: string[] };
    expect(fresh).toHaveLength(8);
    for (const code of fresh) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    expect((await browser.get(RECOVERY_CODES)).json()).toEqual({ recovery_codes: fresh });

    const login = await guestBrowser(testApp.app);
    await login.post('/auth/login', { email, password });
    const stale = await login.post('/auth/two-factor-challenge', { recovery_code: old[0] });
    expect(stale.statusCode).toBe(422);
    expect(
      (await login.post('/auth/two-factor-challenge', { recovery_code: fresh[0] })).statusCode,
    ).toBe(200);
  });

  it('needs a confirmed password to read or regenerate recovery codes and to disable', async () => {
    const { browser, password } = await signedIn();
    await turnOnTwoFactor(browser, password);
    // A new login of the same account has not confirmed its password.
    const other = await guestBrowser(testApp.app);
    await other.post('/auth/login', { email: (await currentUser(browser))!.email, password });
    const { secret } = (await browser.get(QR_CODE)).json() as { secret: string };
    await other.post('/auth/two-factor-challenge', { code: totpCode(secret, Date.now() + 30_000) });
    expect((await currentUser(other))?.two_factor_state).toBe(2);

    expect((await other.get(RECOVERY_CODES)).statusCode).toBe(423);
    expect((await other.post(RECOVERY_CODES)).statusCode).toBe(423);
    const disable = await other.delete(ENABLE);
    expect(disable.statusCode).toBe(423);
    expect(disable.json()).toEqual(CONFIRM_FIRST);
    expect((await currentUser(other))?.two_factor_state).toBe(2);
  });

  it('never sends the secret or the recovery codes with the user', async () => {
    const { browser, password } = await signedIn();
    const { secret, recoveryCodes } = await turnOnTwoFactor(browser, password);
    const body = (await browser.get('/api/v1/bootstrap-data')).body;
    expect(body).not.toContain(secret);
    expect(body).not.toContain(recoveryCodes[0]);
    expect(body).not.toMatch(/two_factor_secret|two_factor_recovery_codes/);
  });

  it('is only for logged-in users', async () => {
    const guest = await guestBrowser(testApp.app);
    for (const response of [
      await guest.post(ENABLE),
      await guest.delete(ENABLE),
      await guest.get(QR_CODE),
      await guest.post(CONFIRM, { code: '123456' }),
      await guest.post(RECOVERY_CODES),
    ]) {
      expect(response.statusCode).toBe(401);
    }
  });
});
