import { z } from 'zod';
import { email } from './schemas/account.ts';

/** Roles inside a workspace; the server decides who holds which (spec §1, issue 6). */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** Roles an invite or a role change may give: there is one owner, the creator. */
export const ASSIGNABLE_WORKSPACE_ROLES = ['admin', 'member'] as const;
export type AssignableWorkspaceRole = (typeof ASSIGNABLE_WORKSPACE_ROLES)[number];

export const WORKSPACE_ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

/** Days an invite stays valid. */
export const WORKSPACE_INVITE_DAYS = 7;
export const WORKSPACE_INVITE_MAX_EMAILS = 20;

/** Spec §3: id, name, members_count; the bootstrap list adds the viewer's role. */
export const workspaceSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  members_count: z.number(),
  role: z.enum(WORKSPACE_ROLES).optional(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

/** What the viewer may do in a workspace, computed by the server so the UI hides the rest. */
export const workspaceAbilitiesSchema = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  invite: z.boolean(),
  /** Roles the viewer may give to others (empty: none). */
  assignRoles: z.array(z.enum(ASSIGNABLE_WORKSPACE_ROLES)),
  leave: z.boolean(),
});
export type WorkspaceAbilities = z.infer<typeof workspaceAbilitiesSchema>;

export const workspaceMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  joined_at: z.string(),
  /** Whether the viewer may remove this member or change their role. */
  manageable: z.boolean(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_WORKSPACE_ROLES),
  expires_at: z.string(),
  created_at: z.string(),
});
export type WorkspaceInvite = z.infer<typeof workspaceInviteSchema>;

export const workspaceDetailsSchema = workspaceSummarySchema.extend({
  role: z.enum(WORKSPACE_ROLES),
  owner_id: z.number(),
  created_at: z.string(),
  members: z.array(workspaceMemberSchema),
  invites: z.array(workspaceInviteSchema),
  abilities: workspaceAbilitiesSchema,
});
export type WorkspaceDetails = z.infer<typeof workspaceDetailsSchema>;

const name = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(100, 'The name may not be longer than 100 characters.');

export const workspaceSchema = z.object({ name });
export type WorkspaceInput = z.input<typeof workspaceSchema>;

const role = z.enum(ASSIGNABLE_WORKSPACE_ROLES, 'Choose admin or member.');

export const inviteToWorkspaceSchema = z.object({
  emails: z
    .array(email, { error: 'Enter at least one email address.' })
    .min(1, 'Enter at least one email address.')
    .max(WORKSPACE_INVITE_MAX_EMAILS, 'Invite at most 20 people at once.'),
  role: role.default('member'),
});
export type InviteToWorkspaceInput = z.input<typeof inviteToWorkspaceSchema>;

export const changeMemberRoleSchema = z.object({ role });

const positiveId = z.coerce
  .number({ error: 'The id must be a number.' })
  .int('The id must be a whole number.')
  .positive('The id must be a positive number.')
  .max(2_147_483_647, 'The id is too large.');

export const workspaceParamsSchema = z.object({ workspaceId: positiveId });
export const workspaceMemberParamsSchema = z.object({
  workspaceId: positiveId,
  userId: positiveId,
});
export const workspaceInviteParamsSchema = z.object({
  // Any unknown id, well-formed or not, is answered 404 by the service.
  inviteId: z.string().min(1).max(100),
});
export const workspaceOwnInviteParamsSchema = workspaceParamsSchema.extend(
  workspaceInviteParamsSchema.shape,
);
