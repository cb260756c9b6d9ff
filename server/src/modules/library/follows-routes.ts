import {
  follow,
  getFollowedIds,
  getUserFollowers,
  getUserFollowing,
  unfollow,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { notFound, validationFailed } from '../../http/http-error.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import type { FollowResult } from './follows-service.ts';

/** Following users and artists, and a user's followers and following lists. */
export const followsRoutes: RoutesPlugin = async (app) => {
  const { follows } = app.services;

  const answer = <Following extends boolean>(result: FollowResult, following: Following) => {
    if (result === 'not_found') throw notFound();
    if (result === 'self') throw validationFailed({ id: ['You cannot follow yourself.'] });
    return { following };
  };

  registerEndpoint(app, getFollowedIds, async (request) => ({
    follows: await follows.followedIds(request.user!.id),
  }));

  registerEndpoint(app, follow, async (request) => {
    const { type, id } = request.params;
    const user = request.user!;
    const follower = { id: user.id, name: user.name, image: user.image ?? null };
    return answer(await follows.follow(follower, type, id), true);
  });

  registerEndpoint(app, unfollow, async (request) => {
    const { type, id } = request.params;
    return answer(await follows.unfollow(request.user!.id, type, id), false);
  });

  registerEndpoint(app, getUserFollowers, async (request) => {
    const pagination = await follows.followers(request.params.id, request.query);
    if (!pagination) throw notFound();
    return { pagination };
  });

  registerEndpoint(app, getUserFollowing, async (request) => {
    const pagination = await follows.following(request.params.id, request.query);
    if (!pagination) throw notFound();
    return { pagination };
  });
};
