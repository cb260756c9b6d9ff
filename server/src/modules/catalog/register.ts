import type { RoutesPlugin } from '../../http/types.ts';
import { channelsRoutes } from '../channels/routes.ts';
import { commentsRoutes } from '../library/comments-routes.ts';
import { followsRoutes } from '../library/follows-routes.ts';
import { libraryRoutes } from '../library/routes.ts';
import { playlistsRoutes } from '../playlists/routes.ts';
import { radioRoutes } from '../radio/routes.ts';
import { searchRoutes } from '../search/routes.ts';
import { streamingRoutes } from '../streaming/routes.ts';
import { catalogRoutes } from './routes.ts';

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
