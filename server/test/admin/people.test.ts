import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pagination } from '@backbeat/common';
import type { AdminRole, AdminUser } from '@backbeat/common/admin/people';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser, type Browser } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';

/*
 * Admin users and roles (issue 12): list, sort, filter, create, update, delete with bad
 * input; the user page's security and api tabs; roles with quotas; the last-admin rule.
 */

let t: TestApp;
let admin: Browser;
let adminId: number;
const USERS = '/api/v1/admin/users';
const ROLES = '/api/v1/admin/roles';
type UserPage = { pagination: Pagination<AdminUser> };

beforeAll(async () => {
  t = await createTestApp();
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
  adminId = (await t.app.services.users.findRowByEmail(t.admin.email))!.id;
});
afterAll(() => t.close());

const roleId = async (name: string) => (await t.app.services.roles.findRoleByName(name))!.id;

describe('admin users', () => {
  it('lists users with their roles, searched, filtered and sorted, never with secrets', async () => {
    const banned = await createUser(t.app, { name: 'Zq Banned One' });
    await createUser(t.app, { name: 'Zq Artist One', roleNames: ['artists'] });
    await t.app.services.users.ban(banned.id, 'spam');

    const page = (await admin.get(`${USERS}?query=zq&sort=name`)).json() as UserPage;
    expect(page.pagination.data.map((u) => u.name)).toEqual(['Zq Artist One', 'Zq Banned One']);
    expect(page.pagination.data[0]!.roles.map((r) => r.name)).toEqual(['artists']);
    expect(JSON.stringify(page)).not.toMatch(/password|two_factor_secret|argon/);

    const bannedOnly = (await admin.get(`${USERS}?query=zq&banned=yes`)).json() as UserPage;
    expect(bannedOnly.pagination.data.map((u) => [u.name, u.ban_reason])).toEqual([
      ['Zq Banned One', 'spam'],
    ]);
    const artists = (await admin.get(`${USERS}?query=zq&role=${await roleId('artists')}`)).json();
    expect((artists as UserPage).pagination.data.map((u) => u.name)).toEqual(['Zq Artist One']);
  });

  it('refuses an unknown sort column or filter value with 422', async () => {
    for (const query of ['sort=password', 'sort=name;drop', 'banned=maybe', 'role=abc']) {
      const response = await admin.get(`${USERS}?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
  });

  it('creates a user with roles, and refuses a taken email or a bad password', async () => {
    const created = await admin.post(USERS, {
      email: 'zq-new@backbeat.test',
      password: 'long enough password',
      name: 'Zq New',
      roles: [await roleId('artists')],
    });
    expect(created.statusCode).toBe(201);
    const user = created.json().user as AdminUser;
    expect(user.roles.map((r) => r.name)).toEqual(['artists']);
    const fresh = await openBrowser(t.app);
    await fresh.login('zq-new@backbeat.test', 'long enough password');

    const again = await admin.post(USERS, {
      email: 'zq-new@backbeat.test',
      password: 'x'.repeat(9),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toHaveProperty('email');
    const short = await admin.post(USERS, { email: 'zq-other@backbeat.test', password: 'short' });
    expect(short.json().errors).toHaveProperty('password');
    const badRole = await admin.post(USERS, {
      email: 'zq-third@backbeat.test',
      password: 'x'.repeat(9),
      roles: [999_999],
    });
    expect(badRole.json().errors).toHaveProperty('roles');
  });

  it('updates details, date settings, roles and own grants with restriction values', async () => {
    const { id } = await createUser(t.app);
    const response = await admin.put(`${USERS}/${id}`, {
      name: 'Zq Renamed',
      country: 'DE',
      timezone: 'Europe/Berlin',
      email_verified: false,
      roles: [await roleId('artists')],
      permissions: [{ name: 'playlists.create', restrictions: [{ name: 'count', value: 3 }] }],
    });
    expect(response.statusCode).toBe(200);
    const user = response.json().user as AdminUser;
    expect(user).toMatchObject({ name: 'Zq Renamed', country: 'DE', email_verified_at: null });
    expect(user.permissions).toEqual([
      { name: 'playlists.create', restrictions: [{ name: 'count', value: 3 }] },
    ]);
    const seen = await t.app.services.users.findForRequest(id);
    expect(seen!.permissions).toContainEqual({
      name: 'playlists.create',
      restrictions: [{ name: 'count', value: 3 }],
    });

    const bad = await admin.put(`${USERS}/${id}`, {
      timezone: 'Mars/Olympus',
      permissions: [{ name: 'no.such.permission', restrictions: [] }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['timezone', 'permissions.0.name']),
    );
    expect((await admin.put(`${USERS}/999999`, { name: 'x' })).statusCode).toBe(404);
  });

  it('bans with a reason, refuses the banned user, and lifts the ban', async () => {
    const target = await createUser(t.app);
    const browser = await openBrowser(t.app);
    await browser.login(target.email, target.password);
    const banned = await admin.post(`${USERS}/${target.id}/ban`, { reason: 'Zq spam' });
    expect(banned.json().user).toMatchObject({ ban_reason: 'Zq spam' });
    expect(banned.json().user.banned_at).not.toBeNull();
    const refused = await browser.get('/api/v1/user-sessions');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is suspended.');
    const bootstrap = (await browser.get('/api/v1/bootstrap-data')).json();
    expect(bootstrap.bootstrapData.user.banned_at).not.toBeNull();

    const lifted = await admin.post(`${USERS}/${target.id}/unban`);
    expect(lifted.json().user).toMatchObject({ banned_at: null, ban_reason: null });
    expect((await browser.get('/api/v1/user-sessions')).statusCode).toBe(200);
  });

  it('lists and revokes sessions, logs out everywhere, lists and deletes tokens', async () => {
    const target = await createUser(t.app);
    const first = await openBrowser(t.app);
    const second = await openBrowser(t.app);
    await first.login(target.email, target.password);
    await second.login(target.email, target.password);
    const sessions = (await admin.get(`${USERS}/${target.id}/sessions`)).json().sessions;
    expect(sessions).toHaveLength(2);
    const revoke = await admin.delete(`${USERS}/${target.id}/sessions/${sessions[0].id}`);
    expect(revoke.statusCode).toBe(200);
    expect((await admin.get(`${USERS}/${target.id}/sessions`)).json().sessions).toHaveLength(1);
    // Someone else's session id is not found under this user.
    const other = (await admin.get(`${USERS}/${adminId}/sessions`)).json().sessions[0];
    expect((await admin.delete(`${USERS}/${target.id}/sessions/${other.id}`)).statusCode).toBe(404);

    await admin.post(`${USERS}/${target.id}/logout`);
    expect((await admin.get(`${USERS}/${target.id}/sessions`)).json().sessions).toHaveLength(0);
    expect((await second.get('/api/v1/user-sessions')).statusCode).toBe(401);

    const { token } = await t.app.services.accessTokens.create(target.id, 'Zq CLI');
    const tokens = (await admin.get(`${USERS}/${target.id}/tokens`)).json().tokens;
    expect(tokens.map((x: { name: string }) => x.name)).toEqual(['Zq CLI']);
    expect((await admin.delete(`${USERS}/${target.id}/tokens/${token.id}`)).statusCode).toBe(200);
    expect((await admin.get(`${USERS}/${target.id}/tokens`)).json().tokens).toEqual([]);
    expect((await admin.delete(`${USERS}/${target.id}/tokens/${token.id}`)).statusCode).toBe(404);
  });

  it('sends a password reset link to the user', async () => {
    const target = await createUser(t.app);
    const response = await admin.post(`${USERS}/${target.id}/password-reset`);
    expect(response.statusCode).toBe(200);
    expect((await admin.post(`${USERS}/999999/password-reset`)).statusCode).toBe(404);
  });

  it('says what goes with a user, then deletes them with their playlists', async () => {
    const target = await createUser(t.app);
    const browser = await openBrowser(t.app);
    await browser.login(target.email, target.password);
    expect((await browser.post('/api/v1/playlists', { name: 'Zq Mine' })).statusCode).toBe(201);
    const impact = (await admin.get(`${USERS}/${target.id}/impact`)).json().impact;
    expect(impact).toContainEqual({ what: ':count playlist|:count playlists', count: 1 });
    expect((await admin.delete(`${USERS}/${target.id}`)).json()).toEqual({ deleted: 1 });
    expect((await admin.get(`${USERS}/${target.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`${USERS}/${target.id}`)).statusCode).toBe(404);
  });
});

