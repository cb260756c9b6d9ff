import {
  Navigate,
  Outlet,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { RouteGuard } from '../entities/session/route-guard.tsx';
import {
  NotFoundPage,
  RouteErrorPage,
  UnexpectedErrorPage,
} from '../entities/errors/error-pages.tsx';
import { accountRoutes } from '../features/auth/routes.tsx';
import { embedRoutes, musicRoutes } from '../features/catalog/routes.tsx';
import { libraryRoutes, profileTabRoutes } from '../features/library/routes.tsx';
import { notificationRoutes } from '../features/notifications/routes.tsx';
import { sitePageRoutes } from '../features/pages/routes.tsx';
import { shareRoutes } from '../features/shares/routes.tsx';
import { adminDashboardRoute } from '../features/insights/routes.tsx';
import { workspaceRoutes } from '../features/workspaces/routes.tsx';
import { PageLoadingSpinner } from '../ui/spinner.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { Root } from './root.tsx';

/**
 * Areas whose route tables are left out of the startup code (issue 22) and added on the first
 * navigation inside them: until then such an address only reaches the catch-all `*` (or a
 * channel's `/:slug`), whose match has a param, so React Router asks addRoutesOnNavigation first. Each area's own
 * address stays in the table (the admin dashboard, backstage's redirect to its tracks).
 */
const LAZY_AREAS = [
  {
    id: 'admin-pages',
    under: /^\/admin\/./,
    load: async () => (await import('../features/admin/routes.tsx')).adminPageRoutes,
  },
  {
    id: 'backstage-pages',
    under: /^\/backstage\/./,
    load: async () => (await import('../features/backstage/routes.tsx')).backstagePageRoutes,
  },
  {
    // Signing in and registering (a signed-in listener seldom needs them): until added, these
    // addresses reach `/:slug`, `workspace/join/:token` or `*` too.
    id: 'auth-pages',
    under:
      /^\/(login|register|forgot-password|password\/reset\/|workspace\/join\/(login|register))/,
    load: async () => (await import('../features/auth/page-routes.tsx')).authPages,
  },
  {
    // Pricing, checkout and billing: until added, these addresses reach the channel route
    // `/:slug`, whose match has a param too.
    id: 'app-pages',
    under: /^\/(pricing|checkout|billing|change-plan)(\/|$)/,
    load: async () => (await import('../features/billing/routes.tsx')).billingRoutes,
  },
];
const [ADMIN_PAGES, BACKSTAGE_PAGES, AUTH_PAGES, APP_PAGES] = LAZY_AREAS.map((area) => area.id);
const added = new Set<string>();

export const addRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const area = LAZY_AREAS.find((candidate) => candidate.under.test(path));
  if (!area) return;
  // Patching again is harmless: React Router skips routes it already has.
  patch(area.id, await area.load());
  added.add(area.id);
};

/**
 * Whether an address lies in an area whose routes are not in the table yet: the menus' check
 * (entities/menus/known-routes.ts) keeps such links, as it did when the table had them all.
 */
export const routesPending = (pathname: string) =>
  LAZY_AREAS.some((area) => !added.has(area.id) && area.under.test(pathname));

/**
 * Every page is loaded lazily, per area, so a listener never downloads what they do not
 * open (DESIGN §5). Feature areas add their routes here.
 */
export const appRoutes: RouteObject[] = [
  // Embeds are framed by other sites: no shell, no cookie notice, no saved queue.
  { errorElement: <UnexpectedErrorPage />, children: embedRoutes },
  {
    element: <Root />,
    errorElement: <UnexpectedErrorPage />,
    hydrateFallbackElement: <PageLoadingSpinner />,
    children: [
      // Pages with their own full-screen layout (no sidebar or player), added on first visit.
      { id: AUTH_PAGES, errorElement: <RouteErrorPage />, children: [] },
      // The admin area (admin.access) has its own layout (sidebar, breadcrumbs), not the player's.
      {
        path: 'admin',
        element: (
          <RouteGuard permission="admin.access">
            <Outlet />
          </RouteGuard>
        ),
        children: [
          {
            lazy: async () => ({
              Component: (await import('./layout/admin-layout.tsx')).AdminLayout,
            }),
            children: [
              // Admins land at /admin after login (spec 1 §2): the dashboard is there from the
              // start; the other screens join ADMIN_PAGES on the first visit under /admin/.
              {
                id: ADMIN_PAGES,
                errorElement: <RouteErrorPage />,
                children: [adminDashboardRoute],
              },
            ],
          },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          {
            id: APP_PAGES,
            errorElement: <RouteErrorPage />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/home/homepage.tsx')).Homepage,
                }),
              },
              ...accountRoutes,
              ...notificationRoutes,
              ...workspaceRoutes,
              ...libraryRoutes,
              ...profileTabRoutes,
              {
                path: 'backstage',
                id: BACKSTAGE_PAGES,
                element: (
                  <RouteGuard>
                    <Outlet />
                  </RouteGuard>
                ),
                children: [{ index: true, element: <Navigate to="tracks" replace /> }],
              },
              ...sitePageRoutes,
              ...shareRoutes,
              { path: '404', element: <NotFoundPage /> },
              ...musicRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
