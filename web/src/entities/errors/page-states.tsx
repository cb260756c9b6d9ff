import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { NotFoundPage } from './error-pages.tsx';

export function EmptyState({
  icon = 'music',
  title,
  text,
}: {
  icon?: IconName;
  title: string;
  text?: string;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border px-6 py-14 text-center">
      <Icon name={icon} size={40} className="text-fg-muted" />
      <p className="text-base font-semibold text-fg">{title}</p>
      {text && <p className="max-w-md text-sm text-fg-muted">{text}</p>}
    </div>
  );
}

/**
 * A failed page query: a guest refused with 401 or 403 goes to log in and comes back
 * (spec §6), 404 is not found, anything else offers a retry.
 */
export function QueryError({ error, retry }: { error: unknown; retry: () => void }) {
  const trans = useTrans();
  const user = useCurrentUser();
  const location = useLocation();
  if (error instanceof ApiError && (error.status === 401 || error.status === 403) && !user) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-20 text-center">
      <Icon name="error" size={40} className="text-danger" />
      <p className="text-lg font-semibold">{trans('There was an issue loading this page')}</p>
      <Button variant="outline" onClick={retry}>
        {trans('Try again')}
      </Button>
    </div>
  );
}

/** The shape of a media page while it loads. */
export function PageSkeleton({ round = false }: { round?: boolean }) {
  const trans = useTrans();
  return (
    <div role="status" aria-busy="true" aria-label={trans('Loading')} className="px-4 py-6 md:px-8">
      <div className="flex flex-col items-center gap-6 md:flex-row md:items-end">
        <Skeleton className={round ? 'size-44 rounded-full md:size-56' : 'size-44 md:size-56'} />
        <div className="flex w-full flex-col gap-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="mt-10 flex flex-col gap-3">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}

export function ChannelSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-10">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="flex flex-col gap-3">
          <Skeleton className="h-6 w-48" />
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {Array.from({ length: 5 }, (_, j) => (
              <div key={j} className="flex flex-col gap-2">
                <Skeleton className="aspect-square w-full rounded-xl" />
                <Skeleton className="h-3 w-3/4" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
