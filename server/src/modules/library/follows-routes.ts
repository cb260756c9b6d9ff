import {
  follow,
  getFollowedIds,
  getUserFollowers,
  getUserFollowing,
  unfollow,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';

/** Following users and artists, and a user's followers and following lists. */
export const followsRoutes: RoutesPlugin = async (app) => {
  const { follows } = app.services;

  registerEndpoint(app, getFollowedIds, async (request) => ({
    follows: await follows.followedIds(request.user!.id),
  }));

  registerEndpoint(app, follow, async (request) => {
    const { type, id } = request.params;
    const user = request.user!;
    const follower = { id: user.id, name: user.name, image: user.image ?? null };
    await follows.follow(follower, type, id);
    return { following: true as const };
  });

  registerEndpoint(app, unfollow, async (request) => {
    const { type, id } = request.params;
    await follows.unfollow(request.user!.id, type, id);
    return { following: false as const };
  });

  registerEndpoint(app, getUserFollowers, async (request) => ({
    pagination: await follows.followers(request.params.id, request.query),
  }));

  registerEndpoint(app, getUserFollowing, async (request) => ({
    pagination: await follows.following(request.params.id, request.query),
  }));
};
