import type { PageQuery, Pagination, Repost, RepostableType, RepostedIds } from '@backbeat/common';
import { notFound } from '../../lib/domain-errors.ts';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { RepostsRepository } from './reposts-repository.ts';

export type RepostsService = ReturnType<typeof createRepostsService>;

/** Reposting tracks and albums to one's profile. */
export function createRepostsService(deps: {
  repository: RepostsRepository;
  catalog: CatalogService;
  userExists: (id: number) => Promise<boolean>;
}) {
  const { repository, catalog } = deps;
  const isVisible = (type: RepostableType, id: number, userId: number) =>
    type === 'tracks'
      ? catalog.trackIsVisible(id, { userId })
      : catalog.albumIsVisible(id, { userId });

  return {
    /** Drops every repost of deleted items (backstage deletes tracks and albums). */
    forgetItems: (type: RepostableType, ids: readonly number[]) =>
      repository.forgetItems(type, ids),
    /** Not found when the item does not exist or the user may not see it. */
    async repost(userId: number, type: RepostableType, id: number, on: boolean): Promise<void> {
      if (!(await isVisible(type, id, userId))) throw notFound();
      if (on) await repository.repost(userId, type, id);
      else await repository.unrepost(userId, type, id);
    },

    async ids(userId: number): Promise<RepostedIds> {
      const [tracks, albums] = await Promise.all([
        repository.ids(userId, 'tracks'),
        repository.ids(userId, 'albums'),
      ]);
      return { tracks, albums };
    },

    /** Not found when there is no such user. */
    async ofUser(
      userId: number,
      viewerId: number | null,
      page: PageQuery,
    ): Promise<Pagination<Repost>> {
      if (!(await deps.userExists(userId))) throw notFound();
      const { rows, total } = await repository.ofUser(
        userId,
        viewerId ?? 0,
        pageWindow(page.page, page.perPage),
      );
      const trackIds = rows
        .filter((r) => r.repostable_type === 'tracks')
        .map((r) => r.repostable_id);
      const albumIds = rows
        .filter((r) => r.repostable_type === 'albums')
        .map((r) => r.repostable_id);
      const [tracks, albums] = await Promise.all([
        catalog.tracks(trackIds),
        catalog.albums(albumIds),
      ]);
      const trackById = new Map(tracks.map((t) => [t.id, t]));
      const albumById = new Map(albums.map((a) => [a.id, a]));
      const data = rows.flatMap((row): Repost[] => {
        if (row.repostable_type === 'tracks') {
          const track = trackById.get(row.repostable_id);
          return track ? [{ type: 'tracks', created_at: row.created_at, track }] : [];
        }
        const album = albumById.get(row.repostable_id);
        return album ? [{ type: 'albums', created_at: row.created_at, album }] : [];
      });
      return paginate(data, page.page, page.perPage, total);
    },
  };
}
