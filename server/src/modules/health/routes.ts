import { isDatabaseReachable } from '../../db/database.ts';
import type { RoutesPlugin } from '../../http/types.ts';

export const healthRoutes: RoutesPlugin = async (app) => {
  const config = { access: 'public' as const, session: false };
  app.get('/health/live', { config }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { config }, async (_request, reply) => {
    // A stopping instance leaves the balancer's pool at once, while it finishes its requests.
    if (app.lifecycle.draining) {
      return reply.code(503).send({ status: 'stopping' });
    }
    const database = await isDatabaseReachable(app.services.database.db);
    return reply
      .code(database ? 200 : 503)
      .send({ status: database ? 'ok' : 'unavailable', checks: { database } });
  });
};
