import type { FastifyInstance } from 'fastify';
import type { User } from '@backbeat/common';
import { rolesResource, type AdminRole } from '@backbeat/common/admin/people';
import { DomainError } from '../../lib/domain-errors.ts';
import { defineResource } from '../../resources/define-resource.ts';
import type { ResourceRow } from '../../resources/repository.ts';

/*
 * Admin roles (spec 2 §2 roles, roles/new, roles/{roleId}/edit; §6 roles.update): the generic
 * five on the roles table, with each role's grants (permissions and their restriction values,
 * spec 1 §6) written beside it. One role holds the guests' permissions; any number may be
 * given to new users. No change may leave the site without an active admin.
 */

const NO_ADMIN_LEFT =
  'No active administrator would be left. Make another account an administrator first.';

type RoleInput = {
  name?: string;
  description?: string | null;
  is_default?: boolean;
  is_guest?: boolean;
  permissions?: AdminRole['permissions'];
};

function rolesHooks(app: FastifyInstance) {
  const { roles, users, guestRole, grants } = app.services;

  /** Who would still be an admin if these roles granted nothing. */
  async function assertAdminsRemain(roleIds: number[]) {
    const before = await roles.activeHoldersOf('admin');
    if (!before.length) return;
    const after = await roles.activeHoldersOf('admin', roleIds);
    if (!after.length) throw new DomainError('invalid', NO_ADMIN_LEFT);
  }

  /** Roles and grants are cached per user for a few seconds; members see a change at once. */
  async function forgetMembers(roleIds: number[]) {
    for (const userId of await roles.membersOf(roleIds)) users.forgetGrants(userId);
    guestRole.clear();
  }

  return {
    async present(rows: ResourceRow[]) {
      const ids = rows.map((row) => row.id);
      const [grants, counts] = await Promise.all([
        roles.grantsOf('role', ids),
        roles.memberCounts(ids),
      ]);
      return rows.map((row) => ({
        ...row,
        is_default: row.is_default === 1,
        is_guest: row.is_guest === 1,
        users_count: counts.get(row.id) ?? 0,
        permissions: grants.get(row.id) ?? [],
      }));
    },
    async validate(id: number | null, input: RoleInput, actor: User) {
      // Staff edit only roles that grant no more than they hold, and add only what they hold
      // (the default role included: every new account would get it).
      if (id !== null) await grants.assertMayManageRoles(actor, [id]);
      await grants.assertMayGrant(actor, {
        permissionNames: input.permissions?.map((p) => p.name),
      });
      if (id !== null && input.permissions && !input.permissions.some((p) => p.name === 'admin'))
        await assertAdminsRemain([id]);
    },
    toInsert: (input: RoleInput) => ({
      name: input.name,
      description: input.description ?? null,
      is_default: input.is_default ? 1 : 0,
      is_guest: input.is_guest ? 1 : 0,
    }),
    toUpdate: (input: RoleInput) => ({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description ?? null } : {}),
      ...(input.is_default !== undefined ? { is_default: input.is_default ? 1 : 0 } : {}),
      ...(input.is_guest !== undefined ? { is_guest: input.is_guest ? 1 : 0 } : {}),
    }),
    async afterSave(id: number, input: RoleInput) {
      if (input.permissions) await roles.replaceGrants('role', id, input.permissions);
      if (input.is_guest) await roles.makeGuestRole(id);
      await forgetMembers([id]);
    },
    async delete(ids: number[], actor: User) {
      await grants.assertMayManageRoles(actor, ids);
      await assertAdminsRemain(ids);
      const members = await roles.membersOf(ids);
      const deleted = await roles.deleteRoles(ids);
      for (const userId of members) users.forgetGrants(userId);
      guestRole.clear();
      return deleted;
    },
    async impact(ids: number[]) {
      const members = await roles.membersOf(ids);
      return [
        {
          what: ':count user loses this role|:count users lose these roles',
          count: members.length,
        },
      ].filter((item) => item.count > 0);
    },
  };
}

export const rolesAdminRoutes = defineResource(rolesResource, {
  table: 'roles',
  search: ['name', 'description'],
  unique: ['name'],
  timestamps: ['created_at', 'updated_at'],
  filters: {
    default: (value) => (eb) => eb('is_default', '=', value === 'yes' ? 1 : 0),
  },
  hooks: rolesHooks as never,
});
