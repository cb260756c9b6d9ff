import { Link, useSearchParams } from 'react-router';
import { RouteGuard } from '../../app/route-guard.tsx';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { NotificationList } from './notification-list.tsx';
import { markAllAsRead, useNotificationsQuery } from './queries.ts';
import { showErrorToast } from '../../ui/toast/error-toast.ts';

function Notifications() {
  const trans = useTrans();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useNotificationsQuery(page);
  const unread = useCurrentUser()?.unread_notifications_count ?? 0;
  const pagination = query.data?.pagination;
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:px-8 md:py-10">
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold md:text-3xl">{trans('Notifications')}</h1>
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0}
          onClick={() => void markAllAsRead().catch((e) => showErrorToast(e, trans))}
        >
          <Icon name="doneAll" size={18} />
          {trans('Mark all as read')}
        </Button>
        <Link to="/notifications/settings" className={buttonClass('text', 'sm')}>
          <Icon name="settings" size={18} />
          {trans('Settings')}
        </Link>
      </div>
      <div className="overflow-hidden rounded-2xl border border-border bg-bg-elevated">
        <NotificationList
          notifications={pagination?.data}
          isPending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </div>
      {pagination && pagination.last_page > 1 && (
        <nav
          aria-label={trans('Pages')}
          className="mt-4 flex items-center justify-between gap-3 text-sm text-fg-muted"
        >
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {trans('Previous')}
          </Button>
          <span>
            {trans(':from - :to of :total', {
              from: pagination.from ?? 0,
              to: pagination.to ?? 0,
              total: pagination.total,
            })}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pagination.last_page}
            onClick={() => goTo(page + 1)}
          >
            {trans('Next')}
          </Button>
        </nav>
      )}
    </div>
  );
}

export function NotificationsPage() {
  return (
    <RouteGuard>
      <Notifications />
    </RouteGuard>
  );
}
