import clsx from 'clsx';
import { NavLink, Outlet } from 'react-router';
import { hasPermission } from '@backbeat/common';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';

interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  permission?: string;
}

/**
 * Backstage's own navigation around its pages: a side column on wide screens, a row of
 * scrolling tabs on phones. Pages (and the insights pages slotted in later) render in the
 * `<Outlet/>`.
 */
export function BackstageLayout() {
  const trans = useTrans();
  const user = useCurrentUser();
  const items: NavItem[] = [
    {
      to: 'requests',
      label: trans('Requests'),
      icon: 'verified',
      permission: 'backstageRequests.create',
    },
    { to: 'upload', label: trans('Upload'), icon: 'add', permission: 'music.create' },
    { to: 'tracks', label: trans('My tracks'), icon: 'music' },
    { to: 'albums', label: trans('My albums'), icon: 'album' },
    { to: 'artists', label: trans('My artists'), icon: 'mic' },
  ];
  const visible = items.filter(
    (item) => !item.permission || hasPermission({ user, guestPermissions: [] }, item.permission),
  );
  return (
    <div className="flex min-h-full flex-col md:flex-row">
      <nav
        aria-label={trans('Backstage')}
        className="shrink-0 border-b border-border md:w-56 md:border-r md:border-b-0 md:py-6"
      >
        <p className="hidden px-6 pb-3 text-xs font-semibold tracking-wide text-fg-muted uppercase md:block">
          {trans('Backstage')}
        </p>
        <ul className="flex gap-1 overflow-x-auto px-3 py-2 md:flex-col md:overflow-visible md:py-0">
          {visible.map((item) => (
            <li key={item.to} className="shrink-0">
              <NavLink
                to={`/backstage/${item.to}`}
                className={({ isActive }) =>
                  clsx(
                    'flex items-center gap-3 rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap md:rounded-lg',
                    'focus-visible:outline-2 focus-visible:outline-primary',
                    isActive ? 'bg-primary text-on-primary' : 'text-fg hover:bg-bg-hover',
                  )
                }
              >
                <Icon name={item.icon} size={18} />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1 px-4 py-6 md:px-8">
        <Outlet />
      </div>
    </div>
  );
}
