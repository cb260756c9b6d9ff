import { tagsResource } from '@backbeat/common/admin/taxonomy';
import { defineResource } from '../../resources/define-resource.ts';
import { createCatalogAdminRepository } from './admin-repository.ts';

/** Admin tags (spec §2, `tags.update`): the generic five routes on the `tags` table. */
export const tagsAdminRoutes = defineResource(tagsResource, {
  table: 'tags',
  search: ['name', 'display_name'],
  unique: ['name'],
  filters: {
    in_use: (value) => (eb) => {
      const used = eb.or([
        eb.exists(eb.selectFrom('track_tags').select('tag_id').whereRef('tag_id', '=', 'tags.id')),
        eb.exists(eb.selectFrom('album_tags').select('tag_id').whereRef('tag_id', '=', 'tags.id')),
      ]);
      return value === 'yes' ? used : eb.not(used);
    },
  },
  hooks: (app) => ({
    toInsert: (input) => ({
      name: input.name.toLowerCase(),
      display_name: input.display_name || input.name,
    }),
    toUpdate: (input) => ({
      ...(input.name !== undefined ? { name: input.name.toLowerCase() } : {}),
      ...(input.display_name ? { display_name: input.display_name } : {}),
    }),
    async impact(ids) {
      const repo = createCatalogAdminRepository(app.services.database.db);
      const [tracks, albums] = await Promise.all([
        repo.linkCount('track_tags', 'tag_id', ids),
        repo.linkCount('album_tags', 'tag_id', ids),
      ]);
      return [
        { what: ':count track loses the tag|:count tracks lose the tag', count: tracks },
        { what: ':count album loses the tag|:count albums lose the tag', count: albums },
      ].filter((item) => item.count > 0);
    },
    afterChange: () => app.services.catalogResponses.clear(),
  }),
});
