import { SEARCH_RATE_LIMIT } from '@backbeat/common';
import { search } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { rateLimitPerClient } from '../../http/rate-limit.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { cachedAnswer } from '../catalog/cached-answer.ts';

export const searchRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(
    app,
    search,
    async (request, reply) => {
      const { query, types, perPage } = request.query;
      const key = `search:${perPage}:${types.join(',')}:${query.toLowerCase()}`;
      return cachedAnswer(request, reply, key, async (viewer) => ({
        results: await app.services.search.search(query, types, perPage, viewer),
      }));
    },
    {
      config: {
        // A flood of uncached searches from one client must not slow everyone else down.
        rateLimit: rateLimitPerClient(
          'search',
          app.services.config.searchRateLimit,
          SEARCH_RATE_LIMIT.perMs,
        ),
      },
    },
  );
};
