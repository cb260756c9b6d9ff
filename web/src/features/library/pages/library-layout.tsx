import clsx from 'clsx';
import { useEffect } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useTrans } from '../../../lib/translator.ts';
import { setPageTitle } from '../../../lib/document-title.ts';

const TABS = [
  { to: '/library/songs', label: 'Songs' },
  { to: '/library/playlists', label: 'Playlists' },
  { to: '/library/albums', label: 'Albums' },
  { to: '/library/artists', label: 'Artists' },
  { to: '/library/history', label: 'History' },
] as const;

/** `/library/*`: the listener's own music, one tab per kind. */
export function LibraryLayout() {
  const trans = useTrans();
  useEffect(() => {
    setPageTitle(trans('Your music'));
  }, [trans]);
  return (
    <div className="px-4 py-8 pb-12 md:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">{trans('Your music')}</h1>
      <nav
        aria-label={trans('Library')}
        // Wraps rather than scrolls: on a phone every tab stays in sight.
        className="mt-6 mb-6 flex flex-wrap gap-x-5 border-b border-border sm:gap-x-6"
      >
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              clsx(
                'inline-flex h-10 shrink-0 items-center border-b-2 px-1 text-sm font-semibold',
                'focus-visible:outline-2 focus-visible:outline-primary',
                isActive
                  ? 'border-primary text-fg'
                  : 'border-transparent text-fg-muted hover:text-fg',
              )
            }
          >
            {trans(tab.label)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
