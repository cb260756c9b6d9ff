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
    async activeHoldersOf(
      permission: string,
      /** Count as if these roles no longer granted anything (a role about to change or go). */
      exceptRoleIds: readonly number[] = [],
    ): Promise<number[]> {
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
                        .whereRef('ur.user_id', '=', 'u.id')
                        .$if(exceptRoleIds.length > 0, (q) =>
                          q.where('ur.role_id', 'not in', [...exceptRoleIds]),
                        ),
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

    /** Roles of several users at once, by user id (the admin users list). */
    async rolesOfUsers(userIds: readonly number[]): Promise<Map<number, Role[]>> {
      const byUser = new Map<number, Role[]>(userIds.map((id) => [id, []]));
      if (!userIds.length) return byUser;
      const rows = await db
        .selectFrom('user_roles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select(['ur.user_id', 'r.id', 'r.name'])
        .where('ur.user_id', 'in', [...userIds])
        .orderBy('r.id')
        .execute();
      for (const row of rows) byUser.get(row.user_id)?.push({ id: row.id, name: row.name });
      return byUser;
    },

    /** What each grantee was given directly, with its restriction values. */
    async grantsOf(
      granteeType: 'role' | 'user',
      granteeIds: readonly number[],
    ): Promise<Map<number, Permission[]>> {
      const byGrantee = new Map<number, Permission[]>(granteeIds.map((id) => [id, []]));
      if (!granteeIds.length) return byGrantee;
      const rows = await db
        .selectFrom('permission_grants as g')
        .innerJoin('permissions as p', 'p.id', 'g.permission_id')
        .select(['g.grantee_id', 'p.name', 'g.restrictions'])
        .where('g.grantee_type', '=', granteeType)
        .where('g.grantee_id', 'in', [...granteeIds])
        .orderBy('p.name')
        .execute();
      for (const row of rows) {
        byGrantee.get(row.grantee_id)?.push({
          name: row.name,
          restrictions: JSON.parse(row.restrictions) as PermissionRestriction[],
        });
      }
      return byGrantee;
    },

    /** Replaces what a role or a user is granted directly. */
    async replaceGrants(
      granteeType: 'role' | 'user',
      granteeId: number,
      grants: readonly Permission[],
    ): Promise<void> {
      const ids = grants.length
        ? await db
            .selectFrom('permissions')
            .select(['id', 'name'])
            .where(
              'name',
              'in',
              grants.map((g) => g.name),
            )
            .execute()
        : [];
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('permission_grants')
          .where('grantee_type', '=', granteeType)
          .where('grantee_id', '=', granteeId)
          .execute();
        if (!ids.length) return;
        await trx
          .insertInto('permission_grants')
          .values(
            ids.map((permission) => ({
              permission_id: permission.id,
              grantee_type: granteeType,
              grantee_id: granteeId,
              restrictions: JSON.stringify(
                grants.find((g) => g.name === permission.name)?.restrictions ?? [],
              ),
            })),
          )
          .execute();
      });
    },

    /** Users holding each role, by role id. */
    async memberCounts(roleIds: readonly number[]): Promise<Map<number, number>> {
      const counts = new Map<number, number>(roleIds.map((id) => [id, 0]));
      if (!roleIds.length) return counts;
      const rows = await db
        .selectFrom('user_roles')
        .select((eb) => ['role_id', eb.fn.countAll<number>().as('total')])
        .where('role_id', 'in', [...roleIds])
        .groupBy('role_id')
        .execute();
      for (const row of rows) counts.set(row.role_id, Number(row.total));
      return counts;
    },

    async membersOf(roleIds: readonly number[]): Promise<number[]> {
      if (!roleIds.length) return [];
      const rows = await db
        .selectFrom('user_roles')
        .select('user_id')
        .distinct()
        .where('role_id', 'in', [...roleIds])
        .execute();
      return rows.map((row) => row.user_id);
    },

    async existingRoleIds(roleIds: readonly number[]): Promise<number[]> {
      if (!roleIds.length) return [];
      const rows = await db
        .selectFrom('roles')
        .select('id')
        .where('id', 'in', [...roleIds])
        .execute();
      return rows.map((row) => row.id);
    },

    /** Only one role holds the guests' permissions. */
    async makeGuestRole(roleId: number): Promise<void> {
      await db.updateTable('roles').set({ is_guest: 0 }).where('id', '<>', roleId).execute();
    },

    /** Grants of a role go with it (they are not tied to it by a foreign key). */
    async deleteRoles(roleIds: readonly number[]): Promise<number> {
      if (!roleIds.length) return 0;
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('permission_grants')
          .where('grantee_type', '=', 'role')
          .where('grantee_id', 'in', [...roleIds])
          .execute();
        const result = await trx
          .deleteFrom('roles')
          .where('id', 'in', [...roleIds])
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      });
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
      // `in ()` is an error on PostgreSQL: a role without permissions asks for none.
      const permissions = role.permissions.length
        ? await db
            .selectFrom('permissions')
            .select('id')
            .where('name', 'in', role.permissions)
            .execute()
        : [];
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