describe('the last admin', () => {
  it('can never be deleted, banned or demoted, with the message shown as 422', async () => {
    const id = adminId;
    const deleted = await admin.delete(`${USERS}/${id}`);
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json().message).toMatch(/last administrator/);
    const banned = await admin.post(`${USERS}/${id}/ban`, { reason: 'oops' });
    expect(banned.statusCode).toBe(422);
    const demoted = await admin.put(`${USERS}/${id}`, { roles: [await roleId('users')] });
    expect(demoted.statusCode).toBe(422);
    expect(demoted.json().message).toMatch(/admin role/);
    const stripped = await admin.put(`${ROLES}/${await roleId('admin')}`, {
      permissions: [{ name: 'admin.access', restrictions: [] }],
    });
    expect(stripped.statusCode).toBe(422);
    expect((await admin.delete(`${ROLES}/${await roleId('admin')}`)).statusCode).toBe(422);
    const me = (await admin.get(`${USERS}/${id}`)).json().user as AdminUser;
    expect(me.roles.map((r) => r.name)).toContain('admin');
    expect(me.banned_at).toBeNull();
  });

  it('may be demoted once another admin exists', async () => {
    const other = await createUser(t.app, { roleNames: ['admin'] });
    const demoted = await admin.put(`${USERS}/${other.id}`, { roles: [await roleId('users')] });
    expect(demoted.statusCode).toBe(200);
  });
});

