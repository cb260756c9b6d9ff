import type { BootstrapData, User } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPassword, currentUser, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { TokenClient } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const fields = (body: unknown) => Object.keys((body as { errors: object }).errors);

describe('GET users/{id}', () => {
  it('gives the owner the whole user', async () => {
    const { browser, id, email } = await signedInUser(testApp.app);
    const response = await browser.get(`/api/v1/users/${id}`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { user: User }).user).toMatchObject({
      id,
      email,
      roles: [expect.anything()],
    });
  });

  it('gives others, guests included, the public profile without the email', async () => {
    const profile = await createUser(testApp.app, { name: 'Public Person' });
    const { browser } = await signedInUser(testApp.app);
    for (const viewer of [browser, await guestBrowser(testApp.app)]) {
      const response = await viewer.get(`/api/v1/users/${profile.id}`);
      expect(response.statusCode).toBe(200);
      const { user } = response.json() as { user: Record<string, unknown> };
      expect(user).toEqual({
        id: profile.id,
        name: 'Public Person',
        image: null,
        created_at: expect.any(String),
        // What the user wrote on their profile (library/profiles.test.ts edits it).
        header_image: null,
        description: null,
        links: [],
      });
      expect(response.body).not.toContain(profile.email);
    }
  });

  it('answers 404 for an unknown or suspended user, 422 for a malformed or out-of-range id', async () => {
    const { browser } = await signedInUser(testApp.app);
    const suspended = await createUser(testApp.app);
    await testApp.app.services.users.update(suspended.id, { banned_at: new Date().toISOString() });

    expect((await browser.get('/api/v1/users/987654')).statusCode).toBe(404);
    expect((await browser.get(`/api/v1/users/${suspended.id}`)).statusCode).toBe(404);
    // Past the 32-bit id range too: PostgreSQL would otherwise fail the query with a 500.
    for (const id of ['someone', '0', '2147483648', '99999999999']) {
      const malformed = await browser.get(`/api/v1/users/${id}`);
      expect(malformed.statusCode, id).toBe(422);
      expect(fields(malformed.json())).toEqual(['id']);
    }
  });
});

describe('PUT users/{id}', () => {
  it('updates the own account details and keeps them', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    const details = {
      name: 'Ada L.',
      first_name: 'Ada',
      last_name: 'Lovelace',
      country: 'GB',
      timezone: 'Europe/London',
      language: 'en',
    };
    const response = await browser.put(`/api/v1/users/${id}`, details);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { user: User }).user).toMatchObject(details);
    expect(await currentUser(browser)).toMatchObject(details);

    const cleared = await browser.put(`/api/v1/users/${id}`, { first_name: '', last_name: null });
    expect((cleared.json() as { user: User }).user).toMatchObject({
      name: 'Ada L.',
      first_name: null,
      last_name: null,
    });
  });

  it.each([
    ['a country name instead of a code', { country: 'United Kingdom' }, 'country'],
    ['a lower-case country code', { country: 'gb' }, 'country'],
    ['a timezone that does not exist', { timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a first name over 100 characters', { first_name: 'x'.repeat(101) }, 'first_name'],
    ['a language that is not installed', { language: 'xx' }, 'language'],
  ])('refuses %s with 422 on %s', async (_case, body, field) => {
    const { browser, id } = await signedInUser(testApp.app, { name: 'Unchanged' });
    const response = await browser.put(`/api/v1/users/${id}`, body);
    expect(response.statusCode).toBe(422);
    expect(fields(response.json())).toEqual([field]);
    expect(await currentUser(browser)).toMatchObject({ name: 'Unchanged', country: null });
  });

  it("answers 404 for another user's account and changes nothing", async () => {
    const { browser } = await signedInUser(testApp.app);
    const other = await createUser(testApp.app, { name: 'Not Yours' });
    const response = await browser.put(`/api/v1/users/${other.id}`, { name: 'Hijacked' });
    expect(response.statusCode).toBe(404);
    expect((await testApp.app.services.users.findById(other.id))?.name).toBe('Not Yours');
  });

  it('lets an admin edit any account', async () => {
    const admin = await guestBrowser(testApp.app);
    await admin.login(testApp.admin.email, testApp.admin.password);
    const other = await createUser(testApp.app);
    const response = await admin.put(`/api/v1/users/${other.id}`, { name: 'Renamed By Admin' });
    expect(response.statusCode).toBe(200);
    expect((await testApp.app.services.users.findById(other.id))?.name).toBe('Renamed By Admin');
  });

  it('is only for logged-in users', async () => {
    const other = await createUser(testApp.app);
    const guest = await guestBrowser(testApp.app);
    expect((await guest.put(`/api/v1/users/${other.id}`, { name: 'x' })).statusCode).toBe(401);
  });
});

describe('DELETE users/{id}', () => {
  it("refuses to delete another user's account with 403", async () => {
    const { browser, password } = await signedInUser(testApp.app);
    await confirmPassword(browser, password);
    const other = await createUser(testApp.app);
    const response = await browser.delete(`/api/v1/users/${other.id}?deleteCurrentUser=true`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You can only delete your own account.' });
    expect(await testApp.app.services.users.findById(other.id)).not.toBeNull();
  });

  it('needs a confirmed password (423)', async () => {
    const { browser, id } = await signedInUser(testApp.app);
    const response = await browser.delete(`/api/v1/users/${id}?deleteCurrentUser=true`);
    expect(response.statusCode).toBe(423);
    expect((await currentUser(browser))?.id).toBe(id);
  });

  it('deletes the own account with its sessions and tokens and logs the browser out', async () => {
    const account = await signedInUser(testApp.app);
    const { browser, id, email, password } = account;
    const otherDevice = await guestBrowser(testApp.app);
    await otherDevice.login(email, password);
    await confirmPassword(browser, password);
    const created = await browser.post('/api/v1/access-tokens', { tokenName: 'script' });
    const api = new TokenClient(
      testApp.app,
      (created.json() as { plainTextToken: string }).plainTextToken,
    );
    expect((await api.get('/api/v1/user-sessions')).statusCode).toBe(200);

    const response = await browser.delete(`/api/v1/users/${id}?deleteCurrentUser=true`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { message: string; bootstrapData: BootstrapData };
    expect(body.message).toBe('Account deleted');
    expect(body.bootstrapData.user).toBeNull();

    expect(await currentUser(browser)).toBeNull();
    expect(await currentUser(otherDevice)).toBeNull();
    expect((await api.get('/api/v1/user-sessions')).statusCode).toBe(401);
    expect(await testApp.app.services.users.findById(id)).toBeNull();
    const { db } = testApp.app.services.database;
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('personal_access_tokens')
        .select('id')
        .where('user_id', '=', id)
        .execute(),
    ).toEqual([]);
    const login = await (await guestBrowser(testApp.app)).post('/auth/login', { email, password });
    expect(login.statusCode).toBe(422);
  });

  it('is only for logged-in users', async () => {
    const other = await createUser(testApp.app);
    const guest = await guestBrowser(testApp.app);
    expect((await guest.delete(`/api/v1/users/${other.id}`)).statusCode).toBe(401);
  });
});
