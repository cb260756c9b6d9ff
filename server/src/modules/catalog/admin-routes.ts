import type { RoutesPlugin } from '../../http/types.ts';
import { genresAdminRoutes } from './genres-admin.ts';
import { tagsAdminRoutes } from './tags-admin.ts';

/** The catalog's admin screens (spec §2 admin routes): genres and tags. */
export const catalogAdminRoutes: RoutesPlugin = async (app) => {
  await app.register(genresAdminRoutes);
  await app.register(tagsAdminRoutes);
};
