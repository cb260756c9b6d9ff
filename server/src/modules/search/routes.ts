import { SEARCH_RATE_LIMIT, searchQuerySchema } from '@backbeat/common';
import { rateLimitPerClient } from '../../http/rate-limit.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { cachedAnswer } from '../catalog/cached-answer.ts';

export const searchRoutes: RoutesPlugin = async (app) => {
  typed(app).get(
    '/api/v1/search',
    {
      schema: { querystring: searchQuerySchema },
      config: {
        access: 'music.view',
        // A flood of uncached searches from one client must not slow everyone else down.
        rateLimit: rateLimitPerClient(
          'search',
          app.services.config.searchRateLimit,
          SEARCH_RATE_LIMIT.perMs,
        ),
      },
    },
    async (request, reply) => {
      const { query, types, perPage } = request.query;
      const key = `search:${perPage}:${types.join(',')}:${query.toLowerCase()}`;
      return cachedAnswer(request, reply, key, async (viewer) => ({
        results: await app.services.search.search(query, types, perPage, viewer),
      }));
    },
  );
};
