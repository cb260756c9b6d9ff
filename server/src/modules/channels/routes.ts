import { channelParamsSchema, channelQuerySchema } from '@backbeat/common';
import { notFound } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { sendCachedJson } from '../../lib/response-cache.ts';

export const channelsRoutes: RoutesPlugin = async (app) => {
  typed(app).get(
    '/api/v1/channel/:slugOrId',
    {
      schema: { params: channelParamsSchema, querystring: channelQuerySchema },
      config: { access: 'music.view' },
    },
    async (request, reply) => {
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
    },
  );
};
