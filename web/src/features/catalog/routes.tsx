import { Outlet, type RouteObject } from 'react-router';
import { RouteGuard } from '../../entities/session/route-guard.tsx';
import { CATCH_ALL_ROUTE } from '../../entities/menus/known-routes.ts';

/** Music pages are open to guests whose role allows `music.view` (spec §2, §6). */
function MusicGuard() {
  return (
    <RouteGuard requireLogin={false} permission="music.view">
      <Outlet />
    </RouteGuard>
  );
}

const page = (load: () => Promise<React.ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});

/** The web player routes of spec §2, each page loaded on demand. */
export const musicRoutes: RouteObject[] = [
  {
    element: <MusicGuard />,
    children: [
      {
        path: 'artist/:artistId',
        ...page(async () => (await import('./pages/artist-page.tsx')).ArtistPage),
      },
      {
        path: 'artist/:artistId/:artistName',
        ...page(async () => (await import('./pages/artist-page.tsx')).ArtistPage),
      },
      {
        path: 'album/:albumId/:artistName/:albumName',
        ...page(async () => (await import('./pages/album-page.tsx')).AlbumPage),
      },
      {
        path: 'track/:trackId/:trackName',
        ...page(async () => (await import('./pages/track-page.tsx')).TrackPage),
      },
      {
        path: 'playlist/:playlistId/:playlistName',
        ...page(async () => (await import('./pages/playlist-page.tsx')).PlaylistPage),
      },
      { path: 'tag/:tagName', ...page(async () => (await import('./pages/tag-page.tsx')).TagPage) },
      {
        path: 'tag/:tagName/:tab',
        ...page(async () => (await import('./pages/tag-page.tsx')).TagPage),
      },
      {
        path: 'radio/:seedType/:seedId/:seedName',
        ...page(async () => (await import('../radio/radio-page.tsx')).RadioPage),
      },
      {
        // The stations are for signed-in listeners (the API asks for a session): a guest who
        // follows the menu's link signs in first.
        element: (
          <RouteGuard permission="music.view">
            <Outlet />
          </RouteGuard>
        ),
        children: [
          {
            path: 'radio-stations',
            ...page(
              async () => (await import('../radio/radio-stations-page.tsx')).RadioStationsPage,
            ),
          },
        ],
      },
      {
        path: 'search',
        ...page(async () => (await import('../search/search-page.tsx')).SearchPage),
      },
      {
        path: 'search/:searchQuery',
        ...page(async () => (await import('../search/search-page.tsx')).SearchPage),
      },
      {
        path: 'search/:searchQuery/:tabName',
        ...page(async () => (await import('../search/search-page.tsx')).SearchPage),
      },
      {
        path: 'lyrics',
        ...page(async () => (await import('../lyrics/lyrics-page.tsx')).LyricsPage),
      },
      {
        path: 'channel/:slugOrId',
        ...page(async () => (await import('./pages/channel-page.tsx')).ChannelPage),
      },
      {
        path: 'channel/:slugOrId/:restriction',
        ...page(async () => (await import('./pages/channel-page.tsx')).ChannelPage),
      },
      // Spec §2: channels also answer at the root; static routes win over these. They match
      // any path, so menus do not count them as a page that exists (menus/known-routes.ts).
      {
        path: ':slugOrId',
        handle: CATCH_ALL_ROUTE,
        ...page(async () => (await import('./pages/channel-page.tsx')).ChannelPage),
      },
      {
        path: ':slugOrId/:restriction',
        handle: CATCH_ALL_ROUTE,
        ...page(async () => (await import('./pages/channel-page.tsx')).ChannelPage),
      },
    ],
  },
  {
    path: 'landing',
    ...page(async () => (await import('../landing/landing-page.tsx')).LandingPage),
  },
  {
    path: 'download',
    ...page(async () => (await import('../landing/download-page.tsx')).DownloadPage),
  },
];

/** Embeds live outside the app layout: no navbar, no saved queue (spec §2: no login). */
export const embedRoutes: RouteObject[] = [
  {
    element: <MusicGuard />,
    children: [
      {
        path: 'track/:trackId/:trackName/embed',
        ...page(async () => (await import('../embeds/embed-page.tsx')).TrackEmbedPage),
      },
      {
        path: 'album/:albumId/:artistName/:albumName/embed',
        ...page(async () => (await import('../embeds/embed-page.tsx')).AlbumEmbedPage),
      },
    ],
  },
];
