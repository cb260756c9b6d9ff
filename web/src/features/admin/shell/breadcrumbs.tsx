import { Link, useLocation } from 'react-router';
import { useTrans } from '../../../lib/translator.ts';
import { navEntryOf } from '../nav.ts';

const SEGMENT_LABELS: Record<string, string> = { new: 'New', edit: 'Edit', insights: 'Insights' };

/** "Admin › Users › 12 › Edit", built from the address and the nav list. */
export function AdminBreadcrumbs() {
  const trans = useTrans();
  const { pathname } = useLocation();
  const segments = pathname
    .replace(/^\/admin\/?/, '')
    .split('/')
    .filter(Boolean);
  const entry = navEntryOf(segments.join('/'));
  const crumbs = [{ to: '/admin', label: trans('Admin') }];
  segments.forEach((segment, index) => {
    const to = `/admin/${segments.slice(0, index + 1).join('/')}`;
    const label =
      index === 0 && entry
        ? trans(entry.label)
        : SEGMENT_LABELS[segment]
          ? trans(SEGMENT_LABELS[segment])
          : decodeURIComponent(segment);
    crumbs.push({ to, label });
  });
  return (
    <nav aria-label={trans('Breadcrumbs')} className="min-w-0 text-sm">
      <ol className="flex min-w-0 items-center gap-1 text-fg-muted">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.to} className="flex min-w-0 items-center gap-1">
              {index > 0 && <span aria-hidden>›</span>}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-fg">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="truncate hover:text-fg hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
