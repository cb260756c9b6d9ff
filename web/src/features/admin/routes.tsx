import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteGuard } from '../../entities/session/route-guard.tsx';

/** The admin area needs admin.access (spec §6); a screen may need its own permission too. */
function AdminGuard({ permission }: { permission: string }) {
  return (
    <RouteGuard permission={permission}>
      <Outlet />
    </RouteGuard>
  );
}

const page = (load: () => Promise<React.ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});

/**
 * The admin screens built so far, each loaded on demand so listeners never download them
 * (the admin shell of issue 12 will wrap these).
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    element: <AdminGuard permission="admin.access" />,
    children: [
      // Admins land at /admin after login (spec 1 §2); until the dashboard of issue 12 exists,
      // that is the first admin screen.
      { index: true, element: <Navigate to="genres" replace /> },
      { path: 'genres', ...page(async () => (await import('./genres.tsx')).GenresIndexPage) },
      { path: 'genres/new', ...page(async () => (await import('./genres.tsx')).GenreFormPage) },
      { path: 'genres/:id', ...page(async () => (await import('./genres.tsx')).GenreFormPage) },
      {
        element: <AdminGuard permission="tags.update" />,
        children: [
          { path: 'tags', ...page(async () => (await import('./tags.tsx')).TagsIndexPage) },
          { path: 'tags/new', ...page(async () => (await import('./tags.tsx')).TagFormPage) },
          { path: 'tags/:id', ...page(async () => (await import('./tags.tsx')).TagFormPage) },
        ],
      },
    ],
  },
];
