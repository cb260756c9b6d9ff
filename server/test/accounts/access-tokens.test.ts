import type { BootstrapData, User } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmPassword, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { TokenClient, type Browser } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';

const TOKENS = '/api/v1/access-tokens';
const INVALID_TOKEN = { message: 'This API token is not valid.' };

interface TokenView {
  id: number;
  name: string;
  last_used_at: string | null;
}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function createToken(browser: Browser, tokenName = 'My script') {
  const response = await browser.post(TOKENS, { tokenName });
  expect(response.statusCode).toBe(200);
  return response.json() as { token: TokenView; plainTextToken: string };
}

/** A user of the default role with a confirmed password, ready to make tokens. */
async function tokenOwner() {
  const account = await signedInUser(testApp.app);
  await confirmPassword(account.browser, account.password);
  return account;
}

const listTokens = async (browser: Browser) =>
  ((await browser.get(TOKENS)).json() as { tokens: TokenView[] }).tokens;

describe('POST access-tokens', () => {
  it('needs a confirmed password (423), then returns the plain token once', async () => {
    const account = await signedInUser(testApp.app);
    const refused = await account.browser.post(TOKENS, { tokenName: 'CLI' });
    expect(refused.statusCode).toBe(423);

    await confirmPassword(account.browser, account.password);
    const { token, plainTextToken } = await createToken(account.browser, 'CLI');
    expect(token).toMatchObject({ id: expect.any(Number), name: 'CLI', last_used_at: null });
    expect(plainTextToken).toMatch(new RegExp(`^${token.id}\\|[A-Za-z0-9_-]{40}$`));

    const listed = await account.browser.get(TOKENS);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { tokens: TokenView[] }).tokens).toEqual([
      expect.objectContaining({ id: token.id, name: 'CLI', last_used_at: null }),
    ]);
    expect(listed.body).not.toContain(plainTextToken.split('|')[1]);
    expect(listed.body).not.toMatch(/token_hash/);
  });

  it.each([
    ['no name', {}],
    ['a blank name', { tokenName: '   ' }],
    ['a name over 100 characters', { tokenName: 'x'.repeat(101) }],
  ])('answers %s with 422 on tokenName', async (_case, body) => {
    const { browser } = await tokenOwner();
    const response = await browser.post(TOKENS, body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['tokenName']);
  });

  it('is refused with 403 to a user without api.access, and 401 to a guest', async () => {
    const account = await createUser(testApp.app, { roleNames: [] });
    const browser = await guestBrowser(testApp.app);
    await browser.login(account.email, account.password);
    await confirmPassword(browser, account.password);
    expect((await browser.post(TOKENS, { tokenName: 'x' })).statusCode).toBe(403);
    expect((await browser.get(TOKENS)).statusCode).toBe(403);

    const guest = await guestBrowser(testApp.app);
    expect((await guest.post(TOKENS, { tokenName: 'x' })).statusCode).toBe(401);
  });
});

