import { updatePlay } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';

/** The player reports how long a play lasted, against the id `POST tracks/{id}/plays` gave. */
export const playsRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(app, updatePlay, async (request) => {
    await app.services.plays.reportListened(
      request.params.id,
      { listenedMs: request.body.listened_ms, completed: request.body.completed },
      { userId: request.user?.id ?? null, listener: request.session?.id ?? null },
    );
    return { updated: true as const };
  });
};
