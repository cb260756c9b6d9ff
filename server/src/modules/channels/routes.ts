import { getChannel } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { notFound } from '../../http/http-error.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { sendCachedJson } from '../../lib/response-cache.ts';

export const channelsRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(app, getChannel, async (request, reply) => {
    const { slugOrId } = request.params;
    const { restriction } = request.query;
    // Channels show public music only, so everyone shares the answer.
    const answer = await app.services.catalogResponses.get(
      `channel:${slugOrId.toLowerCase()}:${restriction?.toLowerCase() ?? ''}`,
      async () => {
        const channel = await app.services.channels.channel(slugOrId, restriction);
        return channel ? { channel } : null;
      },
    );
    if (answer === null) throw notFound();
    return sendCachedJson(request, reply, answer);
  });
};
