import { getRadioStation } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { viewerOf } from '../catalog/cached-answer.ts';

export const radioRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(app, getRadioStation, async (request) => {
    const { seedType, seedId } = request.params;
    return { station: await app.services.radio.station(seedType, seedId, viewerOf(request)) };
  });
};
