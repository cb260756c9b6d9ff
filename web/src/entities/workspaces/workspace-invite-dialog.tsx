import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AppNotification } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { declineWorkspaceInvite, joinWorkspace } from './queries.ts';

/** Spec §4 workspace invite: Join makes the workspace active, Decline removes the invite. */
export function WorkspaceInviteDialog({
  notification,
  inviteId,
  close,
}: {
  notification: AppNotification;
  inviteId: string;
  close: () => void;
}) {
  const trans = useTrans();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const line = notification.data.lines[0];

  const act = async (join: boolean) => {
    setBusy(true);
    const done = join ? await joinWorkspace(inviteId) : await declineWorkspaceInvite(inviteId);
    // Either action closes the dialog (spec §4), also when the invite turned out to be gone.
    close();
    if (join && done) await navigate('/');
  };

  return (
    <Dialog title={trans('Join workspace')} size="sm">
      {line && <p className="text-sm text-fg">{trans(line.content, line.replacements)}</p>}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="outline" disabled={busy} onClick={() => void act(false)}>
          {trans('Decline')}
        </Button>
        <Button disabled={busy} onClick={() => void act(true)} autoFocus>
          {trans('Join')}
        </Button>
      </div>
    </Dialog>
  );
}
