import clsx from 'clsx';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { markAllAsRead, useNotificationsQuery } from '../../entities/notifications/queries.ts';
import { showErrorToast } from '../../ui/toast/error-toast.ts';
import { Spinner } from '../../ui/spinner.tsx';

/** Loaded when the panel first opens: the home page renders without it. */
const NotificationList = lazy(async () => ({
  default: (await import('./notification-list.tsx')).NotificationList,
}));

/** The bell's panel: the latest notifications; loaded when the bell is about to open. */
export function BellPanel({ close, hasUnread }: { close: () => void; hasUnread: boolean }) {
  const trans = useTrans();
  const query = useNotificationsQuery(1);
  const markAll = () => void markAllAsRead().catch((e) => showErrorToast(e, trans));

  return (
    <div
      role="dialog"
      aria-label={trans('Notifications')}
      className={clsx(
        'z-50 flex flex-col overflow-hidden rounded-xl border border-border bg-bg-elevated shadow-2xl',
        'fixed inset-x-2 top-[calc(var(--spacing-navbar-xs)+4px)] max-h-[calc(100dvh-var(--spacing-navbar-xs)-16px)]',
        'md:absolute md:inset-x-auto md:top-auto md:right-0 md:mt-2 md:max-h-[min(560px,75vh)] md:w-[380px]',
      )}
    >
      <header className="flex items-center gap-2 border-b border-border px-4 py-2.5">
        <h2 className="flex-1 text-sm font-semibold text-fg">{trans('Notifications')}</h2>
        {hasUnread && (
          <Button size="xs" variant="text" onClick={markAll}>
            {trans('Mark all as read')}
          </Button>
        )}
        <Link
          to="/notifications/settings"
          onClick={close}
          aria-label={trans('Notification settings')}
          className="inline-flex size-8 items-center justify-center rounded-full text-fg-muted hover:bg-bg-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
        >
          <Icon name="settings" size={18} />
        </Link>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Suspense
          fallback={
            <div className="flex justify-center p-6">
              <Spinner />
            </div>
          }
        >
          <NotificationList
            notifications={query.data?.pagination.data}
            isPending={query.isPending}
            error={query.error}
            onRetry={() => void query.refetch()}
            onOpen={close}
          />
        </Suspense>
      </div>
      <Link
        to="/notifications"
        onClick={close}
        className="border-t border-border px-4 py-2.5 text-center text-sm font-medium text-primary hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary"
      >
        {trans('View all notifications')}
      </Link>
    </div>
  );
}
