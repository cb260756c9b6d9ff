import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPassword, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser, uniqueIp } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';

/** Issue 16: nothing restores an admin once the last one is gone, so it cannot go. */
let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await t.app.services.users.findRowByEmail(t.admin.email))!.id;
});
afterAll(() => t.close());

const users = () => t.app.services.users;

describe('the last admin', () => {
  it('cannot delete its own account, and keeps everything it had', async () => {
    const browser = await openBrowser(t.app, { ip: uniqueIp() });
    await browser.login(t.admin.email, t.admin.password);
    await confirmPassword(browser, t.admin.password);

    const response = await browser.delete(`/api/v1/users/${adminId}?deleteCurrentUser=true`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/last administrator.*cannot be deleted/);
    expect(await users().findById(adminId)).not.toBeNull();
    expect((await browser.get('/api/v1/user-sessions')).statusCode).toBe(200);
  });

  it('cannot be banned or lose the admin role', async () => {
    await expect(users().ban(adminId)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(users().setRoles(adminId, ['users'])).rejects.toMatchObject({ kind: 'invalid' });
    const admin = await users().findById(adminId);
    expect(admin?.banned_at).toBeNull();
    expect(admin?.permissions.map((p) => p.name)).toContain('admin');
  });

  it('a banned admin does not count as another admin', async () => {
    const other = await createUser(t.app, { roleNames: ['admin'] });
    await users().ban(other.id);
    await expect(users().ban(adminId)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(users().delete(adminId)).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('with a second active admin, an admin may leave, be demoted or banned', async () => {
    const second = await signedInUser(t.app, { roleNames: ['admin'] });
    const third = await createUser(t.app, { roleNames: ['admin'] });
    await users().setRoles(third.id, ['users']);
    expect((await users().findById(third.id))?.permissions.map((p) => p.name)).not.toContain(
      'admin',
    );

    await confirmPassword(second.browser, second.password);
    const response = await second.browser.delete(
      `/api/v1/users/${second.id}?deleteCurrentUser=true`,
    );
    expect(response.statusCode).toBe(200);
    // Now the seeded admin is the last again.
    await expect(users().delete(adminId)).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('other users are never held back by the rule', async () => {
    const listener = await createUser(t.app);
    await users().ban(listener.id);
    expect((await users().findById(listener.id))?.banned_at).not.toBeNull();
    await users().delete(listener.id);
    expect(await users().findById(listener.id)).toBeNull();
  });
});
