import { permissionsBeyondGiver, type User } from '@backbeat/common';
import { forbidden, validationFailed } from '../../lib/domain-errors.ts';
import type { RolesRepository } from './repository.ts';

type GrantGuardRoles = Pick<
  RolesRepository,
  'defaultRoleIds' | 'permissionsOfRoles' | 'permissionsOfUser'
>;

export type GrantGuard = ReturnType<typeof createGrantGuard>;

/**
 * Who may hand out which permissions (issue 35, item 2). Staff may give only what they hold
 * themselves (or what every new account gets), may change only accounts and roles that hold
 * nothing more, and never make anyone an admin without being one. Every admin path that grants
 * permissions goes through here: user roles and own grants, and role permissions. (Plans may
 * grant only listener and artist permissions, by their schema, so a plan cannot make staff.)
 */
export function createGrantGuard(roles: GrantGuardRoles) {
  async function everyoneGets(): Promise<string[]> {
    const permissions = await roles.permissionsOfRoles(await roles.defaultRoleIds());
    return permissions.map((p) => p.name);
  }

  async function beyond(actor: User, names: Iterable<string>): Promise<string[]> {
    const wanted = [...names];
    if (!wanted.length) return [];
    return permissionsBeyondGiver(actor, wanted, await everyoneGets());
  }

  const notYours = (names: string[]) =>
    `You can only grant permissions you hold yourself. Not yours: ${names.join(', ')}.`;

  return {
    /** 422 on the field that asks for more than `actor` may give. */
    async assertMayGrant(
      actor: User,
      grant: { roleIds?: number[]; permissionNames?: string[]; field?: string },
    ): Promise<void> {
      const errors: Record<string, string[]> = {};
      if (grant.roleIds?.length) {
        const ofRoles = await roles.permissionsOfRoles(grant.roleIds);
        const over = await beyond(
          actor,
          ofRoles.map((p) => p.name),
        );
        if (over.length) errors.roles = [notYours(over)];
      }
      const over = await beyond(actor, grant.permissionNames ?? []);
      if (over.length) errors[grant.field ?? 'permissions'] = [notYours(over)];
      if (Object.keys(errors).length) throw validationFailed(errors);
    },

    /** 403 when the account holds something `actor` does not (an admin, a more senior staff). */
    async assertMayManageUser(actor: User, userId: number): Promise<void> {
      const held = await roles.permissionsOfUser(userId);
      const over = await beyond(
        actor,
        held.map((p) => p.name),
      );
      if (over.length)
        throw forbidden(
          'This account holds permissions you do not have, so you may not change it.',
        );
    },

    /** 403 when the role grants something `actor` does not. */
    async assertMayManageRoles(actor: User, roleIds: number[]): Promise<void> {
      const granted = await roles.permissionsOfRoles(roleIds);
      const over = await beyond(
        actor,
        granted.map((p) => p.name),
      );
      if (over.length)
        throw forbidden('This role grants permissions you do not have, so you may not change it.');
    },
  };
}
