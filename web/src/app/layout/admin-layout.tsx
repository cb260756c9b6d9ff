import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { IconButton } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageLoadingSpinner } from '../../ui/spinner.tsx';
import { AdminBreadcrumbs } from '../../features/admin/shell/breadcrumbs.tsx';
import { AdminSidebarNav } from '../../features/admin/shell/admin-sidebar.tsx';
import { AccountControls } from './account-controls.tsx';

/** On phones the sidebar is a drawer: opened by the menu button, closed by Escape or a link. */
function AdminDrawer({ close }: { close: () => void }) {
  const trans = useTrans();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);
  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <div aria-hidden className="absolute inset-0 bg-black/50" onClick={close} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={trans('Admin menu')}
        className="absolute inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-bg-elevated shadow-xl"
      >
        <div className="flex justify-end p-2">
          <IconButton label={trans('Close menu')} onClick={close}>
            <Icon name="close" />
          </IconButton>
        </div>
        <AdminSidebarNav onNavigate={close} />
      </div>
    </div>
  );
}

/**
 * The admin area's own shell (issue 12): a top bar with breadcrumbs, the sidebar from the nav
 * list (a drawer on phones), and the screen. No player: admins manage here, listen elsewhere.
 */
export function AdminLayout() {
  const trans = useTrans();
  const siteName = useBootstrap((d) => d.branding.site_name);
  const user = useBootstrap((d) => d.user);
  const [drawer, setDrawer] = useState(false);
  const closeDrawer = useCallback(() => setDrawer(false), []);
  const { pathname } = useLocation();
  // A new screen closes the drawer (also when reached by the browser's back button).
  useEffect(() => setDrawer(false), [pathname]);

  return (
    <div className="flex h-dvh flex-col bg-bg text-fg">
      <a
        href="#admin-main"
        className="sr-only z-[70] rounded-lg bg-primary px-4 py-3 text-sm font-semibold text-on-primary focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {trans('Skip to content')}
      </a>
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-border px-3 md:px-5">
        <IconButton
          label={trans('Open admin menu')}
          className="md:hidden"
          aria-expanded={drawer}
          onClick={() => setDrawer(true)}
        >
          <Icon name="menu" />
        </IconButton>
        <Link to="/admin" className="shrink-0 font-semibold">
          {trans(':site admin', { site: siteName })}
        </Link>
        <div className="hidden min-w-0 flex-1 md:block">
          <AdminBreadcrumbs />
        </div>
        <Link
          to="/"
          className="ml-auto flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-sm text-fg-muted hover:bg-bg-hover hover:text-fg"
        >
          <Icon name="home" size={18} />
          {/* Only the icon shows on phones; the text stays its name. */}
          <span className="sr-only sm:not-sr-only">{trans('Back to site')}</span>
        </Link>
        {user && <AccountControls user={user} />}
      </header>
      <div className="flex min-h-0 flex-1">
        <aside className="hidden w-60 shrink-0 overflow-y-auto border-r border-border md:block">
          <AdminSidebarNav />
        </aside>
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 overflow-y-auto">
          <div className="px-4 pt-3 md:hidden">
            <AdminBreadcrumbs />
          </div>
          <Suspense fallback={<PageLoadingSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {drawer && <AdminDrawer close={closeDrawer} />}
    </div>
  );
}
