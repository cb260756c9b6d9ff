import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, uniqueEmail } from '../helpers/factories.ts';

/*
 * Issue 35, item 2: staff with delegated permissions made themselves (or everyone) admins.
 * Each case replays the attack as it was made and checks nothing changed.
 */
let t: TestApp;
let adminRoleId: number;
let defaultRoleId: number;
beforeAll(async () => {
  t = await createTestApp();
  const roles = t.app.services.roles;
  adminRoleId = (await roles.findRoleByName('admin'))!.id;
  defaultRoleId = (await roles.defaultRoleIds())[0]!;
});
afterAll(() => t.close());

let sequence = 0;
/** A staff account whose only role grants exactly these permissions. */
async function staffWith(...permissions: string[]) {
  sequence += 1;
  const name = `staff-${sequence}`;
  await t.app.services.roles.createRole({ name, description: 'Delegated staff', permissions });
  return signedInUser(t.app, { roleNames: [name] });
}

const permissionsOf = async (userId: number) =>
  (await t.app.services.roles.permissionsOfUser(userId)).map((p) => p.name);
const roleGrants = async (roleId: number) =>
  (await t.app.services.roles.permissionsOfRoles([roleId])).map((p) => p.name);

describe('a staff member with users.update', () => {
  it('cannot give itself the admin role', async () => {
    const staff = await staffWith('admin.access', 'users.update');
    const roleIds = staff.user.roles.map((r) => r.id);
    const response = await staff.browser.put(`/api/v1/admin/users/${staff.id}`, {
      roles: [...roleIds, adminRoleId],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.roles[0]).toMatch(/only grant permissions you hold.*admin/);
    expect(await permissionsOf(staff.id)).not.toContain('admin');
  });

  it('cannot grant itself the admin permission, nor one it lacks', async () => {
    const staff = await staffWith('admin.access', 'users.update');
    for (const name of ['admin', 'roles.update']) {
      const response = await staff.browser.put(`/api/v1/admin/users/${staff.id}`, {
        permissions: [{ name, restrictions: [] }],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.permissions[0]).toContain(name);
    }
    expect(await permissionsOf(staff.id)).toEqual(
      expect.not.arrayContaining(['admin', 'roles.update']),
    );
  });

  it('cannot create a new admin account', async () => {
    const staff = await staffWith('admin.access', 'users.update');
    const email = uniqueEmail('new-admin');
    const response = await staff.browser.post('/api/v1/admin/users', {
      email,
      password: 'a-long-enough-password-1',
      roles: [adminRoleId],
    });
    expect(response.statusCode).toBe(422);
    expect(await t.app.services.users.findRowByEmail(email)).toBeUndefined();
  });

  it('cannot change, sign out or ban an admin (taking the account over by its email)', async () => {
    const staff = await staffWith('admin.access', 'users.update');
    const admin = await createUser(t.app, { roleNames: ['admin'] });
    const attempts = [
      staff.browser.put(`/api/v1/admin/users/${admin.id}`, { email: uniqueEmail('mine') }),
      staff.browser.post(`/api/v1/admin/users/${admin.id}/ban`, { reason: 'x' }),
      staff.browser.post(`/api/v1/admin/users/${admin.id}/logout`),
      staff.browser.post(`/api/v1/admin/users/${admin.id}/password-reset`),
      staff.browser.delete(`/api/v1/admin/users/${admin.id}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect([403, 404]).toContain(response.statusCode);
    }
    const after = await t.app.services.users.findRowById(admin.id);
    expect(after?.email).toBe(admin.email);
    expect(after?.banned_at).toBeNull();
  });

  it('still manages ordinary listeners and gives them what it holds', async () => {
    const staff = await staffWith('admin.access', 'users.update', 'music.download');
    const listener = await createUser(t.app);
    const response = await staff.browser.put(`/api/v1/admin/users/${listener.id}`, {
      name: 'Renamed by staff',
      permissions: [{ name: 'music.download', restrictions: [] }],
    });
    expect(response.statusCode).toBe(200);
    expect(await permissionsOf(listener.id)).toContain('music.download');
  });
});

describe('a staff member with roles.update', () => {
  it('cannot add admin to its own role', async () => {
    const staff = await staffWith('admin.access', 'roles.update');
    const ownRole = staff.user.roles[0]!;
    const response = await staff.browser.put(`/api/v1/admin/roles/${ownRole.id}`, {
      permissions: [
        { name: 'admin.access', restrictions: [] },
        { name: 'roles.update', restrictions: [] },
        { name: 'admin', restrictions: [] },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(await roleGrants(ownRole.id)).not.toContain('admin');
    expect(await permissionsOf(staff.id)).not.toContain('admin');
  });

  it('cannot make every account an admin through the default role', async () => {
    const staff = await staffWith('admin.access', 'roles.update');
    const before = await roleGrants(defaultRoleId);
    const response = await staff.browser.put(`/api/v1/admin/roles/${defaultRoleId}`, {
      permissions: [...before, 'admin'].map((name) => ({ name, restrictions: [] })),
    });
    expect(response.statusCode).toBe(422);
    expect((await roleGrants(defaultRoleId)).sort()).toEqual([...before].sort());
    const listener = await createUser(t.app);
    expect(await permissionsOf(listener.id)).not.toContain('admin');
  });

  it('cannot edit or delete the admin role', async () => {
    const staff = await staffWith('admin.access', 'roles.update');
    const rename = await staff.browser.put(`/api/v1/admin/roles/${adminRoleId}`, {
      name: 'Renamed',
    });
    expect(rename.statusCode).toBe(403);
    const remove = await staff.browser.delete(`/api/v1/admin/roles/${adminRoleId}`);
    expect(remove.statusCode).toBe(403);
    expect((await t.app.services.roles.findRoleByName('admin'))?.id).toBe(adminRoleId);
  });

  it('may still create a role from what it holds and trim the default role', async () => {
    const staff = await staffWith('admin.access', 'roles.update');
    const created = await staff.browser.post('/api/v1/admin/roles', {
      name: `helpers-${sequence}`,
      permissions: [{ name: 'admin.access', restrictions: [] }],
    });
    expect(created.statusCode).toBe(201);
    const before = await roleGrants(defaultRoleId);
    const trimmed = await staff.browser.put(`/api/v1/admin/roles/${defaultRoleId}`, {
      permissions: before.slice(1).map((name) => ({ name, restrictions: [] })),
    });
    expect(trimmed.statusCode).toBe(200);
    // What it took away and does not hold itself, it cannot give back.
    const restored = await staff.browser.put(`/api/v1/admin/roles/${defaultRoleId}`, {
      permissions: before.map((name) => ({ name, restrictions: [] })),
    });
    expect(restored.statusCode).toBe(422);
    await t.app.services.roles.replaceGrants(
      'role',
      defaultRoleId,
      before.map((name) => ({ name, restrictions: [] })),
    );
  });
});

describe('the admin', () => {
  it('may still grant anything', async () => {
    const admin = await signedInUser(t.app, { roleNames: ['admin'] });
    const listener = await createUser(t.app);
    const response = await admin.browser.put(`/api/v1/admin/users/${listener.id}`, {
      roles: [adminRoleId],
    });
    expect(response.statusCode).toBe(200);
    expect(await permissionsOf(listener.id)).toContain('admin');
  });
});