describe('admin roles', () => {
  it('creates a role with a quota, assigns it and the quota applies', async () => {
    const created = await admin.post(ROLES, {
      name: 'Zq Curators',
      description: 'Two playlists each',
      permissions: [
        { name: 'playlists.create', restrictions: [{ name: 'count', value: 1 }] },
        { name: 'music.view', restrictions: [] },
      ],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json().role as AdminRole;
    expect(role).toMatchObject({ name: 'Zq Curators', is_default: false, users_count: 0 });
    const target = await createUser(t.app, { roleNames: [] });
    await admin.put(`${USERS}/${target.id}`, { roles: [role.id] });
    const browser = await openBrowser(t.app);
    await browser.login(target.email, target.password);
    expect((await browser.post('/api/v1/playlists', { name: 'Zq One' })).statusCode).toBe(201);
    expect((await browser.post('/api/v1/playlists', { name: 'Zq Two' })).statusCode).toBe(403);
    const listed = (await admin.get(`${ROLES}?query=zq`)).json().pagination.data as AdminRole[];
    expect(listed.map((r) => [r.name, r.users_count])).toEqual([['Zq Curators', 1]]);
  });

  it('refuses bad grants, a taken name and unknown sort columns', async () => {
    const restriction = await admin.post(ROLES, {
      name: 'Zq Bad',
      permissions: [{ name: 'music.view', restrictions: [{ name: 'count', value: 2 }] }],
    });
    expect(restriction.statusCode).toBe(422);
    const value = await admin.post(ROLES, {
      name: 'Zq Bad',
      permissions: [{ name: 'playlists.create', restrictions: [{ name: 'count', value: 'many' }] }],
    });
    expect(value.statusCode).toBe(422);
    const taken = await admin.post(ROLES, { name: 'admin' });
    expect(taken.json().errors).toHaveProperty('name');
    expect((await admin.get(`${ROLES}?sort=permissions`)).statusCode).toBe(422);
  });

  it('makes one role the guests’ role and others default for new users', async () => {
    const guests = (
      await admin.post(ROLES, {
        name: 'Zq Guests',
        is_guest: true,
        is_default: false,
        permissions: [{ name: 'music.view', restrictions: [] }],
      })
    ).json().role as AdminRole;
    const roles = (await admin.get(`${ROLES}?perPage=100`)).json().pagination.data as AdminRole[];
    expect(roles.filter((r) => r.is_guest).map((r) => r.id)).toEqual([guests.id]);
    const defaults = await admin.put(`${ROLES}/${guests.id}`, {
      is_guest: false,
      is_default: true,
    });
    expect(defaults.json().role).toMatchObject({ is_guest: false, is_default: true });
    const impact = (await admin.get(`${ROLES}/${guests.id}/impact`)).json().impact;
    expect(impact).toEqual([]);
    expect((await admin.delete(`${ROLES}/${guests.id}`)).json()).toEqual({ deleted: 1 });
  });
});
