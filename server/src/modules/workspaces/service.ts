import type { SiteAddress } from '../settings/site-address.ts';
import {
  DEFAULT_WORKSPACE,
  WORKSPACE_INVITE_DAYS,
  type AssignableWorkspaceRole,
  type WorkspaceDetails,
  type WorkspaceRole,
  type WorkspaceSummary,
} from '@backbeat/common';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/domain-errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { workspaceInviteMail } from '../../mail/templates.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UsersService } from '../users/service.ts';
import { WorkspacePolicy } from './policy.ts';
import type { WorkspacesRepository } from './repository.ts';

const DAY_MS = 86_400_000;
const INVALID_INVITE = 'This invite is no longer valid';
const inviteReference = (id: string) => `workspace_invite:${id}`;

export interface Actor {
  id: number;
  name: string;
  email: string;
  image: string | null;
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;

export function createWorkspacesService(deps: {
  repository: WorkspacesRepository;
  users: Pick<UsersService, 'findRowByEmail'>;
  notifications: Pick<NotificationsService, 'notify' | 'withdraw'>;
  mailer: Mailer;
  settings: SettingsService;
  /** Invite links start with the site's public address, never a request's Host. */
  siteAddress: Pick<SiteAddress, 'require'>;
  realtime: Pick<RealtimeHub, 'publish'>;
  /**
   * Lets content areas tidy what the database cascade cannot (notifications, search entries,
   * stored files) before a workspace and its content are deleted.
   */
  beforeDelete?: (workspaceId: number) => Promise<void>;
}) {
  const { repository, realtime } = deps;

  /** Deletes the workspace with its content; pending invites are withdrawn, members told. */
  async function remove(workspaceId: number): Promise<void> {
    const [members, inviteIds] = await Promise.all([
      repository.memberIds(workspaceId),
      repository.inviteIdsOf(workspaceId),
    ]);
    await deps.beforeDelete?.(workspaceId);
    await repository.delete(workspaceId);
    for (const id of inviteIds) await deps.notifications.withdraw(inviteReference(id));
    await announce(members);
  }

  /** The viewer's role, or 404 for a workspace they do not belong to (existence stays hidden). */
  async function roleOrNotFound(workspaceId: number, userId: number): Promise<WorkspaceRole> {
    const role = await repository.roleOf(workspaceId, userId);
    if (!role) throw notFound('This workspace does not exist.');
    return role;
  }

  function allow(allowed: boolean, message = "You don't have permission to do that."): void {
    if (!allowed) throw forbidden(message);
  }

  /** Tells the members' open tabs to reload their workspace list. */
  async function announce(userIds: readonly number[]): Promise<void> {
    await Promise.all(userIds.map((id) => realtime.publish(id, { type: 'workspaces.changed' })));
  }

  /** A valid invite for this email, or 404: unknown, expired, or meant for someone else. */
  async function usableInvite(inviteId: string, email: string) {
    const invite = await repository.findInvite(inviteId);
    if (
      !invite ||
      invite.email !== email.toLowerCase() ||
      Date.parse(invite.expires_at) <= Date.now()
    )
      throw notFound(INVALID_INVITE);
    return invite;
  }

  async function list(userId: number): Promise<WorkspaceSummary[]> {
    const rows = await repository.listForUser(userId);
    return rows.map((row) => ({ ...row, members_count: Number(row.members_count) }));
  }

  async function details(workspaceId: number, userId: number): Promise<WorkspaceDetails> {
    const workspace = await repository.findForMember(workspaceId, userId);
    if (!workspace) throw notFound('This workspace does not exist.');
    const [members, invites] = await Promise.all([
      repository.members(workspaceId),
      WorkspacePolicy.invite(workspace.role) ? repository.invites(workspaceId) : [],
    ]);
    return {
      ...workspace,
      members_count: Number(workspace.members_count),
      members: members.map((m) => ({
        ...m,
        manageable: m.id !== userId && WorkspacePolicy.manage(workspace.role, m.role),
      })),
      invites,
      abilities: WorkspacePolicy.abilities(workspace.role),
    };
  }

  return {
    roleOf: (workspaceId: number, userId: number) => repository.roleOf(workspaceId, userId),

    list,

    /** Bootstrap's list: the personal Default workspace first (spec §3). */
    async bootstrapList(userId: number): Promise<WorkspaceSummary[]> {
      return [{ ...DEFAULT_WORKSPACE }, ...(await list(userId))];
    },

    details,

    async create(userId: number, name: string): Promise<WorkspaceDetails> {
      const id = await repository.create(name, userId);
      await announce([userId]);
      return details(id, userId);
    },

    async rename(workspaceId: number, userId: number, name: string): Promise<WorkspaceDetails> {
      allow(WorkspacePolicy.update(await roleOrNotFound(workspaceId, userId)));
      await repository.rename(workspaceId, name);
      await announce(await repository.memberIds(workspaceId));
      return details(workspaceId, userId);
    },

    /** Everything in the workspace goes with it; pending invites are withdrawn. */
    async delete(workspaceId: number, userId: number): Promise<void> {
      allow(
        WorkspacePolicy.delete(await roleOrNotFound(workspaceId, userId)),
        'Only the owner can delete a workspace.',
      );
      await remove(workspaceId);
    },

    /** An account is being deleted: the workspaces it owns go the same way, one by one. */
    async deleteOwnedBy(userId: number): Promise<void> {
      for (const id of await repository.idsOwnedBy(userId)) await remove(id);
    },

    /**
     * Invites each address: an email with a link always, and a notification (with Join and
     * Decline) when the address has an account. Inviting an address again renews its invite.
     */
    async invite(
      workspaceId: number,
      actor: Actor,
      input: { emails: string[]; role: AssignableWorkspaceRole },
    ): Promise<WorkspaceDetails> {
      const role = await roleOrNotFound(workspaceId, actor.id);
      allow(WorkspacePolicy.invite(role));
      if (!WorkspacePolicy.assignableRoles(role).includes(input.role))
        throw validationFailed({ role: ['You cannot invite people with this role.'] });
      const members = await repository.members(workspaceId);
      const emails = [...new Set(input.emails.map((e) => e.toLowerCase()))];
      const errors: Record<string, string[]> = {};
      emails.forEach((email, i) => {
        if (members.some((m) => m.email === email))
          errors[`emails.${i}`] = ['This person is already a member of the workspace.'];
      });
      if (Object.keys(errors).length) throw validationFailed(errors);

      const workspace = (await repository.findForMember(workspaceId, actor.id))!;
      const siteName = await deps.settings.get('branding.site_name');
      const baseUrl = await deps.siteAddress.require();
      for (const email of emails) {
        const id = randomToken(24);
        const previous = await repository.replaceInvite({
          id,
          workspace_id: workspaceId,
          email,
          role: input.role,
          invited_by: actor.id,
          expires_at: new Date(Date.now() + WORKSPACE_INVITE_DAYS * DAY_MS).toISOString(),
        });
        if (previous) await deps.notifications.withdraw(inviteReference(previous));
        const account = await deps.users.findRowByEmail(email);
        const joinPath = `/workspace/join/${id}`;
        const url = account
          ? `${baseUrl}${joinPath}`
          : `${baseUrl}/workspace/join/register?${new URLSearchParams({ email, invite_id: id, redirect: joinPath })}`;
        await deps.mailer.send(
          workspaceInviteMail(email, {
            siteName,
            inviter: actor.name,
            workspace: workspace.name,
            url,
            days: WORKSPACE_INVITE_DAYS,
          }),
        );
        if (account) {
          await deps.notifications.notify(
            account.id,
            'workspace.invite',
            { inviter: actor, workspace: { name: workspace.name }, inviteId: id },
            { reference: inviteReference(id) },
          );
        }
      }
      return details(workspaceId, actor.id);
    },

    async revokeInvite(workspaceId: number, userId: number, inviteId: string): Promise<void> {
      allow(WorkspacePolicy.invite(await roleOrNotFound(workspaceId, userId)));
      if (!(await repository.deleteInvite(inviteId, workspaceId))) throw notFound(INVALID_INVITE);
      await deps.notifications.withdraw(inviteReference(inviteId));
    },

    /** Accepts an invite meant for this user's email; it works once. */
    async join(inviteId: string, user: Actor): Promise<WorkspaceSummary> {
      const invite = await usableInvite(inviteId, user.email);
      if (!(await repository.deleteInvite(invite.id))) throw notFound(INVALID_INVITE);
      await repository.addMember(invite.workspace_id, user.id, invite.role);
      await deps.notifications.withdraw(inviteReference(invite.id));
      await announce(await repository.memberIds(invite.workspace_id));
      const workspace = await repository.findForMember(invite.workspace_id, user.id);
      if (!workspace) throw conflict('The workspace was deleted meanwhile.');
      return {
        id: workspace.id,
        name: workspace.name,
        members_count: Number(workspace.members_count),
        role: workspace.role,
      };
    },

    async decline(inviteId: string, user: Actor): Promise<void> {
      const invite = await usableInvite(inviteId, user.email);
      if (!(await repository.deleteInvite(invite.id))) throw notFound(INVALID_INVITE);
      await deps.notifications.withdraw(inviteReference(invite.id));
    },

    /** Scheduled: expired invites go, with the Join/Decline notifications they left behind. */
    async pruneExpiredInvites(): Promise<number> {
      const ids = await repository.deleteExpiredInvites();
      for (const id of ids) await deps.notifications.withdraw(inviteReference(id));
      return ids.length;
    },

    /** For closed registration: an open invite lets its own address sign up. */
    async isOpenInvite(inviteId: string, email: string): Promise<boolean> {
      return usableInvite(inviteId, email).then(
        () => true,
        () => false,
      );
    },

    async changeRole(
      workspaceId: number,
      actorId: number,
      memberId: number,
      newRole: AssignableWorkspaceRole,
    ): Promise<WorkspaceDetails> {
      const role = await roleOrNotFound(workspaceId, actorId);
      const target = await repository.roleOf(workspaceId, memberId);
      if (!target) throw notFound('This person is not a member of the workspace.');
      allow(actorId !== memberId && WorkspacePolicy.manage(role, target));
      if (!WorkspacePolicy.assignableRoles(role).includes(newRole))
        throw validationFailed({ role: ['You cannot give this role.'] });
      await repository.setRole(workspaceId, memberId, newRole);
      await announce([memberId]);
      return details(workspaceId, actorId);
    },

    /** Removes a member, or lets a member leave when they remove themselves. */
    async removeMember(workspaceId: number, actorId: number, memberId: number): Promise<void> {
      const role = await roleOrNotFound(workspaceId, actorId);
      if (actorId === memberId) {
        allow(WorkspacePolicy.leave(role), 'The owner cannot leave. Delete the workspace instead.');
      } else {
        const target = await repository.roleOf(workspaceId, memberId);
        if (!target) throw notFound('This person is not a member of the workspace.');
        allow(WorkspacePolicy.manage(role, target));
      }
      const members = await repository.memberIds(workspaceId);
      await repository.removeMember(workspaceId, memberId);
      await announce(members);
    },
  };
}
