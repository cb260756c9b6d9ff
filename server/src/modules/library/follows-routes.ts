import { followParamsSchema, idParamsSchema, pageQuerySchema } from '@backbeat/common';
import { notFound, validationFailed } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import type { FollowResult } from './follows-service.ts';

/** Following users and artists, and a user's followers and following lists. */
export const followsRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);
  const { follows } = app.services;
  const auth = { access: 'auth' } as const;

  const answer = (result: FollowResult, following: boolean) => {
    if (result === 'not_found') throw notFound();
    if (result === 'self') throw validationFailed({ id: ['You cannot follow yourself.'] });
    return { following };
  };

  api.get('/api/v1/library/follows/ids', { config: auth }, async (request) => ({
    follows: await follows.followedIds(request.user!.id),
  }));

  api.put(
    '/api/v1/library/follows/:type/:id',
    { schema: { params: followParamsSchema }, config: auth },
    async (request) => {
      const { type, id } = request.params;
      const user = request.user!;
      const follower = { id: user.id, name: user.name, image: user.image ?? null };
      return answer(await follows.follow(follower, type, id), true);
    },
  );

  api.delete(
    '/api/v1/library/follows/:type/:id',
    { schema: { params: followParamsSchema }, config: auth },
    async (request) => {
      const { type, id } = request.params;
      return answer(await follows.unfollow(request.user!.id, type, id), false);
    },
  );

  api.get(
    '/api/v1/users/:id/followers',
    {
      schema: { params: idParamsSchema, querystring: pageQuerySchema },
      config: { access: 'users.view' },
    },
    async (request) => {
      const pagination = await follows.followers(request.params.id, request.query);
      if (!pagination) throw notFound();
      return { pagination };
    },
  );

  api.get(
    '/api/v1/users/:id/following',
    {
      schema: { params: idParamsSchema, querystring: pageQuerySchema },
      config: { access: 'users.view' },
    },
    async (request) => {
      const pagination = await follows.following(request.params.id, request.query);
      if (!pagination) throw notFound();
      return { pagination };
    },
  );
};
