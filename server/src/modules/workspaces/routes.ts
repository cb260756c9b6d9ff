import {
  changeMemberRoleSchema,
  inviteToWorkspaceSchema,
  workspaceInviteParamsSchema,
  workspaceMemberParamsSchema,
  workspaceOwnInviteParamsSchema,
  workspaceParamsSchema,
  workspaceSchema,
} from '@backbeat/common';
import type { FastifyRequest } from 'fastify';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { baseUrlOf } from '../bootstrap/present.ts';
import type { Actor } from './service.ts';

const actorOf = (request: FastifyRequest): Actor => {
  const { id, name, email, image } = request.user!;
  return { id, name, email, image };
};

/**
 * Workspaces (teams): the spec's join and decline calls, plus REST routes in the same style
 * for creating, renaming, deleting, inviting, revoking, roles, removing and leaving.
 */
export const workspacesRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);
  const { workspaces } = app.services;
  const auth = { access: 'auth' } as const;

  api.get('/api/v1/workspaces', { config: auth }, async (request) => ({
    workspaces: await workspaces.list(request.user!.id),
  }));

  api.post(
    '/api/v1/workspaces',
    { schema: { body: workspaceSchema }, config: { access: 'workspaces.create' } },
    async (request) => ({
      workspace: await workspaces.create(request.user!.id, request.body.name),
    }),
  );

  api.get(
    '/api/v1/workspaces/:workspaceId',
    { schema: { params: workspaceParamsSchema }, config: auth },
    async (request) => ({
      workspace: await workspaces.details(request.params.workspaceId, request.user!.id),
    }),
  );

  api.put(
    '/api/v1/workspaces/:workspaceId',
    { schema: { params: workspaceParamsSchema, body: workspaceSchema }, config: auth },
    async (request) => ({
      workspace: await workspaces.rename(
        request.params.workspaceId,
        request.user!.id,
        request.body.name,
      ),
    }),
  );

  api.delete(
    '/api/v1/workspaces/:workspaceId',
    { schema: { params: workspaceParamsSchema }, config: auth },
    async (request) => {
      await workspaces.delete(request.params.workspaceId, request.user!.id);
      return { message: 'Workspace deleted' };
    },
  );

  api.post(
    '/api/v1/workspaces/:workspaceId/invites',
    { schema: { params: workspaceParamsSchema, body: inviteToWorkspaceSchema }, config: auth },
    async (request) => ({
      workspace: await workspaces.invite(
        request.params.workspaceId,
        actorOf(request),
        request.body,
        baseUrlOf(request),
      ),
    }),
  );

  api.delete(
    '/api/v1/workspaces/:workspaceId/invites/:inviteId',
    { schema: { params: workspaceOwnInviteParamsSchema }, config: auth },
    async (request) => {
      const { workspaceId, inviteId } = request.params;
      await workspaces.revokeInvite(workspaceId, request.user!.id, inviteId);
      return { message: 'Invite revoked' };
    },
  );

  api.put(
    '/api/v1/workspaces/:workspaceId/members/:userId',
    {
      schema: { params: workspaceMemberParamsSchema, body: changeMemberRoleSchema },
      config: auth,
    },
    async (request) => ({
      workspace: await workspaces.changeRole(
        request.params.workspaceId,
        request.user!.id,
        request.params.userId,
        request.body.role,
      ),
    }),
  );

  api.delete(
    '/api/v1/workspaces/:workspaceId/members/:userId',
    { schema: { params: workspaceMemberParamsSchema }, config: auth },
    async (request) => {
      const { workspaceId, userId } = request.params;
      await workspaces.removeMember(workspaceId, request.user!.id, userId);
      return { message: userId === request.user!.id ? 'Left workspace' : 'Member removed' };
    },
  );

  // Spec §7: accepting answers workspace.id; the client makes it the active workspace.
  api.get(
    '/api/v1/workspace/join/:inviteId',
    { schema: { params: workspaceInviteParamsSchema }, config: auth },
    async (request) => ({
      message: 'Joined workspace',
      workspace: await workspaces.join(request.params.inviteId, actorOf(request)),
    }),
  );

  api.delete(
    '/api/v1/workspace/invite/:inviteId',
    { schema: { params: workspaceInviteParamsSchema }, config: auth },
    async (request) => {
      await workspaces.decline(request.params.inviteId, actorOf(request));
      return { message: 'Declined workspace invitation' };
    },
  );
};
