import { Outlet, type RouteObject } from 'react-router';
import { RouteGuard } from '../../entities/session/route-guard.tsx';
import { subjectInsightsRoutes } from '../insights/routes.tsx';

/** Spec 2 §2: backstage needs login; requests need backstageRequests.create, creation music.create. */
function Guard({ permission }: { permission?: string }) {
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
 * The backstage layout and screens under /backstage, loaded on demand so listeners never
 * download them. This table itself joins the app's on the first visit under /backstage/
 * (issue 22): app/routes.tsx keeps only /backstage, its guard and the redirect to its tracks.
 * The layout's `<Outlet/>` also takes the insights pages (`tracks/:trackId/insights` …).
 */
export const backstagePageRoutes: RouteObject[] = [
  {
    lazy: async () => ({
      Component: (await import('./backstage-layout.tsx')).BackstageLayout,
    }),
    children: [
      {
        element: <Guard permission="backstageRequests.create" />,
        children: [
          {
            path: 'requests',
            ...page(
              async () => (await import('./requests/request-types-page.tsx')).RequestTypesPage,
            ),
          },
          {
            path: 'requests/:type',
            ...page(async () => (await import('./requests/request-form-page.tsx')).RequestFormPage),
          },
        ],
      },
      {
        path: 'requests/:requestId/request-submitted',
        ...page(
          async () => (await import('./requests/request-submitted-page.tsx')).RequestSubmittedPage,
        ),
      },
      {
        element: <Guard permission="music.create" />,
        children: [
          {
            path: 'upload',
            ...page(async () => (await import('./upload/upload-page.tsx')).UploadPage),
          },
          {
            path: 'tracks/new',
            ...page(async () => (await import('./editors/track-editor-page.tsx')).TrackEditorPage),
          },
          {
            path: 'albums/new',
            ...page(async () => (await import('./editors/album-editor-page.tsx')).AlbumEditorPage),
          },
        ],
      },
      {
        path: 'tracks',
        ...page(async () => (await import('./lists/my-tracks-page.tsx')).MyTracksPage),
      },
      {
        path: 'albums',
        ...page(async () => (await import('./lists/my-albums-page.tsx')).MyAlbumsPage),
      },
      {
        path: 'artists',
        ...page(async () => (await import('./lists/my-artists-page.tsx')).MyArtistsPage),
      },
      // Insights of the music the user manages (the server answers 404 for the rest).
      ...subjectInsightsRoutes,
      {
        path: 'tracks/:trackId/edit',
        ...page(async () => (await import('./editors/track-editor-page.tsx')).TrackEditorPage),
      },
      {
        path: 'albums/:albumId/edit',
        ...page(async () => (await import('./editors/album-editor-page.tsx')).AlbumEditorPage),
      },
      {
        path: 'artists/:artistId/edit',
        ...page(async () => (await import('./editors/artist-editor-page.tsx')).ArtistEditorPage),
      },
    ],
  },
];
