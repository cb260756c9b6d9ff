import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteGuard } from '../../entities/session/route-guard.tsx';

function LibraryGuard() {
  return (
    <RouteGuard permission="music.view">
      <Outlet />
    </RouteGuard>
  );
}

const pages = () => import('./pages/library-pages.tsx');

/** Spec §2 `user/{userId}/{userName}/{tabName}`: a profile opened on one of its tabs. */
export const profileTabRoutes: RouteObject[] = [
  {
    path: 'user/:userId/:slug/:tabName',
    lazy: async () => ({
      Component: (await import('../account/user-profile-page.tsx')).UserProfilePage,
    }),
  },
];

/** Spec §2: `library`, `library/songs|playlists|albums|artists|history`, login required. */
export const libraryRoutes: RouteObject[] = [
  {
    element: <LibraryGuard />,
    children: [
      {
        path: 'library',
        lazy: async () => ({
          Component: (await import('./pages/library-layout.tsx')).LibraryLayout,
        }),
        children: [
          { index: true, element: <Navigate to="/library/songs" replace /> },
          { path: 'songs', lazy: async () => ({ Component: (await pages()).LibrarySongsPage }) },
          {
            path: 'playlists',
            lazy: async () => ({ Component: (await pages()).LibraryPlaylistsPage }),
          },
          { path: 'albums', lazy: async () => ({ Component: (await pages()).LibraryAlbumsPage }) },
          {
            path: 'artists',
            lazy: async () => ({ Component: (await pages()).LibraryArtistsPage }),
          },
          {
            path: 'history',
            lazy: async () => ({ Component: (await pages()).LibraryHistoryPage }),
          },
        ],
      },
    ],
  },
];
