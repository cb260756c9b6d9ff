import { healthLive, healthReady } from '@backbeat/common/contracts';
import { isDatabaseReachable } from '../../db/database.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';

export const healthRoutes: RoutesPlugin = async (app) => {
  const options = { config: { session: false } };
  registerEndpoint(app, healthLive, () => ({ status: 'ok' as const }), options);
  registerEndpoint(
    app,
    healthReady,
    async (_request, reply) => {
      const database = await isDatabaseReachable(app.services.database.db);
      return reply
        .code(database ? 200 : 503)
        .send({ status: database ? 'ok' : 'unavailable', checks: { database } });
    },
    options,
  );
};
