import {
  changeWorkspaceMemberRole,
  createWorkspace,
  declineWorkspaceInvite,
  deleteWorkspace,
  getWorkspace,
  inviteToWorkspace,
  joinWorkspace,
  listWorkspaces,
  removeWorkspaceMember,
  renameWorkspace,
  revokeWorkspaceInvite,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { FastifyRequest } from 'fastify';
import type { RoutesPlugin } from '../../http/types.ts';
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
  const { workspaces } = app.services;

  registerEndpoint(app, listWorkspaces, async (request) => ({
    workspaces: await workspaces.list(request.user!.id),
  }));

  registerEndpoint(app, createWorkspace, async (request) => ({
    workspace: await workspaces.create(request.user!.id, request.body.name),
  }));

  registerEndpoint(app, getWorkspace, async (request) => ({
    workspace: await workspaces.details(request.params.workspaceId, request.user!.id),
  }));

  registerEndpoint(app, renameWorkspace, async (request) => ({
    workspace: await workspaces.rename(
      request.params.workspaceId,
      request.user!.id,
      request.body.name,
    ),
  }));

  registerEndpoint(app, deleteWorkspace, async (request) => {
    await workspaces.delete(request.params.workspaceId, request.user!.id);
    return { message: 'Workspace deleted' };
  });

  registerEndpoint(app, inviteToWorkspace, async (request) => ({
    workspace: await workspaces.invite(request.params.workspaceId, actorOf(request), request.body),
  }));

  registerEndpoint(app, revokeWorkspaceInvite, async (request) => {
    const { workspaceId, inviteId } = request.params;
    await workspaces.revokeInvite(workspaceId, request.user!.id, inviteId);
    return { message: 'Invite revoked' };
  });

  registerEndpoint(app, changeWorkspaceMemberRole, async (request) => ({
    workspace: await workspaces.changeRole(
      request.params.workspaceId,
      request.user!.id,
      request.params.userId,
      request.body.role,
    ),
  }));

  registerEndpoint(app, removeWorkspaceMember, async (request) => {
    const { workspaceId, userId } = request.params;
    await workspaces.removeMember(workspaceId, request.user!.id, userId);
    return { message: userId === request.user!.id ? 'Left workspace' : 'Member removed' };
  });

  // Spec §7: accepting answers workspace.id; the client makes it the active workspace.
  registerEndpoint(app, joinWorkspace, async (request) => ({
    message: 'Joined workspace',
    workspace: await workspaces.join(request.params.inviteId, actorOf(request)),
  }));

  registerEndpoint(app, declineWorkspaceInvite, async (request) => {
    await workspaces.decline(request.params.inviteId, actorOf(request));
    return { message: 'Declined workspace invitation' };
  });
};
