import { playlistsResource } from '@backbeat/common/admin/content';
import { defineResource } from '../../resources/define-resource.ts';
import type { ResourceRow } from '../../resources/repository.ts';
import { createPlaylistsAdminRepository } from './admin-repository.ts';

/** Admin playlists (spec 2 §2): any user's playlists, renamed, hidden or deleted. */
export const playlistsAdminRoutes = defineResource(playlistsResource, {
  table: 'playlists',
  search: ['name'],
  timestamps: ['created_at', 'updated_at'],
  filters: {
    public: (value) => (eb) => eb('is_public', '=', value === 'yes' ? 1 : 0),
    owner: (ownerId) => (eb) => eb('owner_id', '=', ownerId),
  },
  hooks: (app) => {
    const repo = createPlaylistsAdminRepository(app.services.database.db);
    return {
      async present(rows: ResourceRow[]) {
        const ids = rows.map((row) => row.id);
        const [owners, counts] = await Promise.all([
          repo.ownerNames(rows.map((row) => Number(row.owner_id)).filter(Boolean)),
          repo.trackCounts(ids),
        ]);
        return rows.map((row) => ({
          ...row,
          is_public: row.is_public === 1,
          is_collaborative: row.is_collaborative === 1,
          owner: owners.get(Number(row.owner_id)) ?? null,
          tracks_count: counts.get(row.id) ?? 0,
        }));
      },
      toUpdate: (input) => ({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description ?? null } : {}),
        ...(input.is_public !== undefined ? { is_public: input.is_public ? 1 : 0 } : {}),
      }),
      delete: (ids) => app.services.playlists.deleteMany(ids),
      async impact(ids) {
        const followers = await repo.followerCount(ids);
        return followers
          ? [{ what: ':count follower loses it|:count followers lose them', count: followers }]
          : [];
      },
      afterChange: () => app.services.catalogResponses.clear(),
    };
  },
});