describe('Authorization: Bearer', () => {
  it("acts as the token's user, without cookies or an XSRF header", async () => {
    const account = await tokenOwner();
    const api = new TokenClient(testApp.app, (await createToken(account.browser)).plainTextToken);

    const bootstrap = await api.get('/api/v1/bootstrap-data');
    expect(bootstrap.statusCode).toBe(200);
    expect((bootstrap.json() as { bootstrapData: BootstrapData }).bootstrapData.user?.id).toBe(
      account.id,
    );
    expect(bootstrap.headers['set-cookie']).toBeUndefined();

    expect((await api.get('/api/v1/user-sessions')).statusCode).toBe(200);
    const update = await api.request({
      method: 'PUT',
      url: `/api/v1/users/${account.id}`,
      payload: { name: 'Via API' },
    });
    expect(update.statusCode).toBe(200);
    expect((update.json() as { user: User }).user.name).toBe('Via API');
  });

  it('records when the token was last used', async () => {
    const account = await tokenOwner();
    const { token, plainTextToken } = await createToken(account.browser);
    const before = Date.now();
    await new TokenClient(testApp.app, plainTextToken).get('/api/v1/bootstrap-data');

    const [listed] = await listTokens(account.browser);
    expect(listed?.id).toBe(token.id);
    expect(Date.parse(listed?.last_used_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses unknown, malformed and tampered tokens with 401', async () => {
    const account = await tokenOwner();
    const { plainTextToken } = await createToken(account.browser);
    const [id, secret = ''] = plainTextToken.split('|');
    const tampered = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const bearer of [
      'not-a-token',
      `${id}|${tampered}`,
      `${Number(id) + 1000}|${secret}`,
      `${id}`,
      `99999999999999999999|${secret}`,
    ]) {
      const response = await new TokenClient(testApp.app, bearer).get('/api/v1/bootstrap-data');
      expect(response.statusCode, bearer).toBe(401);
      expect(response.json()).toEqual(INVALID_TOKEN);
    }
  });

  it('has only the permissions its user has now', async () => {
    const account = await tokenOwner();
    const other = await createUser(testApp.app);
    const api = new TokenClient(testApp.app, (await createToken(account.browser)).plainTextToken);
    expect((await api.get(TOKENS)).statusCode).toBe(200);
    expect((await api.get(`/api/v1/users/${other.id}`)).statusCode).toBe(200);

    await testApp.app.services.database.db
      .deleteFrom('user_roles')
      .where('user_id', '=', account.id)
      .execute();
    // Grants are cached 5 s per instance; a change made elsewhere shows once that passes.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 5_001);
      expect((await api.get(TOKENS)).statusCode).toBe(403);
      expect((await api.get(`/api/v1/users/${other.id}`)).statusCode).toBe(403);
      expect((await api.get('/api/v1/user-sessions')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loses a permission at once when the change goes through the users service', async () => {
    const account = await tokenOwner();
    const api = new TokenClient(testApp.app, (await createToken(account.browser)).plainTextToken);
    expect((await api.get(TOKENS)).statusCode).toBe(200);
    await testApp.app.services.database.db
      .deleteFrom('user_roles')
      .where('user_id', '=', account.id)
      .execute();
    testApp.app.services.users.forgetGrants(account.id);
    expect((await api.get(TOKENS)).statusCode).toBe(403);
  });

  it('stops working for a suspended user', async () => {
    const account = await tokenOwner();
    const api = new TokenClient(testApp.app, (await createToken(account.browser)).plainTextToken);
    await testApp.app.services.users.update(account.id, { banned_at: new Date().toISOString() });
    const response = await api.get('/api/v1/user-sessions');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Your account is suspended.' });
  });

  it('cannot make new tokens, having no password confirmation', async () => {
    const account = await tokenOwner();
    const api = new TokenClient(testApp.app, (await createToken(account.browser)).plainTextToken);
    expect((await api.post(TOKENS, { tokenName: 'child' })).statusCode).toBe(423);
  });
});

describe('DELETE access-tokens/{id}', () => {
  it('deletes the token, which then gets 401', async () => {
    const account = await tokenOwner();
    const { token, plainTextToken } = await createToken(account.browser);
    const api = new TokenClient(testApp.app, plainTextToken);
    expect((await api.get('/api/v1/user-sessions')).statusCode).toBe(200);

    const response = await account.browser.delete(`${TOKENS}/${token.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Token deleted' });
    expect(await listTokens(account.browser)).toEqual([]);
    const refused = await api.get('/api/v1/user-sessions');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(INVALID_TOKEN);
    expect((await account.browser.delete(`${TOKENS}/${token.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's token and leaves it working", async () => {
    const owner = await tokenOwner();
    const { token, plainTextToken } = await createToken(owner.browser);
    const intruder = await tokenOwner();

    const response = await intruder.browser.delete(`${TOKENS}/${token.id}`);
    expect(response.statusCode).toBe(404);
    expect(
      (await new TokenClient(testApp.app, plainTextToken).get('/api/v1/user-sessions')).statusCode,
    ).toBe(200);
    expect(await listTokens(owner.browser)).toHaveLength(1);
  });

  it('answers a malformed or out-of-range id with 422 and a guest with 401', async () => {
    const { browser } = await tokenOwner();
    for (const id of ['first', '99999999999']) {
      const malformed = await browser.delete(`${TOKENS}/${id}`);
      expect(malformed.statusCode, id).toBe(422);
      expect(Object.keys((malformed.json() as { errors: object }).errors)).toEqual(['id']);
    }
    expect((await (await guestBrowser(testApp.app)).delete(`${TOKENS}/1`)).statusCode).toBe(401);
  });
});
