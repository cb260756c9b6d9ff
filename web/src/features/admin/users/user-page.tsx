import clsx from 'clsx';
import { NavLink, useParams } from 'react-router';
import { useTrans } from '../../../lib/translator.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { NotFoundPage } from '../../../entities/errors/error-pages.tsx';
import { useAdminUser } from './queries.ts';
import { UserApiTab } from './user-api-tab.tsx';
import { UserDateTab } from './user-date-tab.tsx';
import { UserDetailsTab } from './user-details-tab.tsx';
import { UserPermissionsTab } from './user-permissions-tab.tsx';
import { UserSecurityTab } from './user-security-tab.tsx';

const TABS = [
  { path: 'details', label: 'Details' },
  { path: 'permissions', label: 'Permissions' },
  { path: 'security', label: 'Security' },
  { path: 'date', label: 'Date' },
  { path: 'api', label: 'API' },
] as const;

/** users/{userId} (spec 2 §2) with tabs details, permissions, security, date and api. */
export function UserPage() {
  const trans = useTrans();
  const params = useParams();
  const id = Number(params.id);
  const tab = TABS.find((t) => t.path === (params.tab ?? 'details'));
  const query = useAdminUser(Number.isInteger(id) && id > 0 ? id : 0);
  if (!tab || !Number.isInteger(id) || id < 1) return <NotFoundPage />;
  if (query.isError) return <NotFoundPage />;
  const user = query.data;
  return (
    <section
      aria-labelledby="user-title"
      className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6"
    >
      {!user ? (
        <Skeleton className="h-12 w-64" />
      ) : (
        <header className="flex items-center gap-4">
          <Avatar name={user.name} image={user.image} id={user.id} size={48} />
          <div className="min-w-0">
            <h1 id="user-title" className="truncate text-2xl font-semibold">
              {user.name}
            </h1>
            <p className="truncate text-sm text-fg-muted">
              {user.email}
              {user.banned_at && (
                <span className="ml-2 font-medium text-danger">{trans('Suspended')}</span>
              )}
            </p>
          </div>
        </header>
      )}
      <nav aria-label={trans('User sections')} className="overflow-x-auto border-b border-border">
        <ul className="flex gap-1">
          {TABS.map((t) => (
            <li key={t.path}>
              <NavLink
                to={`/admin/users/${id}/${t.path}`}
                className={({ isActive }) =>
                  clsx(
                    'block border-b-2 px-3 py-2 text-sm whitespace-nowrap',
                    isActive || (t.path === 'details' && !params.tab)
                      ? 'border-primary font-semibold text-fg'
                      : 'border-transparent text-fg-muted hover:text-fg',
                  )
                }
              >
                {trans(t.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {!user ? (
        <Skeleton className="h-48 w-full" />
      ) : tab.path === 'details' ? (
        <UserDetailsTab user={user} key={user.id} />
      ) : tab.path === 'permissions' ? (
        <UserPermissionsTab user={user} key={user.id} />
      ) : tab.path === 'security' ? (
        <UserSecurityTab user={user} />
      ) : tab.path === 'date' ? (
        <UserDateTab user={user} key={user.id} />
      ) : (
        <UserApiTab user={user} />
      )}
    </section>
  );
}
