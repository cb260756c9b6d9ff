import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PlayerBar } from '../../features/player/components/player-bar.tsx';
import { PlayerHost } from '../../features/player/player-host.tsx';
import { usePlayerStore } from '../../entities/player/player-store.ts';
import { Footer } from './footer.tsx';
import { MobileBottomMenu } from './mobile-bottom-menu.tsx';
import { Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';

const QueuePanel = lazy(() => import('../../features/player/components/queue-panel.tsx'));

/**
 * The web player's shell: navbar, sidebar menus, the page with its footer, the queue, the
 * player bar on every page, mobile tabs.
 */
export function AppLayout() {
  const queueOpen = usePlayerStore((s) => s.queueOpen);
  return (
    <div className="flex h-dvh flex-col bg-bg text-fg">
      <Navbar />
      <div className="flex min-h-0 flex-1">
        <Sidebar />
        <main id="main" className="relative flex min-w-0 flex-1 flex-col overflow-y-auto">
          <div className="flex-1">
            <Outlet />
          </div>
          <Footer />
        </main>
        {queueOpen && (
          <Suspense fallback={null}>
            <QueuePanel />
          </Suspense>
        )}
      </div>
      <PlayerBar />
      <MobileBottomMenu />
      <PlayerHost />
    </div>
  );
}
