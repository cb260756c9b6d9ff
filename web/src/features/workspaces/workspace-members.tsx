import {
  WORKSPACE_ROLE_LABELS,
  formatRelativeTime,
  type AssignableWorkspaceRole,
  type WorkspaceDetails,
} from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast/toast-store.ts';

/** Members with their roles, and pending invites; each control only where the server allows. */
export function WorkspaceMembers({
  workspace,
  onChanged,
}: {
  workspace: WorkspaceDetails;
  onChanged: () => Promise<unknown>;
}) {
  const trans = useTrans();
  const run = async (request: () => Promise<unknown>, done: string) => {
    try {
      await request();
      toast(trans(done));
      await onChanged();
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
    }
  };
  const workspaceId = workspace.id;

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="workspace-members-title">
        <h3 id="workspace-members-title" className="mb-2 text-sm font-semibold text-fg">
          {trans('Members (:count)', { count: workspace.members.length })}
        </h3>
        <ul data-testid="workspace-members" className="divide-y divide-border">
          {workspace.members.map((member) => (
            <li key={member.id} className="flex items-center gap-3 py-2.5">
              <Avatar name={member.name} image={member.image} id={member.id} size={36} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{member.name}</p>
                <p className="truncate text-xs text-fg-muted">{member.email}</p>
              </div>
              {member.manageable && workspace.abilities.assignRoles.length > 1 ? (
                <select
                  aria-label={trans('Role of :name', { name: member.name })}
                  value={member.role}
                  onChange={(e) =>
                    void run(
                      () =>
                        api(endpoints.changeWorkspaceMemberRole, {
                          workspaceId,
                          userId: member.id,
                          role: e.target.value as AssignableWorkspaceRole,
                        }),
                      'Role changed',
                    )
                  }
                  className="h-[30px] rounded-lg border border-border bg-bg-elevated px-2 text-xs text-fg"
                >
                  {workspace.abilities.assignRoles.map((role) => (
                    <option key={role} value={role}>
                      {trans(WORKSPACE_ROLE_LABELS[role])}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="text-xs text-fg-muted">
                  {trans(WORKSPACE_ROLE_LABELS[member.role])}
                </span>
              )}
              {member.manageable && (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={trans('Remove :name', { name: member.name })}
                  onClick={() =>
                    void run(
                      () =>
                        api(endpoints.removeWorkspaceMember, { workspaceId, userId: member.id }),
                      'Member removed',
                    )
                  }
                >
                  {trans('Remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
      {workspace.invites.length > 0 && (
        <section aria-labelledby="workspace-invites-title">
          <h3 id="workspace-invites-title" className="mb-2 text-sm font-semibold text-fg">
            {trans('Pending invites')}
          </h3>
          <ul data-testid="workspace-invites" className="divide-y divide-border">
            {workspace.invites.map((invite) => (
              <li key={invite.id} className="flex items-center gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm text-fg">{invite.email}</p>
                  <p className="text-xs text-fg-muted">
                    {trans(WORKSPACE_ROLE_LABELS[invite.role])} ·{' '}
                    {trans('Invited :time', {
                      time: formatRelativeTime(invite.created_at, { translate: trans }),
                    })}
                  </p>
                </div>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={trans('Revoke the invite of :email', { email: invite.email })}
                  onClick={() =>
                    void run(
                      () =>
                        api(endpoints.revokeWorkspaceInvite, { workspaceId, inviteId: invite.id }),
                      'Invite revoked',
                    )
                  }
                >
                  {trans('Revoke')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
