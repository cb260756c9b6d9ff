import { idParamsSchema, logPlaySchema, pageQuerySchema, tagParamsSchema } from '@backbeat/common';
import { notFound } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { paginate } from '../../lib/pagination.ts';
import { cachedAnswer, viewerOf } from './cached-answer.ts';

export { viewerOf };

const MORE_BY_ARTIST = 10;
const GENRE_LIST_LIMIT = 100;

export const catalogRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);
  const { catalog } = app.services;
  const view = { access: 'music.view' } as const;

  api.get(
    '/api/v1/tracks/:id',
    { schema: { params: idParamsSchema }, config: view },
    async (request, reply) =>
      cachedAnswer(request, reply, `track:${request.params.id}`, async (viewer) => {
        const track = await catalog.track(request.params.id, viewer);
        if (!track) return null;
        return {
          track,
          more_by_artist: await catalog.moreByArtists(track, viewer, MORE_BY_ARTIST),
        };
      }),
  );

  api.get(
    '/api/v1/tracks/:id/lyrics',
    { schema: { params: idParamsSchema }, config: view },
    async (request) => {
      const lyric = await catalog.lyric(request.params.id, viewerOf(request));
      if (!lyric) throw notFound('This track has no lyrics.');
      return { lyric };
    },
  );

  /** The player reports each play once it starts; stream requests are not counted. */
  api.post(
    '/api/v1/tracks/:id/plays',
    {
      schema: { params: idParamsSchema, body: logPlaySchema },
      config: { access: 'music.play' },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (!(await catalog.trackIsVisible(request.params.id, viewer))) throw notFound();
      await app.services.plays.log(request.params.id, {
        userId: viewer.userId,
        listener: request.session?.id ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        source: request.body.source,
      });
      return { logged: true };
    },
  );

  api.get(
    '/api/v1/albums/:id',
    { schema: { params: idParamsSchema }, config: view },
    async (request, reply) =>
      cachedAnswer(request, reply, `album:${request.params.id}`, async (viewer) => {
        const album = await catalog.album(request.params.id, viewer);
        return album ? { album } : null;
      }),
  );

  api.get(
    '/api/v1/artists/:id',
    { schema: { params: idParamsSchema }, config: view },
    async (request, reply) =>
      cachedAnswer(request, reply, `artist:${request.params.id}`, (viewer) =>
        catalog.artistPage(request.params.id, viewer),
      ),
  );

  api.get(
    '/api/v1/artists/:id/tracks',
    { schema: { params: idParamsSchema, querystring: pageQuerySchema }, config: view },
    async (request) => {
      if (!(await catalog.artistExists(request.params.id))) throw notFound();
      return {
        pagination: await catalog.artistTracks(request.params.id, viewerOf(request), request.query),
      };
    },
  );

  api.get(
    '/api/v1/artists/:id/albums',
    { schema: { params: idParamsSchema, querystring: pageQuerySchema }, config: view },
    async (request) => {
      if (!(await catalog.artistExists(request.params.id))) throw notFound();
      return {
        pagination: await catalog.artistAlbums(request.params.id, viewerOf(request), request.query),
      };
    },
  );

  api.get('/api/v1/genres', { config: view }, async () => {
    const genres = await catalog.genres(GENRE_LIST_LIMIT);
    return { pagination: paginate(genres, 1, GENRE_LIST_LIMIT, genres.length) };
  });

  api.get(
    '/api/v1/tags/:name',
    { schema: { params: tagParamsSchema }, config: view },
    async (request) => {
      const tag = await catalog.tag(request.params.name);
      if (!tag) throw notFound();
      return { tag };
    },
  );

  api.get(
    '/api/v1/tags/:name/tracks',
    { schema: { params: tagParamsSchema, querystring: pageQuerySchema }, config: view },
    async (request) => {
      const tag = await catalog.tag(request.params.name);
      if (!tag) throw notFound();
      return { pagination: await catalog.tagTracks(tag.id, viewerOf(request), request.query) };
    },
  );

  api.get(
    '/api/v1/tags/:name/albums',
    { schema: { params: tagParamsSchema, querystring: pageQuerySchema }, config: view },
    async (request) => {
      const tag = await catalog.tag(request.params.name);
      if (!tag) throw notFound();
      return { pagination: await catalog.tagAlbums(tag.id, viewerOf(request), request.query) };
    },
  );
};
