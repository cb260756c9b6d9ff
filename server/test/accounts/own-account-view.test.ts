import type { User } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPassword, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { turnOnTwoFactor } from '../helpers/two-factor.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('the user fields of spec §3 that only the owner sees', () => {
  it('lists the API tokens by name in the own view, never their secret', async () => {
    const { id, browser, password } = await signedInUser(testApp.app);
    await confirmPassword(browser, password);
    const created = await browser.post('/api/v1/access-tokens', { tokenName: 'Scrobbler' });
    const { plainTextToken } = created.json() as { plainTextToken: string };

    const response = await browser.get(`/api/v1/users/${id}`);
    expect(response.statusCode).toBe(200);
    const { user } = response.json() as { user: User };
    expect(user.tokens).toEqual([
      {
        id: expect.any(Number),
        name: 'Scrobbler',
        last_used_at: null,
        created_at: expect.anything(),
      },
    ]);
    expect(response.body).not.toContain(plainTextToken.split('|')[1]);
    // No two-factor yet: nothing to show.
    expect(user.two_factor_recovery_codes).toBeNull();
  });

  it('shows the recovery codes only while the password is confirmed', async () => {
    const { id, email, browser, password } = await signedInUser(testApp.app);
    const { recoveryCodes } = await turnOnTwoFactor(browser, password);
    const own = (await browser.get(`/api/v1/users/${id}`)).json() as { user: User };
    expect(own.user.two_factor_recovery_codes).toEqual(recoveryCodes);

    // A new session of the same account has not confirmed its password.
    const second = await guestBrowser(testApp.app);
    const login = await second.post('/auth/login', { email, password, remember: false });
    expect(login.json()).toMatchObject({ two_factor: true });
    const challenge = await second.post('/auth/two-factor-challenge', {
      recovery_code: recoveryCodes[0],
    });
    expect(challenge.statusCode).toBe(200);
    const unconfirmed = await second.get(`/api/v1/users/${id}`);
    expect((unconfirmed.json() as { user: User }).user.two_factor_recovery_codes).toBeNull();
    expect(unconfirmed.body).not.toContain(recoveryCodes[1]);
  });

  it('never puts either field in another user’s view of the account', async () => {
    const owner = await signedInUser(testApp.app);
    await confirmPassword(owner.browser, owner.password);
    await owner.browser.post('/api/v1/access-tokens', { tokenName: 'Private' });
    const { browser: visitor } = await signedInUser(testApp.app);
    const response = await visitor.get(`/api/v1/users/${owner.id}`);
    expect(response.statusCode).toBe(200);
    const { user } = response.json() as { user: Record<string, unknown> };
    expect(user).not.toHaveProperty('tokens');
    expect(user).not.toHaveProperty('two_factor_recovery_codes');
    expect(response.body).not.toContain('Private');
  });
});

describe('the session token of spec §3', () => {
  it('labels each session with a value that is neither its cookie nor its id', async () => {
    const { email, password, browser } = await signedInUser(testApp.app);
    const other = await guestBrowser(testApp.app);
    await other.login(email, password);
    const { sessions } = (await browser.get('/api/v1/user-sessions')).json() as {
      sessions: { id: string; token: string; is_current_device: boolean }[];
    };
    expect(sessions).toHaveLength(2);
    const tokens = sessions.map((s) => s.token);
    expect(new Set(tokens).size).toBe(2);
    for (const session of sessions) {
      expect(session.token).toMatch(/^[0-9a-f]{16}$/);
      expect(session.token).not.toBe(session.id);
      expect(session.id).not.toContain(session.token);
    }
    for (const cookie of [browser.sessionCookie, other.sessionCookie]) {
      expect(cookie).toBeTruthy();
      expect(tokens.some((token) => cookie!.includes(token))).toBe(false);
    }
    // The label stays the same across reads, so a client can tell sessions apart.
    const again = (await browser.get('/api/v1/user-sessions')).json() as {
      sessions: { token: string }[];
    };
    expect(again.sessions.map((s) => s.token).sort()).toEqual([...tokens].sort());
  });
});
