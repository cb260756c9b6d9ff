import { DEFAULT_TIMEZONE, type User } from '@backbeat/common';
import { mergeGrants, type RolesRepository } from '../roles/repository.ts';
import { DomainError, notFound } from '../../lib/domain-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { createKeyedCache } from '../../lib/cache.ts';
import type { UserRow, UsersRepository } from './repository.ts';

export type UsersService = ReturnType<typeof createUsersService>;

type LastAdminAction = 'delete' | 'ban' | 'demote';
const LAST_ADMIN_MESSAGES: Record<LastAdminAction, string> = {
  delete:
    'This is the last administrator account and cannot be deleted. Make another account an administrator first.',
  ban: 'The last administrator account cannot be suspended. Make another account an administrator first.',
  demote:
    'The last administrator cannot lose the admin role. Make another account an administrator first.',
};

const GRANTS_TTL_MS = 5000;
const GRANTS_CACHE_SIZE = 10_000;
/** The signed-in user as every request reads it; each change below forgets it at once. */
const REQUEST_USER_CACHE = { ttlMs: 2000, maxEntries: 10_000 };

export function createUsersService(deps: {
  users: UsersRepository;
  roles: RolesRepository;
  socialProfiles: {
    listForUser(userId: number): Promise<{ service_name: string; username: string | null }[]>;
  };
  /** The bell's count (notifications module); 0 when not wired (unit tests). */
  unreadNotifications?: (userId: number) => Promise<number>;
  /**
   * What billing adds (billing module): the user's subscriptions and their plan's
   * permissions, which join the roles' (the most generous restriction wins).
   */
  billingGrants?: (
    userId: number,
  ) => Promise<{ subscriptions: User['subscriptions']; permissions: User['permissions'] }>;
  /**
   * Deletes the account through `remove` with what follows its rows (library module: the
   * albums it liked are recounted, its likes going with it by foreign key).
   */
  deleteWithLikes?: (userId: number, remove: () => Promise<void>) => Promise<void>;
}) {
  const { users, roles } = deps;

  /**
   * Roles and permissions are read on every signed-in request and change rarely, so they are
   * kept 5 s per user and instance (a revoked permission takes at most that long elsewhere;
   * here it is forgotten at once). The user row itself is always read fresh (bans, deletion).
   */
  type Grants = Pick<User, 'roles' | 'permissions' | 'subscriptions'>;
  const grants = new Map<number, { at: number; value: Promise<Grants> }>();
  const noBilling = { subscriptions: [], permissions: [] };
  function grantsOf(userId: number) {
    const hit = grants.get(userId);
    if (hit && Date.now() - hit.at < GRANTS_TTL_MS) return hit.value;
    const value = Promise.all([
      roles.rolesOfUser(userId),
      roles.permissionsOfUser(userId),
      deps.billingGrants?.(userId) ?? noBilling,
    ]).then(([userRoles, permissions, billing]) => ({
      roles: userRoles,
      permissions: billing.permissions.length
        ? mergeGrants(
            [...permissions, ...billing.permissions].map((p) => ({
              name: p.name,
              restrictions: JSON.stringify(p.restrictions),
              grantee_type: 'role' as const,
            })),
          )
        : permissions,
      subscriptions: billing.subscriptions,
    }));
    if (grants.size >= GRANTS_CACHE_SIZE) grants.delete(grants.keys().next().value as number);
    grants.set(userId, { at: Date.now(), value });
    value.catch(() => grants.delete(userId));
    return value;
  }

  const requestUsers = createKeyedCache<number, User | null>(REQUEST_USER_CACHE);
  const cacheListeners = new Set<(userId: number) => void>();
  /** Forgets here at once, and tells whoever relays changes to the other instances. */
  function changed(userId: number): void {
    requestUsers.delete(userId);
    for (const listener of cacheListeners) listener(userId);
  }
  /** Forgets the cached user once the change is written, so no read in flight keeps the old one. */
  async function changing(userId: number, write: Promise<void>): Promise<void> {
    try {
      await write;
    } finally {
      changed(userId);
    }
  }

  /** What only the bootstrap data needs: linked social accounts and the bell's count. */
  async function complete(user: User): Promise<User> {
    const [socialProfiles, unread] = await Promise.all([
      deps.socialProfiles.listForUser(user.id),
      deps.unreadNotifications?.(user.id) ?? 0,
    ]);
    return { ...user, social_profiles: socialProfiles, unread_notifications_count: unread };
  }

  /** The user as the client sees it: never the password or 2FA secrets. */
  async function present(row: UserRow): Promise<User> {
    return complete(await presentForRequest(row));
  }

  /** The user as a request needs it for permission checks, without the bootstrap extras. */
  async function presentForRequest(row: UserRow): Promise<User> {
    const { roles: userRoles, permissions, subscriptions } = await grantsOf(row.id);
    const socialProfiles: User['social_profiles'] = [];
    const unread = 0;
    return {
      id: row.id,
      name: row.name,
      first_name: row.first_name,
      last_name: row.last_name,
      image: row.image,
      email: row.email,
      email_verified_at: row.email_verified_at,
      banned_at: row.banned_at,
      language: row.language,
      country: row.country,
      timezone: row.timezone ?? DEFAULT_TIMEZONE,
      unread_notifications_count: unread,
      roles: userRoles,
      permissions,
      subscriptions,
      two_factor_confirmed_at: row.two_factor_confirmed_at,
      two_factor_state: !row.two_factor_secret ? 0 : row.two_factor_confirmed_at ? 2 : 1,
      has_password: row.password !== null,
      social_profiles: socialProfiles,
      created_at: row.created_at,
    };
  }

  /**
   * Nothing restores an admin once the last one is gone (the seed creates one only on an empty
   * database), so deleting, banning or demoting the last active holder of `admin` is refused.
   */
  async function assertNotLastAdmin(userId: number, action: LastAdminAction): Promise<void> {
    const admins = await roles.activeHoldersOf('admin');
    if (admins.length === 1 && admins[0] === userId) {
      // A rule of the input, not a field error: the answer is 422 with the message alone.
      throw new DomainError('invalid', LAST_ADMIN_MESSAGES[action]);
    }
  }

  return {
    present,
    assertNotLastAdmin,
    /** Ids of the users not banned who hold this permission through a role or a grant. */
    activeHoldersOf: (permission: string): Promise<number[]> => roles.activeHoldersOf(permission),
    findRowByEmail: (email: string) => users.findByEmail(email),
    async findById(id: number): Promise<User | null> {
      const row = await users.findById(id);
      return row ? present(row) : null;
    },
    /** The user with this id; none is not found. */
    async getById(id: number): Promise<User> {
      const row = await users.findById(id);
      if (!row) throw notFound();
      return present(row);
    },
    findForRequest: (id: number): Promise<User | null> =>
      requestUsers.get(id, async () => {
        const row = await users.findById(id);
        return row ? presentForRequest(row) : null;
      }),
    complete,
    forgetGrants(userId: number) {
      grants.delete(userId);
      changed(userId);
    },
    /**
     * A way of signing in as the user was revoked (an API token, an app password): what is
     * cached about them is forgotten here and on the other instances, with any sign-in kept.
     */
    signInRevoked: (userId: number) => changed(userId),
    /** Calls back on every change to a cached user (see modules/sessions/cache-sync.ts). */
    onCacheChange(listener: (userId: number) => void): void {
      cacheListeners.add(listener);
    },
    /** Applies a change announced by another instance. */
    forgetCached(userId: number): void {
      requestUsers.delete(userId);
    },
    count: () => users.count(),
    firstIds: (limit: number) => users.firstIds(limit),
    setLanguage: (id: number, language: string) => changing(id, users.updateLanguage(id, language)),
    findRowById: (id: number) => users.findById(id),
    update: (id: number, changes: Parameters<UsersRepository['update']>[1]) =>
      changing(id, users.update(id, changes)),
    async delete(id: number): Promise<void> {
      await assertNotLastAdmin(id, 'delete');
      const remove = () => users.delete(id);
      await changing(id, deps.deleteWithLikes ? deps.deleteWithLikes(id, remove) : remove());
    },
    /** Suspends an account: every request of it is refused from then on. */
    async ban(id: number, reason: string | null = null): Promise<void> {
      await assertNotLastAdmin(id, 'ban');
      await changing(
        id,
        users.update(id, { banned_at: new Date().toISOString(), ban_reason: reason }),
      );
    },
    /**
     * Refuses a change of roles and own grants that would leave no active admin (roles and
     * grants as they will be after the change).
     */
    async assertKeepsAdmin(
      id: number,
      after: { roleIds?: number[]; grantNames?: string[] },
    ): Promise<void> {
      const roleIds = after.roleIds ?? (await roles.rolesOfUser(id)).map((role) => role.id);
      const grantNames =
        after.grantNames ??
        ((await roles.grantsOf('user', [id])).get(id) ?? []).map((grant) => grant.name);
      const keeps =
        grantNames.includes('admin') ||
        (await roles.permissionsOfRoles(roleIds)).some((p) => p.name === 'admin');
      if (!keeps) await assertNotLastAdmin(id, 'demote');
    },
    /** Replaces the user's roles and own grants (checked by `assertKeepsAdmin` first). */
    async setGrants(
      id: number,
      change: { roleIds?: number[]; permissions?: User['permissions'] },
    ): Promise<void> {
      if (change.roleIds) await roles.replaceRoles(id, change.roleIds);
      if (change.permissions) await roles.replaceGrants('user', id, change.permissions);
      grants.delete(id);
      changed(id);
    },
    /** Lifts a suspension. */
    unban: (id: number) => changing(id, users.update(id, { banned_at: null, ban_reason: null })),
    /** Replaces the user's roles by name (unknown names are ignored). */
    async setRoles(id: number, roleNames: string[]): Promise<void> {
      const found = await Promise.all(roleNames.map((name) => roles.findRoleByName(name)));
      const roleIds = found.flatMap((role) => (role ? [role.id] : []));
      // (A grant of `admin` to the user alone is not counted: refusing then is the safe side.)
      const keepsAdmin = (await roles.permissionsOfRoles(roleIds)).some((p) => p.name === 'admin');
      if (!keepsAdmin) await assertNotLastAdmin(id, 'demote');
      await roles.replaceRoles(id, roleIds);
      grants.delete(id);
      changed(id);
    },
    /** Accounts created per UTC day of a range (the admin dashboard). */
    newUsersPerDay: (from: string, to: string) => users.createdPerDay(from, to),
    /** What anyone may see of a user: no email, no security details. */
    async publicProfile(id: number) {
      const row = await users.findById(id);
      if (!row || row.banned_at) return null;
      return {
        id: row.id,
        name: row.name,
        image: row.image,
        created_at: row.created_at,
      };
    },
    /** Creates a user with the default roles, or with the named roles when given. */
    async createUser(input: {
      email: string;
      /** Null for accounts made through social login, which have no password yet. */
      password: string | null;
      name?: string;
      roleNames?: string[];
      verified?: boolean;
    }): Promise<number> {
      const id = await users.create({
        email: input.email,
        password: input.password === null ? null : await hashPassword(input.password),
        name: input.name ?? input.email.split('@')[0] ?? input.email,
        email_verified_at: input.verified === false ? null : new Date().toISOString(),
      });
      let roleIds: number[];
      if (input.roleNames) {
        const found = await Promise.all(input.roleNames.map((n) => roles.findRoleByName(n)));
        roleIds = found.flatMap((r) => (r ? [r.id] : []));
      } else {
        roleIds = await roles.defaultRoleIds();
      }
      await roles.assignRoles(id, roleIds);
      return id;
    },
  };
}
