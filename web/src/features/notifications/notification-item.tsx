import clsx from 'clsx';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  NOTIFICATION_ACTIONS,
  formatRelativeTime,
  isSafeRedirect,
  type AppNotification,
  type NotificationAction,
} from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { declineWorkspaceInvite, joinWorkspace } from '../workspaces/queries.ts';
import { markAsRead } from './queries.ts';
import { showErrorToast } from '../../ui/toast/error-toast.ts';

/**
 * One notification (spec §2): clicking it marks it read and opens what it is about; it shows
 * its image, or a dot while unread. A workspace invitation opens the Join/Decline dialog.
 */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: AppNotification;
  /** Called after the item navigated or opened its dialog (the bell closes its panel). */
  onOpen?: () => void;
}) {
  const trans = useTrans();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { data } = notification;
  const unread = notification.read_at === null;
  const inviteId = data.inviteId;

  const markRead = () => {
    if (unread) void markAsRead([notification.id]).catch((e) => showErrorToast(e, trans));
  };

  const perform = async (action: NotificationAction) => {
    markRead();
    if (inviteId && action.action === NOTIFICATION_ACTIONS.joinWorkspace) {
      setBusy(true);
      if (await joinWorkspace(inviteId)) {
        onOpen?.();
        await navigate('/');
      }
      setBusy(false);
    } else if (inviteId && action.action === NOTIFICATION_ACTIONS.declineWorkspace) {
      setBusy(true);
      await declineWorkspaceInvite(inviteId);
      setBusy(false);
    } else if (isSafeRedirect(action.action)) {
      onOpen?.();
      await navigate(action.action);
    }
  };

  const open = async () => {
    markRead();
    if (inviteId) {
      onOpen?.();
      const { WorkspaceInviteDialog } = await import('../workspaces/workspace-invite-dialog.tsx');
      void openDialog((close) => (
        <WorkspaceInviteDialog notification={notification} inviteId={inviteId} close={close} />
      ));
    } else if (data.mainAction) {
      void perform(data.mainAction);
    }
  };

  const [first, ...rest] = data.lines;
  return (
    <li
      data-testid="notification"
      className={clsx('flex gap-3 px-4 py-3', unread ? 'bg-primary/5' : '')}
    >
      <div className="flex w-10 shrink-0 justify-center pt-0.5">
        {data.image ? (
          <img src={data.image} alt="" className="size-10 rounded-full object-cover" />
        ) : unread ? (
          <span aria-hidden="true" className="mt-1.5 size-2.5 rounded-full bg-primary" />
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={() => void open()}
          className="w-full rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {unread && <span className="sr-only">{trans('Unread')}: </span>}
          {first && (
            <span className={clsx('block text-sm', unread ? 'font-semibold text-fg' : 'text-fg')}>
              {trans(first.content, first.replacements)}
            </span>
          )}
          {rest.map((line, i) => (
            <span key={i} className="mt-0.5 block truncate text-sm text-fg-muted">
              {trans(line.content, line.replacements)}
            </span>
          ))}
          <span className="mt-1 block text-xs text-fg-muted">
            {formatRelativeTime(notification.created_at, { translate: trans })}
          </span>
        </button>
        {data.buttonActions && data.buttonActions.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2">
            {data.buttonActions.map((action, i) => (
              <Button
                key={action.action}
                size="xs"
                variant={i === 0 ? 'primary' : 'outline'}
                disabled={busy}
                onClick={() => void perform(action)}
              >
                {trans(action.label)}
              </Button>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}
