import type {
  Permission,
  PermissionDefinition,
  PermissionRestriction,
  Role,
} from '@backbeat/common';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

interface GrantRow {
  name: string;
  restrictions: string;
  grantee_type: 'role' | 'user';
}

/**
 * Several grants of one permission merge into one: a user's own grant wins over its roles',
 * and between roles the most generous restriction wins (an empty value means no cap).
 */
export function mergeGrants(rows: GrantRow[]): Permission[] {
  const byName = new Map<string, { fromUser: boolean; restrictions: PermissionRestriction[] }>();
  for (const row of rows) {
    const restrictions = JSON.parse(row.restrictions) as PermissionRestriction[];
    const fromUser = row.grantee_type === 'user';
    const existing = byName.get(row.name);
    if (!existing || (fromUser && !existing.fromUser)) {
      byName.set(row.name, { fromUser, restrictions });
      continue;
    }
    if (existing.fromUser && !fromUser) continue;
    existing.restrictions = existing.restrictions.map((r) => {
      const other = restrictions.find((o) => o.name === r.name);
      if (!other) return { name: r.name, value: null };
      if (r.value === null || other.value === null) return { name: r.name, value: null };
      return { name: r.name, value: Math.max(Number(r.value), Number(other.value)) };
    });
  }
  return [...byName].map(([name, { restrictions }]) => ({ name, restrictions }));
}

export function createRolesRepository(db: Db) {
  async function grantsOfRole(roleId: number): Promise<Permission[]> {
    const rows = await db
      .selectFrom('permission_grants as g')
      .innerJoin('permissions as p', 'p.id', 'g.permission_id')
      .select(['p.name', 'g.restrictions', 'g.grantee_type'])
      .where('g.grantee_type', '=', 'role')
      .where('g.grantee_id', '=', roleId)
      .execute();
    return mergeGrants(rows);
  }

  return {
    async permissionsOfUser(userId: number): Promise<Permission[]> {
      const rows = await db
        .selectFrom('permission_grants as g')
        .innerJoin('permissions as p', 'p.id', 'g.permission_id')
        .select(['p.name', 'g.restrictions', 'g.grantee_type'])
        .where((eb) =>
          eb.or([
            eb.and([eb('g.grantee_type', '=', 'user'), eb('g.grantee_id', '=', userId)]),
            eb.and([
              eb('g.grantee_type', '=', 'role'),
              eb(
                'g.grantee_id',
                'in',
                eb.selectFrom('user_roles').select('role_id').where('user_id', '=', userId),
              ),
            ]),
          ]),
        )
        .execute();
      return mergeGrants(rows);
    },

    async rolesOfUser(userId: number): Promise<Role[]> {
      return db
        .selectFrom('user_roles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select(['r.id', 'r.name'])
        .where('ur.user_id', '=', userId)
        .orderBy('r.id')
        .execute();
    },

    async guestRole(): Promise<{ id: number; permissions: Permission[] } | null> {
      const role = await db
        .selectFrom('roles')
        .select('id')
        .where('is_guest', '=', 1)
        .executeTakeFirst();
      return role ? { id: role.id, permissions: await grantsOfRole(role.id) } : null;
    },

    /**
     * Ids of the users who are not banned and hold a permission through one of their roles or
     * a grant of their own (the last-admin check).
     */
    async activeHoldersOf(permission: string): Promise<number[]> {
      const rows = await db
        .selectFrom('users as u')
        .select('u.id')
        .where('u.banned_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('permission_grants as g')
              .innerJoin('permissions as p', 'p.id', 'g.permission_id')
              .select('g.permission_id')
              .where('p.name', '=', permission)
              .where((inner) =>
                inner.or([
                  inner.and([
                    inner('g.grantee_type', '=', 'user'),
                    inner('g.grantee_id', '=', inner.ref('u.id')),
                  ]),
                  inner.and([
                    inner('g.grantee_type', '=', 'role'),
                    inner(
                      'g.grantee_id',
                      'in',
                      inner
                        .selectFrom('user_roles as ur')
                        .select('ur.role_id')
                        .whereRef('ur.user_id', '=', 'u.id'),
                    ),
                  ]),
                ]),
              ),
          ),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    /** What the given roles grant together. */
    async permissionsOfRoles(roleIds: number[]): Promise<Permission[]> {
      if (!roleIds.length) return [];
      const rows = await db
        .selectFrom('permission_grants as g')
        .innerJoin('permissions as p', 'p.id', 'g.permission_id')
        .select(['p.name', 'g.restrictions', 'g.grantee_type'])
        .where('g.grantee_type', '=', 'role')
        .where('g.grantee_id', 'in', roleIds)
        .execute();
      return mergeGrants(rows);
    },

    /** Replaces a user's roles with the given ones. */
    async replaceRoles(userId: number, roleIds: number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
        if (roleIds.length) {
          await trx
            .insertInto('user_roles')
            .values(roleIds.map((role_id) => ({ user_id: userId, role_id, created_at: nowIso() })))
            .execute();
        }
      });
    },

    async defaultRoleIds(): Promise<number[]> {
      const rows = await db.selectFrom('roles').select('id').where('is_default', '=', 1).execute();
      return rows.map((r) => r.id);
    },

    async findRoleByName(name: string) {
      return db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
    },

    async assignRoles(userId: number, roleIds: number[]): Promise<void> {
      if (!roleIds.length) return;
      await db
        .insertInto('user_roles')
        .values(roleIds.map((role_id) => ({ user_id: userId, role_id, created_at: nowIso() })))
        .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
        .execute();
    },

    /** Inserts new permission definitions and refreshes the text of known ones. */
    async syncPermissions(definitions: PermissionDefinition[]): Promise<void> {
      for (const def of definitions) {
        await db
          .insertInto('permissions')
          .values({
            name: def.name,
            group: def.group,
            description: def.description,
            restrictions: JSON.stringify(def.restrictions ?? []),
          })
          .onConflict((oc) =>
            oc.column('name').doUpdateSet({
              group: def.group,
              description: def.description,
              restrictions: JSON.stringify(def.restrictions ?? []),
            }),
          )
          .execute();
      }
    },

    async createRole(role: {
      name: string;
      description: string;
      is_default?: boolean;
      is_guest?: boolean;
      permissions: string[];
    }): Promise<number> {
      const { id } = await db
        .insertInto('roles')
        .values({
          name: role.name,
          description: role.description,
          is_default: role.is_default ? 1 : 0,
          is_guest: role.is_guest ? 1 : 0,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const permissions = await db
        .selectFrom('permissions')
        .select('id')
        .where('name', 'in', role.permissions)
        .execute();
      if (permissions.length) {
        await db
          .insertInto('permission_grants')
          .values(
            permissions.map((p) => ({
              permission_id: p.id,
              grantee_type: 'role' as const,
              grantee_id: id,
              restrictions: '[]',
            })),
          )
          .execute();
      }
      return id;
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
