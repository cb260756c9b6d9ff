import type {
  FollowableType,
  FollowedIds,
  PageQuery,
  Pagination,
  UserSummary,
} from '@backbeat/common';
import { notFound, validationFailed } from '../../lib/domain-errors.ts';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { FollowsRepository } from './follows-repository.ts';

export type FollowsService = ReturnType<typeof createFollowsService>;

const reference = (followerId: number, userId: number) => `user_follow:${followerId}:${userId}`;
const followingSelf = () => validationFailed({ id: ['You cannot follow yourself.'] });

/** Following users, artists and playlists; a newly followed user is notified (`user.followed`). */
export function createFollowsService(deps: {
  repository: FollowsRepository;
  /** A user's public name and image, or null when there is no such (visible) user. */
  userSummary: (id: number) => Promise<UserSummary | null>;
  artistExists: (id: number) => Promise<boolean>;
  /** Whether the follower may see this playlist (public, theirs or their workspace's). */
  playlistVisible: (id: number, followerId: number) => Promise<boolean>;
  notifications: Pick<NotificationsService, 'notify' | 'withdraw'>;
}) {
  const { repository } = deps;

  async function exists(type: FollowableType, id: number, followerId: number): Promise<boolean> {
    if (type === 'artists') return deps.artistExists(id);
    if (type === 'playlists') return deps.playlistVisible(id, followerId);
    return !!(await deps.userSummary(id));
  }

  const summaries = (page: PageQuery, rows: UserSummary[], total: number) =>
    paginate(
      rows.map((r) => ({ id: r.id, name: r.name, image: r.image })),
      page.page,
      page.perPage,
      total,
    );

  return {
    /** Who is told of an artist's new release. */
    artistFollowerIds: (artistId: number) => repository.artistFollowerIds(artistId),
    /** Refuses following oneself; what the follower cannot see is not found. */
    async follow(follower: UserSummary, type: FollowableType, id: number): Promise<void> {
      if (type === 'users' && id === follower.id) throw followingSelf();
      if (!(await exists(type, id, follower.id))) throw notFound();
      const created = await repository.follow(follower.id, type, id);
      if (created && type === 'users') {
        await deps.notifications.notify(
          id,
          'user.followed',
          { follower: { id: follower.id, name: follower.name, image: follower.image } },
          { reference: reference(follower.id, id) },
        );
      }
    },

    async unfollow(followerId: number, type: FollowableType, id: number): Promise<void> {
      if (type === 'users' && id === followerId) throw followingSelf();
      if (!(await exists(type, id, followerId))) throw notFound();
      if ((await repository.unfollow(followerId, type, id)) && type === 'users') {
        await deps.notifications.withdraw(reference(followerId, id));
      }
    },

    async followedIds(userId: number): Promise<FollowedIds> {
      const [users, artists, playlists] = await Promise.all([
        repository.followedIds(userId, 'users'),
        repository.followedIds(userId, 'artists'),
        repository.followedIds(userId, 'playlists'),
      ]);
      return { users, artists, playlists };
    },

    /** Not found when there is no such user. */
    async followers(userId: number, page: PageQuery): Promise<Pagination<UserSummary>> {
      if (!(await deps.userSummary(userId))) throw notFound();
      const { rows, total } = await repository.followers(
        userId,
        pageWindow(page.page, page.perPage),
      );
      return summaries(page, rows, total);
    },

    async following(userId: number, page: PageQuery): Promise<Pagination<UserSummary>> {
      if (!(await deps.userSummary(userId))) throw notFound();
      const { rows, total } = await repository.following(
        userId,
        pageWindow(page.page, page.perPage),
      );
      return summaries(page, rows, total);
    },

    counts: (userId: number) => repository.counts(userId),
  };
}
