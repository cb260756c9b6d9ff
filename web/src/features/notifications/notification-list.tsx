import type { AppNotification } from '@backbeat/common';
import { errorMessage } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { NotificationItem } from './notification-item.tsx';

export const EMPTY_NOTIFICATIONS = 'Hang tight! Notifications will start showing up here soon.';

/** The list with its loading, error and empty states (spec §2 empty text). */
export function NotificationList({
  notifications,
  isPending,
  error,
  onRetry,
  onOpen,
}: {
  notifications: AppNotification[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  onOpen?: () => void;
}) {
  const trans = useTrans();
  if (isPending) {
    return (
      <div className="flex justify-center py-10" role="status" aria-label={trans('Loading...')}>
        <Spinner size={28} />
      </div>
    );
  }
  if (error && !notifications) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-10 text-center" role="alert">
        <p className="text-sm text-fg-muted">{trans(errorMessage(error))}</p>
        <Button size="xs" variant="outline" onClick={onRetry}>
          {trans('Try again')}
        </Button>
      </div>
    );
  }
  if (!notifications?.length) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <Icon name="notifications" size={40} className="text-fg-muted/60" />
        <p className="text-sm text-fg-muted">{trans(EMPTY_NOTIFICATIONS)}</p>
      </div>
    );
  }
  return (
    <ul aria-label={trans('Notifications')} className="divide-y divide-border">
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onOpen={onOpen} />
      ))}
    </ul>
  );
}
