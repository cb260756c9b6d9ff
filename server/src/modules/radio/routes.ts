import { radioParamsSchema } from '@backbeat/common';
import { notFound } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { viewerOf } from '../catalog/cached-answer.ts';

export const radioRoutes: RoutesPlugin = async (app) => {
  typed(app).get(
    '/api/v1/radio/:seedType/:seedId',
    { schema: { params: radioParamsSchema }, config: { access: 'music.view' } },
    async (request) => {
      const { seedType, seedId } = request.params;
      const station = await app.services.radio.station(seedType, seedId, viewerOf(request));
      if (!station) throw notFound();
      return { station };
    },
  );
};
