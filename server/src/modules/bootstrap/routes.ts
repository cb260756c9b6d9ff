import {
  canPlayAudio,
  canPlayVideo,
  getBootstrapData,
  getSubscriptionPermissions,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { bootstrapFor } from './present.ts';
import { subscriptionPermissions } from './service.ts';

export const bootstrapRoutes: RoutesPlugin = async (app) => {
  registerEndpoint(app, getBootstrapData, async (request) => ({
    bootstrapData: await bootstrapFor(request),
  }));

  const permissionsOf = async (request: Parameters<typeof bootstrapFor>[0]) =>
    subscriptionPermissions(
      request.user,
      (await app.services.guestRole())?.permissions ?? [],
      await app.services.billing.planOf(request.user),
    );

  registerEndpoint(app, getSubscriptionPermissions, async (request) => ({
    permissions: await permissionsOf(request),
  }));
  registerEndpoint(app, canPlayAudio, async (request) => ({
    can_play: (await permissionsOf(request)).can_play_audio,
  }));
  registerEndpoint(app, canPlayVideo, async (request) => ({
    can_play: (await permissionsOf(request)).can_play_video,
  }));
};
