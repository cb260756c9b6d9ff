import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { Browser } from '../helpers/client.ts';

const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0';

interface SessionView {
  id: string;
  device_type: string;
  platform: string | null;
  browser: string | null;
  city: string | null;
  country: string | null;
  ip_address: string | null;
  last_active: string;
  is_current_device: boolean;
}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function sessionsOf(browser: Browser): Promise<SessionView[]> {
  const response = await browser.get('/api/v1/user-sessions');
  expect(response.statusCode).toBe(200);
  return (response.json() as { sessions: SessionView[] }).sessions;
}

/** One account logged in from a desktop, a phone and a tablet. */
async function accountOnThreeDevices() {
  const account = await signedInUser(testApp.app, {}, { userAgent: DESKTOP_CHROME });
  const phone = await guestBrowser(testApp.app, { userAgent: IPHONE_SAFARI });
  const tablet = await guestBrowser(testApp.app, { userAgent: IPAD_SAFARI });
  await phone.login(account.email, account.password);
  await tablet.login(account.email, account.password);
  return { ...account, desktop: account.browser, phone, tablet };
}

describe('GET user-sessions', () => {
  it('lists each device with type, platform and browser from its User-Agent', async () => {
    const { desktop, phone, tablet } = await accountOnThreeDevices();
    const sessions = await sessionsOf(desktop);

    expect(sessions).toHaveLength(3);
    const byIp = (browser: Browser) => sessions.find((s) => s.ip_address === browser.options.ip);
    expect(byIp(desktop)).toMatchObject({
      device_type: 'desktop',
      platform: 'Windows',
      browser: 'Chrome',
    });
    expect(byIp(phone)).toMatchObject({
      device_type: 'mobile',
      platform: 'iOS',
      browser: 'Mobile Safari',
    });
    expect(byIp(tablet)).toMatchObject({ device_type: 'tablet', platform: 'iOS' });
    for (const session of sessions) {
      expect(session.last_active).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
      // Private addresses have no location; the panel shows none rather than a wrong one.
      expect(session).toMatchObject({ city: null, country: null });
    }
  });

  it("marks only the caller's own session as this device", async () => {
    const { desktop, phone } = await accountOnThreeDevices();
    const fromDesktop = await sessionsOf(desktop);
    const fromPhone = await sessionsOf(phone);

    expect(fromDesktop.filter((s) => s.is_current_device).map((s) => s.ip_address)).toEqual([
      desktop.options.ip,
    ]);
    expect(fromPhone.filter((s) => s.is_current_device).map((s) => s.ip_address)).toEqual([
      phone.options.ip,
    ]);
  });

  it('parses other platforms too', async () => {
    const account = await signedInUser(testApp.app, {}, { userAgent: ANDROID_FIREFOX });
    const [session] = await sessionsOf(account.browser);
    expect(session).toMatchObject({
      device_type: 'mobile',
      platform: 'Android',
      browser: 'Mobile Firefox',
    });
  });

  it('shows only live sessions of this account', async () => {
    const { desktop, phone, tablet } = await accountOnThreeDevices();
    const stranger = await signedInUser(testApp.app);
    await tablet.post('/auth/logout');
    const phoneSession = (await sessionsOf(phone)).find((s) => s.is_current_device)!;
    await testApp.app.services.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', phoneSession.id)
      .execute();

    const sessions = await sessionsOf(desktop);
    expect(sessions.map((s) => s.ip_address)).toEqual([desktop.options.ip]);
    expect(sessions.map((s) => s.ip_address)).not.toContain(stranger.browser.options.ip);
  });

  it('is only for logged-in users', async () => {
    const guest = await guestBrowser(testApp.app);
    expect((await guest.get('/api/v1/user-sessions')).statusCode).toBe(401);
  });
});

describe('POST user-sessions/logout-other', () => {
  it('refuses a wrong or missing password with 422 and logs nobody out', async () => {
    const { desktop, phone } = await accountOnThreeDevices();
    const wrong = await desktop.post('/api/v1/user-sessions/logout-other', {
      password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { password: ['The password is incorrect.'] } });
    const missing = await desktop.post('/api/v1/user-sessions/logout-other', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys((missing.json() as { errors: object }).errors)).toEqual(['password']);

    expect(await sessionsOf(desktop)).toHaveLength(3);
    expect(await currentUser(phone)).not.toBeNull();
  });

  it('ends every other session of the account with the right password', async () => {
    const { desktop, phone, tablet, password, id } = await accountOnThreeDevices();
    const stranger = await signedInUser(testApp.app);

    const response = await desktop.post('/api/v1/user-sessions/logout-other', { password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out other sessions.' });

    expect((await currentUser(desktop))?.id).toBe(id);
    expect(await currentUser(phone)).toBeNull();
    expect(await currentUser(tablet)).toBeNull();
    expect((await currentUser(stranger.browser))?.id).toBe(stranger.id);
    const sessions = await sessionsOf(desktop);
    expect(sessions.map((s) => s.is_current_device)).toEqual([true]);
  });

  it('is only for logged-in users', async () => {
    const guest = await guestBrowser(testApp.app);
    const response = await guest.post('/api/v1/user-sessions/logout-other', {
      password: 'anything',
    });
    expect(response.statusCode).toBe(401);
  });
});
