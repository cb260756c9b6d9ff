import { Outlet, type RouteObject } from 'react-router';
import { RouteGuard } from '../entities/session/route-guard.tsx';
import {
  NotFoundPage,
  RouteErrorPage,
  UnexpectedErrorPage,
} from '../entities/errors/error-pages.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { accountRoutes, authPageRoutes } from '../features/auth/routes.tsx';
import { backstageRoutes } from '../features/backstage/routes.tsx';
import { billingRoutes } from '../features/billing/routes.tsx';
import { embedRoutes, musicRoutes } from '../features/catalog/routes.tsx';
import { libraryRoutes, profileTabRoutes } from '../features/library/routes.tsx';
import { notificationRoutes } from '../features/notifications/routes.tsx';
import { sitePageRoutes } from '../features/pages/routes.tsx';
import { workspaceRoutes } from '../features/workspaces/routes.tsx';
import { PageLoadingSpinner } from '../ui/spinner.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { Root } from './root.tsx';

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
      ...authPageRoutes,
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
            children: adminRoutes,
          },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          {
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
              ...billingRoutes,
              ...backstageRoutes,
              ...sitePageRoutes,
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
