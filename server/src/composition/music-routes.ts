import type { RoutesPlugin } from '../http/types.ts';
import { channelsRoutes } from '../modules/channels/routes.ts';
import { commentsRoutes } from '../modules/library/comments-routes.ts';
import { followsRoutes } from '../modules/library/follows-routes.ts';
import { libraryRoutes } from '../modules/library/routes.ts';
import { playlistsRoutes } from '../modules/playlists/routes.ts';
import { radioRoutes } from '../modules/radio/routes.ts';
import { searchRoutes } from '../modules/search/routes.ts';
import { streamingRoutes } from '../modules/streaming/routes.ts';
import { catalogRoutes } from '../modules/catalog/routes.ts';

/** Every route of the music area: catalog, channels, search, radio, playlists, library, streaming. */
export const musicRoutes: RoutesPlugin = async (app) => {
  await app.register(catalogRoutes);
  await app.register(channelsRoutes);
  await app.register(searchRoutes);
  await app.register(radioRoutes);
  await app.register(playlistsRoutes);
  await app.register(libraryRoutes);
  await app.register(followsRoutes);
  await app.register(commentsRoutes);
  await app.register(streamingRoutes);
};
