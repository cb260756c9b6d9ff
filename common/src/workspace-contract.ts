import { z } from 'zod';
import { endpoint } from './contract.ts';
import {
  changeMemberRoleSchema,
  inviteToWorkspaceSchema,
  workspaceDetailsSchema,
  workspaceInviteParamsSchema,
  workspaceMemberParamsSchema,
  workspaceOwnInviteParamsSchema,
  workspaceParamsSchema,
  workspaceSchema,
  workspaceSummarySchema,
} from './workspaces.ts';

/** Workspaces (teams): the spec's join and decline calls, plus REST routes in the same style. */

const tags = ['workspaces'];
const message = z.object({ message: z.string() });
const details = z.object({ workspace: workspaceDetailsSchema });

export const listWorkspaces = endpoint({
  method: 'GET',
  path: '/api/v1/workspaces',
  access: 'auth',
  tags,
  response: z.object({ workspaces: z.array(workspaceSummarySchema) }),
});

export const createWorkspace = endpoint({
  method: 'POST',
  path: '/api/v1/workspaces',
  access: 'workspaces.create',
  tags,
  body: workspaceSchema,
  response: details,
});

export const getWorkspace = endpoint({
  method: 'GET',
  path: '/api/v1/workspaces/:workspaceId',
  access: 'auth',
  summary: 'A workspace with its members, open invites and what the caller may do',
  tags,
  params: workspaceParamsSchema,
  response: details,
});

export const renameWorkspace = endpoint({
  method: 'PUT',
  path: '/api/v1/workspaces/:workspaceId',
  access: 'auth',
  tags,
  params: workspaceParamsSchema,
  body: workspaceSchema,
  response: details,
});

export const deleteWorkspace = endpoint({
  method: 'DELETE',
  path: '/api/v1/workspaces/:workspaceId',
  access: 'auth',
  tags,
  params: workspaceParamsSchema,
  response: message,
});

export const inviteToWorkspace = endpoint({
  method: 'POST',
  path: '/api/v1/workspaces/:workspaceId/invites',
  access: 'auth',
  tags,
  params: workspaceParamsSchema,
  body: inviteToWorkspaceSchema,
  response: details,
});

export const revokeWorkspaceInvite = endpoint({
  method: 'DELETE',
  path: '/api/v1/workspaces/:workspaceId/invites/:inviteId',
  access: 'auth',
  tags,
  params: workspaceOwnInviteParamsSchema,
  response: message,
});

export const changeWorkspaceMemberRole = endpoint({
  method: 'PUT',
  path: '/api/v1/workspaces/:workspaceId/members/:userId',
  access: 'auth',
  tags,
  params: workspaceMemberParamsSchema,
  body: changeMemberRoleSchema,
  response: details,
});

export const removeWorkspaceMember = endpoint({
  method: 'DELETE',
  path: '/api/v1/workspaces/:workspaceId/members/:userId',
  access: 'auth',
  summary: 'Removes a member; a member removes themselves to leave',
  tags,
  params: workspaceMemberParamsSchema,
  response: message,
});

export const joinWorkspace = endpoint({
  method: 'GET',
  path: '/api/v1/workspace/join/:inviteId',
  access: 'auth',
  summary: 'Accepts an invite; the client makes the workspace the active one',
  tags,
  params: workspaceInviteParamsSchema,
  response: z.object({ message: z.string(), workspace: workspaceSummarySchema }),
});

export const declineWorkspaceInvite = endpoint({
  method: 'DELETE',
  path: '/api/v1/workspace/invite/:inviteId',
  access: 'auth',
  tags,
  params: workspaceInviteParamsSchema,
  response: message,
});
