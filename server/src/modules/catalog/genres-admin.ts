import { genresResource } from '@backbeat/common/admin/taxonomy';
import { defineResource } from '../../resources/define-resource.ts';
import { createCatalogAdminRepository } from './admin-repository.ts';

/**
 * Admin genres (spec §2): the generic five routes on the `genres` table. The name is the
 * genre's address (`channel/genre/{name}`), so it is kept lowercase; a change clears the
 * catalog's cached answers, which carry genre names.
 */
export const genresAdminRoutes = defineResource(genresResource, {
  table: 'genres',
  search: ['name', 'display_name'],
  unique: ['name'],
  filters: {
    has_image: (value) => (eb) => eb('image', value === 'yes' ? 'is not' : 'is', null),
  },
  hooks: (app) => ({
    toInsert: (input) => ({
      name: input.name.toLowerCase(),
      display_name: input.display_name || input.name,
      image: input.image || null,
      popularity: 0,
    }),
    toUpdate: (input) => ({
      ...(input.name !== undefined ? { name: input.name.toLowerCase() } : {}),
      ...(input.display_name ? { display_name: input.display_name } : {}),
      ...(input.image !== undefined ? { image: input.image || null } : {}),
    }),
    async impact(ids) {
      const repo = createCatalogAdminRepository(app.services.database.db);
      const [tracks, albums, artists] = await Promise.all([
        repo.linkCount('track_genres', 'genre_id', ids),
        repo.linkCount('album_genres', 'genre_id', ids),
        repo.linkCount('artist_genres', 'genre_id', ids),
      ]);
      return [
        { what: ':count track loses the genre|:count tracks lose the genre', count: tracks },
        { what: ':count album loses the genre|:count albums lose the genre', count: albums },
        { what: ':count artist loses the genre|:count artists lose the genre', count: artists },
      ].filter((item) => item.count > 0);
    },
    afterChange: () => app.services.catalogResponses.clear(),
  }),
});
