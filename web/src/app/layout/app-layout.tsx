import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { MobileBottomMenu } from './mobile-bottom-menu.tsx';
import { Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';

/** The web player's shell: navbar, sidebar menus, the page with its footer, mobile tabs. */
export function AppLayout() {
  return (
    <div className="flex h-dvh flex-col bg-bg text-fg">
      <Navbar />
      <div className="flex min-h-0 flex-1">
        <Sidebar />
        <main id="main" className="flex min-w-0 flex-1 flex-col overflow-y-auto">
          <div className="flex-1">
            <Outlet />
          </div>
          <Footer />
        </main>
      </div>
      <MobileBottomMenu />
    </div>
  );
}
