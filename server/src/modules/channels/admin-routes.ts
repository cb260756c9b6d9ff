import { channelsResource, type ChannelItem } from '@backbeat/common/admin/content';
import { slugify } from '@backbeat/common';
import { validationFailed } from '../../lib/domain-errors.ts';
import { defineResource } from '../../resources/define-resource.ts';
import type { ResourceRow } from '../../resources/repository.ts';
import { createChannelsAdminRepository } from './admin-repository.ts';

/*
 * Admin channels (spec 2 §2 channels, new, {slugOrId}/edit): layout, content picked by hand or
 * computed by a query, nested channels, a genre restriction. A change shows on the home page
 * at once (the channel and catalog caches are forgotten).
 */
export const channelsAdminRoutes = defineResource(channelsResource, {
  table: 'channels',
  search: ['name', 'slug'],
  unique: ['slug'],
  timestamps: ['created_at', 'updated_at'],
  filters: {
    content_type: (value) => (eb) => eb('content_type', '=', value),
    mode: (value) => (eb) => eb('content_source', value === 'manual' ? '=' : '<>', 'manual'),
  },
  hooks: (app) => {
    const repo = createChannelsAdminRepository(app.services.database.db);
    const type = (row: ResourceRow) => String(row.content_type);
    return {
      async present(rows: ResourceRow[], mode) {
        return Promise.all(
          rows.map(async (row) => ({
            ...row,
            hide_title: row.hide_title === 1,
            items: mode === 'show' ? await repo.items(row.id) : [],
          })),
        );
      },
      async validate(id, input) {
        const items = (input as { items?: ChannelItem[] }).items ?? [];
        if (id !== null && items.some((item) => item.type === 'channel' && item.id === id))
          throw validationFailed({ items: ['A channel cannot contain itself.'] });
        if ((await repo.missing(items)).length)
          throw validationFailed({ items: ['One of the picked items no longer exists.'] });
      },
      toInsert: (input) => ({
        name: input.name,
        slug: input.slug || slugify(input.name) || `channel-${Date.now()}`,
        description: input.description ?? null,
        layout: input.layout,
        content_type: input.content_type,
        content_source: input.content_source,
        content_limit: input.content_limit,
        restriction: input.restriction ?? null,
        hide_title: input.hide_title ? 1 : 0,
      }),
      toUpdate: (input, existing) => {
        const { items: _items, hide_title, slug, ...rest } = input;
        const changes: Record<string, unknown> = Object.fromEntries(
          Object.entries(rest).filter(([, value]) => value !== undefined),
        );
        if (slug) changes.slug = slug;
        if (hide_title !== undefined) changes.hide_title = hide_title ? 1 : 0;
        // A type whose sources differ from the row's needs its source given too.
        if (input.content_type && input.content_type !== type(existing) && !input.content_source)
          throw validationFailed({ content_source: ['Choose where the content comes from.'] });
        return changes;
      },
      async afterSave(id, input) {
        const items = (input as { items?: ChannelItem[] }).items;
        if (items) await repo.replaceItems(id, items);
      },
      async delete(ids) {
        await repo.removeFromParents(ids);
        return repo.deleteChannels(ids);
      },
      async impact(ids) {
        const parents = await repo.parentCount(ids);
        return parents
          ? [
              {
                what: 'It leaves :count channel that shows it|It leaves :count channels that show it',
                count: parents,
              },
            ]
          : [];
      },
      afterChange: () => {
        app.services.channels.clearCache();
        app.services.catalogResponses.clear();
      },
    };
  },
});
