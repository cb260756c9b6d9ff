import { genresResource } from '@backbeat/common/admin/taxonomy';
import { defineResource } from '../../resources/define-resource.ts';

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
    afterChange: () => app.services.catalogResponses.clear(),
  }),
});
