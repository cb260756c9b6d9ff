import {
  idParamsSchema,
  likeParamsSchema,
  pageQuerySchema,
  repostParamsSchema,
} from '@backbeat/common';
import { notFound } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { viewerOf } from '../catalog/cached-answer.ts';

/**
 * The signed-in listener's library. These answers are per user, so they never go through
 * the shared catalog cache; pages ask `library/likes/ids` for the liked state of what they show.
 */
export const libraryRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);
  const { library, reposts } = app.services;
  const auth = { access: 'auth' } as const;

  api.get('/api/v1/library/likes/ids', { config: auth }, async (request) => ({
    likes: await library.likedIds(request.user!.id),
  }));

  api.put(
    '/api/v1/library/likes/:type/:id',
    { schema: { params: likeParamsSchema }, config: auth },
    async (request) => {
      const { type, id } = request.params;
      if (!(await library.like(request.user!.id, type, id))) throw notFound();
      return { liked: true };
    },
  );

  api.delete(
    '/api/v1/library/likes/:type/:id',
    { schema: { params: likeParamsSchema }, config: auth },
    async (request) => {
      const { type, id } = request.params;
      if (!(await library.unlike(request.user!.id, type, id))) throw notFound();
      return { liked: false };
    },
  );

  api.get(
    '/api/v1/library/tracks',
    { schema: { querystring: pageQuerySchema }, config: auth },
    async (request) => ({ pagination: await library.likedTracks(request.user!.id, request.query) }),
  );

  api.get(
    '/api/v1/library/albums',
    { schema: { querystring: pageQuerySchema }, config: auth },
    async (request) => ({ pagination: await library.likedAlbums(request.user!.id, request.query) }),
  );

  api.get(
    '/api/v1/library/artists',
    { schema: { querystring: pageQuerySchema }, config: auth },
    async (request) => ({
      pagination: await library.libraryArtists(request.user!.id, request.query),
    }),
  );

  api.get(
    '/api/v1/library/history',
    { schema: { querystring: pageQuerySchema }, config: auth },
    async (request) => ({ pagination: await library.history(request.user!.id, request.query) }),
  );

  api.get('/api/v1/library/reposts/ids', { config: auth }, async (request) => ({
    reposts: await reposts.ids(request.user!.id),
  }));

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      method,
      url: '/api/v1/library/reposts/:type/:id',
      schema: { params: repostParamsSchema },
      config: auth,
      handler: async (request) => {
        const { type, id } = request.params;
        if (!(await reposts.repost(request.user!.id, type, id, on))) throw notFound();
        return { reposted: on };
      },
    });
  }

  api.get(
    '/api/v1/users/:id/reposts',
    {
      schema: { params: idParamsSchema, querystring: pageQuerySchema },
      config: { access: 'users.view' },
    },
    async (request) => {
      const pagination = await reposts.ofUser(
        request.params.id,
        viewerOf(request).userId,
        request.query,
      );
      if (!pagination) throw notFound();
      return { pagination };
    },
  );
};
