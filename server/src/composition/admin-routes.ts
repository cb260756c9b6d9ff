import type { RoutesPlugin } from '../http/types.ts';
import { backupsAdminRoutes } from '../modules/backups/admin-routes.ts';
import { catalogAdminRoutes } from '../modules/catalog/admin-routes.ts';
import {
  albumsAdminRoutes,
  artistsAdminRoutes,
  lyricsAdminRoutes,
  tracksAdminRoutes,
} from '../modules/catalog/music-admin.ts';
import { channelsAdminRoutes } from '../modules/channels/admin-routes.ts';
import { filesAdminRoutes } from '../modules/file-entries/admin-routes.ts';
import { libraryFoldersAdminRoutes } from '../modules/library-folders/routes.ts';
import { commentsAdminRoutes } from '../modules/library/comments-admin.ts';
import { operationsAdminRoutes } from '../modules/operations/admin-routes.ts';
import { mediaJobsAdminRoutes } from '../modules/media/admin-routes.ts';
import { playlistsAdminRoutes } from '../modules/playlists/admin-routes.ts';
import { rolesAdminRoutes } from '../modules/roles/admin-routes.ts';
import { usersAdminRoutes } from '../modules/users/admin-routes.ts';

/**
 * Every route of the admin area (spec 2 §2 admin routes): each needs admin.access and its own
 * permission (server/test/admin/route-table.test.ts walks them). Add a screen's routes here.
 */
export const adminAreaRoutes: RoutesPlugin = async (app) => {
  await app.register(catalogAdminRoutes);
  await app.register(usersAdminRoutes);
  await app.register(rolesAdminRoutes);
  await app.register(channelsAdminRoutes);
  await app.register(tracksAdminRoutes);
  await app.register(albumsAdminRoutes);
  await app.register(artistsAdminRoutes);
  await app.register(playlistsAdminRoutes);
  await app.register(lyricsAdminRoutes);
  await app.register(commentsAdminRoutes);
  await app.register(filesAdminRoutes);
  await app.register(mediaJobsAdminRoutes);
  await app.register(libraryFoldersAdminRoutes);
  await app.register(backupsAdminRoutes);
  await app.register(operationsAdminRoutes);
};
