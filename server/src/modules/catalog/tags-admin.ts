import { tagsResource } from '@backbeat/common/admin/taxonomy';
import { defineResource } from '../../resources/define-resource.ts';

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
    afterChange: () => app.services.catalogResponses.clear(),
  }),
});
