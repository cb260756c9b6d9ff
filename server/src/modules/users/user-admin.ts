import { hasPermission, PERMISSIONS, type Permission, type User } from '@backbeat/common';
import { validationFailed } from '../../lib/domain-errors.ts';
import type { GrantGuard } from '../roles/grant-guard.ts';
import type { RolesRepository } from '../roles/repository.ts';
import type { UsersService } from './service.ts';

export type UserAdmin = ReturnType<typeof createUserAdmin>;

/** An account's roles (by id, with the names of what each grants) and its own grants. */
export interface Holdings {
  roles: { id: number; permissions: string[] }[];
  own: Permission[];
}

/**
 * User management as the admin area does it (spec 2 §2 users, §6 users.update), for every door
 * that manages accounts: the admin users screen (admin-routes.ts) and the Subsonic user calls.
 * One set of rules: who may manage users, which roles and grants they may hand out (the grant
 * guard), the last admin kept, and what goes with a deleted account.
 */
export function createUserAdmin(deps: {
  users: UsersService;
  roles: Pick<
    RolesRepository,
    | 'rolesOfUser'
    | 'grantsOf'
    | 'permissionsOfRoles'
    | 'existingRoleIds'
    | 'activeHoldersOf'
    | 'defaultRoleIds'
  >;
  grants: GrantGuard;
  sessions: { deleteForUser(userId: number): Promise<number> };
  /** What the database cascade would leave behind (header image, workspaces, playlists). */
  ownedBy: readonly ((userId: number) => Promise<unknown>)[];
  /** Grants made to the user directly are tied to them by id only. */
  deleteOwnGrants(userId: number): Promise<void>;
}) {
  const { users, roles, grants } = deps;

  async function assertRolesExist(roleIds: number[] | undefined) {
    if (!roleIds?.length) return;
    const found = await roles.existingRoleIds(roleIds);
    if (found.length !== new Set(roleIds).size)
      throw validationFailed({ roles: ['One of the roles does not exist.'] });
  }

  /** Roles with the names of what each grants. */
  const withGrants = (roleIds: number[]) =>
    Promise.all(
      roleIds.map(async (id) => ({
        id,
        permissions: (await roles.permissionsOfRoles([id])).map((p) => p.name),
      })),
    );

  const admin = {
    /** What the admin users screen needs: the admin area, and managing users in it. */
    mayManageUsers: (actor: User) =>
      hasPermission({ user: actor, guestPermissions: [] }, PERMISSIONS.adminAccess) &&
      hasPermission({ user: actor, guestPermissions: [] }, PERMISSIONS.usersUpdate),

    /**
     * Checks a new account (`id` null) or a change of one before anything is written: the
     * roles exist, the actor holds at least what the account holds and what it is given, the
     * email is free, and an admin remains.
     */
    async assertMayChange(
      actor: User,
      id: number | null,
      change: { email?: string; roleIds?: number[]; permissions?: Permission[] },
    ): Promise<void> {
      const { roleIds, permissions } = change;
      await assertRolesExist(roleIds);
      // Staff change only accounts that hold no more than they do, and give only what they hold.
      if (id !== null) await grants.assertMayManageUser(actor, id);
      await grants.assertMayGrant(actor, {
        roleIds,
        permissionNames: permissions?.map((p) => p.name),
      });
      if (change.email !== undefined) {
        const taken = await users.findRowByEmail(change.email);
        if (taken && taken.id !== id)
          throw validationFailed({ email: ['The email has already been taken.'] });
      }
      if (id !== null && (roleIds || permissions)) {
        await users.assertKeepsAdmin(id, {
          roleIds,
          grantNames: permissions?.map((p) => p.name),
        });
      }
    },

    /** The account's roles (each with what it grants) and its own grants. */
    async holdings(id: number): Promise<Holdings> {
      const [userRoles, own] = await Promise.all([
        roles.rolesOfUser(id),
        roles.grantsOf('user', [id]),
      ]);
      return { roles: await withGrants(userRoles.map((r) => r.id)), own: own.get(id) ?? [] };
    },

    /** What a new account holds: the default roles. */
    async defaultHoldings(): Promise<Holdings> {
      return { roles: await withGrants(await roles.defaultRoleIds()), own: [] };
    },

    /** A new account with these roles and own grants, checked first as the admin area does. */
    async create(
      actor: User,
      input: { email: string; password: string; roleIds: number[]; permissions: Permission[] },
    ): Promise<number> {
      await admin.assertMayChange(actor, null, input);
      const id = await users.createUser({
        email: input.email,
        password: input.password,
        verified: true,
      });
      await users.setGrants(id, { roleIds: input.roleIds, permissions: input.permissions });
      return id;
    },

    /** Changes an account's email, roles and own grants, all checked before any is written. */
    async update(
      actor: User,
      id: number,
      change: { email?: string; roleIds?: number[]; permissions?: Permission[] },
    ): Promise<void> {
      await admin.assertMayChange(actor, id, change);
      if (change.email !== undefined) await users.update(id, { email: change.email });
      if (change.roleIds || change.permissions) await users.setGrants(id, change);
    },

    /**
     * Deletes accounts the actor may manage; deleting every remaining admin at once is refused
     * before anything goes.
     */
    async deleteUsers(actor: User, ids: number[]): Promise<number> {
      for (const id of ids) await grants.assertMayManageUser(actor, id);
      const admins = await roles.activeHoldersOf('admin');
      if (admins.length && admins.every((id) => ids.includes(id)))
        await users.assertNotLastAdmin(admins[0]!, 'delete');
      for (const id of ids) await users.assertNotLastAdmin(id, 'delete');
      for (const id of ids) {
        for (const remove of deps.ownedBy) await remove(id);
        await deps.deleteOwnGrants(id);
        await users.delete(id);
        await deps.sessions.deleteForUser(id);
      }
      return ids.length;
    },
  };
  return admin;
}
