import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedSmallCatalog } from '../helpers/catalog.ts';
import { turnOnTwoFactor } from '../helpers/two-factor.ts';

/**
 * Who may do what over /rest: app passwords and API keys only (never the account password),
 * keys only for two-factor accounts, failed sign-ins limited, someone else's private
 * playlist not found, the plan's can_play_audio respected, app passwords revocable.
 */
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
  await seedSmallCatalog(test.app);
});
afterAll(async () => {
  await test?.close();
});

type Answer = { status: string; error?: { code: number; message: string }; [key: string]: unknown };

async function rest(method: string, params: Record<string, string>, ip = '10.1.1.1') {
  const query = new URLSearchParams({ v: '1.16.1', c: 'test', f: 'json', ...params });
  const response = await test.app.inject({
    method: 'GET',
    url: `/rest/${method}?${query}`,
    remoteAddress: ip,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { 'subsonic-response': Answer })['subsonic-response'];
}

async function listenerWithAppPassword(name: string) {
  const listener = await signedInUser(test.app, { name });
  const created = await listener.browser.post('/api/v1/account/app-passwords', {
    name: 'Symfonium',
  });
  const { password, appPassword } = created.json() as {
    password: string;
    appPassword: { id: number };
  };
  const token = (salt: string) =>
    createHash('md5')
      .update(password + salt)
      .digest('hex');
  const auth = { u: listener.email, t: token('s4lt'), s: 's4lt' };
  return { listener, password, id: appPassword.id, auth };
}

describe('signing in over /rest', () => {
  it('takes the app password as plain, hex-encoded or token, and lists it without its value', async () => {
    const { listener, password, auth } = await listenerWithAppPassword('Plain Pat');
    expect((await rest('ping', auth)).status).toBe('ok');
    expect((await rest('ping', { u: listener.email, p: password })).status).toBe('ok');
    const hex = `enc:${Buffer.from(password).toString('hex')}`;
    expect((await rest('ping', { u: listener.email, p: hex })).status).toBe('ok');
    const listed = (await listener.browser.get('/api/v1/account/app-passwords')).json() as {
      appPasswords: { name: string; last_used_at: string | null }[];
    };
    expect(listed.appPasswords).toHaveLength(1);
    expect(listed.appPasswords[0]!.name).toBe('Symfonium');
    expect(listed.appPasswords[0]!.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(password);
  });

  it('never accepts the account password, and names missing or conflicting credentials', async () => {
    const { listener } = await listenerWithAppPassword('Careful Cam');
    const refused = await rest('ping', { u: listener.email, p: listener.password }, '10.1.1.2');
    expect(refused.error?.code).toBe(40);
    expect((await rest('ping', {})).error?.code).toBe(10);
    expect((await rest('ping', { u: listener.email, apiKey: 'x' })).error?.code).toBe(43);
  });

  it("stops checking an account after five failures a minute, from any address (not another's)", async () => {
    const { listener, auth } = await listenerWithAppPassword('Locked Lou');
    for (let i = 0; i < 5; i++) {
      expect((await rest('ping', { u: listener.email, p: 'wrong' }, '10.9.9.9')).error?.code).toBe(
        40,
      );
    }
    const blocked = await rest('ping', auth, '10.9.9.9');
    expect(blocked.error?.message).toMatch(/Too many failed sign-in attempts/);
    const elsewhere = await rest('ping', auth, '10.9.9.10');
    expect(elsewhere.error?.message).toMatch(/Too many failed sign-in attempts/);
    const other = await listenerWithAppPassword('Unlocked Una');
    expect((await rest('ping', other.auth, '10.9.9.9')).status).toBe('ok');
  });

  it('lets two-factor accounts in with an API key only', async () => {
    const { listener, auth } = await listenerWithAppPassword('Double Dee');
    await turnOnTwoFactor(listener.browser, listener.password);
    expect((await rest('ping', auth, '10.1.1.3')).error?.code).toBe(42);
    const { plainTextToken } = await test.app.services.accessTokens.create(listener.id, 'Feishin');
    expect((await rest('ping', { apiKey: plainTextToken })).status).toBe('ok');
  });

  it('signs an app out when its password is revoked; another account cannot revoke it', async () => {
    const { listener, id, auth } = await listenerWithAppPassword('Revoking Rae');
    const other = await signedInUser(test.app, { name: 'Other Olli' });
    expect((await other.browser.delete(`/api/v1/account/app-passwords/${id}`)).statusCode).toBe(
      404,
    );
    expect((await rest('ping', auth, '10.1.1.4')).status).toBe('ok');
    expect((await listener.browser.delete(`/api/v1/account/app-passwords/${id}`)).statusCode).toBe(
      200,
    );
    expect((await rest('ping', auth, '10.1.1.4')).error?.code).toBe(40);
  });

  it('signs an app out at once when its API key is deleted', async () => {
    const listener = await signedInUser(test.app, { name: 'Keyed Kit' });
    const { token, plainTextToken } = await test.app.services.accessTokens.create(
      listener.id,
      'Feishin',
    );
    // Asked twice: the second answer comes from the verified credentials kept briefly.
    expect((await rest('ping', { apiKey: plainTextToken })).status).toBe('ok');
    expect((await rest('ping', { apiKey: plainTextToken })).status).toBe('ok');
    expect((await listener.browser.delete(`/api/v1/access-tokens/${token.id}`)).statusCode).toBe(
      200,
    );
    expect((await rest('ping', { apiKey: plainTextToken }, '10.1.1.5')).error?.code).toBe(44);
  });

  it('refuses a suspended account at once, by app password and by API key', async () => {
    const { listener, auth } = await listenerWithAppPassword('Suspended Sam');
    const { plainTextToken } = await test.app.services.accessTokens.create(listener.id, 'Feishin');
    expect((await rest('ping', auth, '10.1.1.6')).status).toBe('ok');
    expect((await rest('ping', { apiKey: plainTextToken }, '10.1.1.6')).status).toBe('ok');
    await test.app.services.users.ban(listener.id);
    expect((await rest('ping', auth, '10.1.1.6')).error?.code).toBe(40);
    expect((await rest('ping', { apiKey: plainTextToken }, '10.1.1.7')).error?.code).toBe(40);
  });

  it('asks for a name when generating an app password', async () => {
    const listener = await signedInUser(test.app, { name: 'Nameless Nia' });
    const response = await listener.browser.post('/api/v1/account/app-passwords', { name: ' ' });
    expect(response.statusCode).toBe(422);
    expect((response.json() as { errors: Record<string, string[]> }).errors.name).toEqual([
      'Name the app this password is for.',
    ]);
  });
});

describe('what a signed-in app may see and play', () => {
  it("does not find someone else's private playlist", async () => {
    const owner = await listenerWithAppPassword('Private Pia');
    const made = await rest('createPlaylist', { ...owner.auth, name: 'Secret', songId: 'tr-1' });
    const id = (made.playlist as { id: string }).id;
    const stranger = await listenerWithAppPassword('Nosy Ned');
    expect((await rest('getPlaylist', { ...stranger.auth, id })).error?.code).toBe(70);
    expect((await rest('deletePlaylist', { ...stranger.auth, id })).error?.code).toBe(70);
    expect((await rest('getPlaylist', { ...owner.auth, id })).status).toBe('ok');
  });

  it('refuses to stream when the plan does not include playing music', async () => {
    const { listener, auth } = await listenerWithAppPassword('Free Fin');
    // A role with the catalog but without music.play, as a plan without playback has.
    await test.app.services.roles.createRole({
      name: 'browse-only',
      description: 'Browse without playing',
      permissions: ['music.view'],
    });
    await test.app.services.users.setRoles(listener.id, ['browse-only']);
    const response = await rest('stream', { ...auth, id: 'tr-1' }, '10.1.1.5');
    expect(response.error?.code).toBe(50);
    expect((await rest('getSong', { ...auth, id: 'tr-1' }, '10.1.1.5')).status).toBe('ok');
  });

  it('answers an unknown method and unknown ids with code 70', async () => {
    const { auth } = await listenerWithAppPassword('Curious Cai');
    expect((await rest('getChatMessages', auth)).error?.code).toBe(70);
    expect((await rest('getSong', { ...auth, id: 'tr-99999999' })).error?.code).toBe(70);
    expect((await rest('getSong', { ...auth, id: 'al-1' })).error?.code).toBe(70);
    expect((await rest('getSong', { ...auth, id: '../../etc' })).error?.code).toBe(70);
  });
});
