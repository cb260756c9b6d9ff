import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AdSlot } from '../../entities/ads/ad-slot.tsx';
import { CookieNotice } from '../../features/cookie-notice/cookie-notice.tsx';
import { PlayerBar } from '../../features/player/components/player-bar.tsx';
import { PlayerHost } from '../../features/player/player-host.tsx';
import { usePlayerStore } from '../../entities/player/player-store.ts';
import { useTrans } from '../../lib/translator.ts';
import { Footer } from './footer.tsx';
import { MobileBottomMenu } from './mobile-bottom-menu.tsx';
import { Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';

const QueuePanel = lazy(() => import('../../features/player/components/queue-panel.tsx'));

/** The first stop of the keyboard: straight to the page, past the navbar and sidebar. */
function SkipLink() {
  const trans = useTrans();
  return (
    <a
      href="#main"
      className="sr-only z-[70] rounded-lg bg-primary px-4 py-3 text-sm font-semibold text-on-primary focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {trans('Skip to content')}
    </a>
  );
}

/**
 * The web player's shell: navbar, sidebar menus, the page with its footer, the queue, the
 * player bar on every page, mobile tabs.
 */
export function AppLayout() {
  const queueOpen = usePlayerStore((s) => s.queueOpen);
  // The general ad slots frame the listener's pages, not the admin area.
  const showAds = !useLocation().pathname.startsWith('/admin');
  return (
    <div className="flex h-dvh flex-col bg-bg text-fg">
      <SkipLink />
      <Navbar />
      <div className="flex min-h-0 flex-1">
        <Sidebar />
        {/* A size container: pages lay out by the room they get, which the queue panel narrows. */}
        <main
          id="main"
          tabIndex={-1}
          className="@container/main relative flex min-w-0 flex-1 flex-col overflow-y-auto"
        >
          <div className="flex-1">
            {showAds && <AdSlot slot="general_top" className="px-4 pt-4 md:px-8" />}
            <Outlet />
            {showAds && <AdSlot slot="general_bottom" className="px-4 pb-4 md:px-8" />}
          </div>
          <Footer />
        </main>
        {queueOpen && (
          <Suspense fallback={null}>
            <QueuePanel />
          </Suspense>
        )}
      </div>
      {/* In the flow, so a first visit's notice never covers the player bar. */}
      <CookieNotice inline />
      <PlayerBar />
      <MobileBottomMenu />
      <PlayerHost />
    </div>
  );
}
