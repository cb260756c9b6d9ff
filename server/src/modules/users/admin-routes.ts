import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '@backbeat/common';
import { usersResource, type AdminUser } from '@backbeat/common/admin/people';
import {
  banAdminUser,
  deleteAdminUserToken,
  disableAdminUserTwoFactor,
  listAdminUserSessions,
  listAdminUserTokens,
  logoutAdminUser,
  revokeAdminUserSession,
  sendAdminUserPasswordReset,
  unbanAdminUser,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { notFound } from '../../lib/domain-errors.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { defineResource, adminOnly } from '../../resources/define-resource.ts';
import type { ResourceRow } from '../../resources/repository.ts';
import { describeDevice } from '../sessions/routes.ts';
import { createUsersAdminRepository } from './admin-repository.ts';

/*
 * Admin users (spec 2 §2 users and users/{userId}, §6 users.update): the generic five on the
 * users table, with roles and own grants beside the row, and the security and api tabs'
 * routes. The last admin is never deleted, suspended or demoted (the users service says no).
 */

const COLUMNS = [
  'id',
  'name',
  'first_name',
  'last_name',
  'email',
  'image',
  'email_verified_at',
  'banned_at',
  'ban_reason',
  'language',
  'country',
  'timezone',
  'two_factor_confirmed_at',
  'created_at',
] as const;

function adminUsersHooks(app: FastifyInstance) {
  const { users, roles, userAdmin } = app.services;
  const extra = createUsersAdminRepository(app.services.database.db);

  return {
    async present(rows: ResourceRow[], mode: 'list' | 'show') {
      const ids = rows.map((row) => row.id);
      const [userRoles, grants] = await Promise.all([
        roles.rolesOfUsers(ids),
        mode === 'show' ? roles.grantsOf('user', ids) : new Map(),
      ]);
      return rows.map((row) => ({
        ...row,
        roles: userRoles.get(row.id) ?? [],
        permissions: grants.get(row.id) ?? [],
      }));
    },
    async validate(id: number | null, input: Record<string, unknown>, actor: User) {
      // The email of a change is checked by the resource (unique: email), of a new one here.
      await userAdmin.assertMayChange(actor, id, {
        email: id === null ? String(input.email) : undefined,
        roleIds: input.roles as number[] | undefined,
        permissions: input.permissions as AdminUser['permissions'] | undefined,
      });
    },
    async insert(input: {
      email: string;
      password: string;
      name?: string;
      email_verified: boolean;
    }) {
      return users.createUser({
        email: input.email,
        password: input.password,
        name: input.name || undefined,
        verified: input.email_verified,
      });
    },
    toUpdate(input: Record<string, unknown>, existing: ResourceRow) {
      const { roles: _roles, permissions: _grants, email_verified, ...columns } = input;
      const changes: Record<string, unknown> = Object.fromEntries(
        Object.entries(columns).filter(([, value]) => value !== undefined),
      );
      if (email_verified !== undefined) {
        changes.email_verified_at = email_verified
          ? (existing.email_verified_at ?? new Date().toISOString())
          : null;
      }
      return changes;
    },
    async afterSave(id: number, input: Record<string, unknown>) {
      await users.setGrants(id, {
        roleIds: input.roles as number[] | undefined,
        permissions: input.permissions as AdminUser['permissions'] | undefined,
      });
      users.forgetCached(id);
    },
    delete: (ids: number[], actor: User) => userAdmin.deleteUsers(actor, ids),
    async impact(ids: number[]) {
      const counts = await extra.ownedCounts(ids);
      return [
        { what: ':count playlist|:count playlists', count: counts.playlists },
        { what: ':count comment|:count comments', count: counts.comments },
        { what: ':count uploaded file entry|:count uploaded file entries', count: counts.files },
      ].filter((item) => item.count > 0);
    },
  };
}

export const usersAdminResource = defineResource(usersResource, {
  table: 'users',
  columns: COLUMNS,
  search: ['name', 'email'],
  unique: ['email'],
  timestamps: ['created_at', 'updated_at'],
  filters: {
    role: (roleId) => (eb) =>
      eb(
        'id',
        'in',
        eb
          .selectFrom('user_roles' as never)
          .select('user_id' as never)
          .where('role_id' as never, '=', roleId as never) as never,
      ),
    banned: (value) => (eb) => eb('banned_at', value === 'yes' ? 'is not' : 'is', null),
    verified: (value) => (eb) => eb('email_verified_at', value === 'yes' ? 'is not' : 'is', null),
  },
  hooks: adminUsersHooks as never,
});

export const usersAdminRoutes: RoutesPlugin = async (app) => {
  await app.register(usersAdminResource);
  const { users, sessions, accessTokens, auth, twoFactor, grants } = app.services;
  const admin = adminOnly();
  /** What changes an account (sign-outs, bans, resets) is for accounts that hold no more. */
  const mayManage = (request: FastifyRequest, id: number) =>
    grants.assertMayManageUser(request.user!, id);
  const showUser = async (id: number) => {
    const row = await users.findRowById(id);
    if (!row) throw notFound();
    const [userRoles, grants] = await Promise.all([
      app.services.roles.rolesOfUsers([id]),
      app.services.roles.grantsOf('user', [id]),
    ]);
    return {
      user: {
        ...row,
        roles: userRoles.get(id) ?? [],
        permissions: grants.get(id) ?? [],
      } as unknown as AdminUser,
    };
  };
  const existing = async (id: number) => {
    if (!(await users.findRowById(id))) throw notFound();
  };

  registerEndpoint(
    app,
    listAdminUserSessions,
    async (request) => {
      await existing(request.params.id);
      return {
        sessions: (await sessions.listForUser(request.params.id)).map((row) =>
          describeDevice(row, request.session.id),
        ),
      };
    },
    admin,
  );

  registerEndpoint(
    app,
    revokeAdminUserSession,
    async (request) => {
      await mayManage(request, request.params.id);
      const own = await sessions.listForUser(request.params.id);
      if (!own.some((row) => row.id === request.params.sessionId)) throw notFound();
      await sessions.delete(request.params.sessionId);
      return { message: 'Session ended' };
    },
    admin,
  );

  registerEndpoint(
    app,
    logoutAdminUser,
    async (request) => {
      await mayManage(request, request.params.id);
      await existing(request.params.id);
      // The admin's own current session stays, when they sign themselves out elsewhere.
      const keep = request.params.id === request.user!.id ? request.session.id : undefined;
      await sessions.deleteForUser(request.params.id, keep);
      return { message: 'Logged out everywhere' };
    },
    admin,
  );

  registerEndpoint(
    app,
    banAdminUser,
    async (request) => {
      await mayManage(request, request.params.id);
      await existing(request.params.id);
      await users.ban(request.params.id, request.body.reason || null);
      return showUser(request.params.id);
    },
    admin,
  );

  registerEndpoint(
    app,
    unbanAdminUser,
    async (request) => {
      await mayManage(request, request.params.id);
      await existing(request.params.id);
      await users.unban(request.params.id);
      return showUser(request.params.id);
    },
    admin,
  );

  registerEndpoint(
    app,
    sendAdminUserPasswordReset,
    async (request) => {
      await mayManage(request, request.params.id);
      const row = await users.findRowById(request.params.id);
      if (!row) throw notFound();
      await auth.sendPasswordReset(row.email);
      return { message: 'Password reset link sent' };
    },
    admin,
  );

  registerEndpoint(
    app,
    disableAdminUserTwoFactor,
    async (request) => {
      await mayManage(request, request.params.id);
      await existing(request.params.id);
      await twoFactor.disable(request.params.id);
      return showUser(request.params.id);
    },
    admin,
  );

  registerEndpoint(
    app,
    listAdminUserTokens,
    async (request) => {
      await existing(request.params.id);
      return { tokens: await accessTokens.list(request.params.id) };
    },
    admin,
  );

  registerEndpoint(
    app,
    deleteAdminUserToken,
    async (request) => {
      await mayManage(request, request.params.id);
      await accessTokens.delete(request.params.id, request.params.tokenId);
      return { message: 'Token deleted' };
    },
    admin,
  );
};
