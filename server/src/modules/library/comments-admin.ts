import { commentsResource } from '@backbeat/common/admin/content';
import { defineResource } from '../../resources/define-resource.ts';
import type { ResourceRow } from '../../resources/repository.ts';
import { createCommentsAdminRepository } from './comments-admin-repository.ts';

/**
 * Admin comments (spec 2 §2): moderation. Each row shows its context (track and position,
 * author, replies); deleting a comment takes its replies, and the confirmation says how many.
 */
export const commentsAdminRoutes = defineResource(commentsResource, {
  table: 'comments',
  search: ['body'],
  filters: {
    reply: (value) => (eb) => eb('parent_id', value === 'yes' ? 'is not' : 'is', null),
    track: (trackId) => (eb) => eb('track_id', '=', trackId),
    author: (userId) => (eb) => eb('user_id', '=', userId),
  },
  hooks: (app) => {
    const repo = createCommentsAdminRepository(app.services.database.db);
    return {
      async present(rows: ResourceRow[], mode) {
        const ids = rows.map((row) => row.id);
        const [authors, tracks, counts] = await Promise.all([
          repo.names(
            'users',
            rows.map((row) => Number(row.user_id)),
          ),
          repo.names(
            'tracks',
            rows.map((row) => Number(row.track_id)),
          ),
          repo.replyCounts(ids),
        ]);
        return Promise.all(
          rows.map(async (row) => ({
            ...row,
            author: authors.get(Number(row.user_id)) ?? null,
            track: tracks.get(Number(row.track_id)) ?? null,
            replies_count: counts.get(row.id) ?? 0,
            replies: mode === 'show' ? await repo.replies(row.id) : [],
          })),
        );
      },
      async impact(ids) {
        const counts = await repo.replyCounts(ids);
        const replies = [...counts.values()].reduce((sum, count) => sum + count, 0);
        return replies ? [{ what: ':count reply|:count replies', count: replies }] : [];
      },
      afterChange: () => app.services.catalogResponses.clear(),
    };
  },
});
