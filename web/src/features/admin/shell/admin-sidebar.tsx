import clsx from 'clsx';
import { NavLink } from 'react-router';
import { hasPermission } from '@backbeat/common';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Icon } from '../../../ui/icons.tsx';
import { ADMIN_AREAS, ADMIN_NAV, type AdminNavEntry } from '../nav.ts';

/** The nav entries this user's permissions open, grouped by area in the list's order. */
export function useAdminNav(): { area: string; entries: AdminNavEntry[] }[] {
  const user = useCurrentUser();
  const viewer = { user, guestPermissions: [] };
  const open = ADMIN_NAV.filter((entry) => hasPermission(viewer, entry.permission));
  return ADMIN_AREAS.map((area) => ({
    area,
    entries: open.filter((entry) => entry.area === area),
  })).filter((group) => group.entries.length > 0);
}

/** The admin sidebar: one list per area, only the screens the user may open. */
export function AdminSidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const trans = useTrans();
  const groups = useAdminNav();
  return (
    <nav aria-label={trans('Admin')} className="flex flex-col gap-5 p-3">
      {groups.map((group) => (
        <section key={group.area} aria-labelledby={`admin-area-${group.area}`}>
          <h2
            id={`admin-area-${group.area}`}
            className="px-3 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase"
          >
            {trans(group.area)}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {group.entries.map((entry) => (
              <li key={entry.path}>
                <NavLink
                  to={entry.path ? `/admin/${entry.path}` : '/admin'}
                  end={entry.path === ''}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    clsx(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-primary',
                      isActive
                        ? 'bg-primary/15 font-semibold text-fg'
                        : 'text-fg-muted hover:bg-bg-hover hover:text-fg',
                    )
                  }
                >
                  <Icon name={entry.icon} size={20} />
                  {trans(entry.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
