import { useId, useState, type FormEvent } from 'react';
import {
  WORKSPACE_ROLE_LABELS,
  inviteToWorkspaceSchema,
  type AssignableWorkspaceRole,
  type WorkspaceDetails,
} from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { errorMessage, fieldErrors } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';

const splitEmails = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

/** Invites people by email; several addresses may be separated by commas or spaces. */
export function InviteForm({
  workspace,
  onInvited,
}: {
  workspace: WorkspaceDetails;
  onInvited: (workspace: WorkspaceDetails) => void;
}) {
  const trans = useTrans();
  const roleId = useId();
  const roles = workspace.abilities.assignRoles;
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<AssignableWorkspaceRole>('member');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const list = splitEmails(emails);
    const parsed = inviteToWorkspaceSchema.safeParse({ emails: list, role });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const index = issue?.path[1];
      setError(
        typeof index === 'number'
          ? `${list[index]}: ${trans(issue?.message ?? '')}`
          : trans(issue?.message ?? 'Enter at least one email address.'),
      );
      return;
    }
    setSending(true);
    try {
      const response = await api(endpoints.inviteToWorkspace, {
        workspaceId: workspace.id,
        ...parsed.data,
      });
      setEmails('');
      setError(undefined);
      toast(trans('Invitation sent', {}));
      onInvited(response.workspace);
    } catch (failure) {
      const [field, message] = Object.entries(fieldErrors(failure))[0] ?? [];
      const index = Number(field?.split('.')[1]);
      if (message)
        setError(Number.isInteger(index) ? `${list[index]}: ${trans(message)}` : trans(message));
      else toast.danger(trans(errorMessage(failure)));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          className="flex-1"
          label={trans('Invite by email')}
          placeholder={trans('name@example.com, other@example.com')}
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          error={error}
          type="text"
          inputMode="email"
          autoComplete="off"
        />
        {roles.length > 1 && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={roleId} className="text-sm font-medium text-fg">
              {trans('Role')}
            </label>
            <select
              id={roleId}
              value={role}
              onChange={(e) => setRole(e.target.value as AssignableWorkspaceRole)}
              className="h-[42px] rounded-lg border border-border bg-bg-elevated px-3 text-sm text-fg focus:ring-2 focus:ring-primary/40"
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {trans(WORKSPACE_ROLE_LABELS[r])}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={sending}>
          {trans('Send invites')}
        </Button>
      </div>
    </form>
  );
}
