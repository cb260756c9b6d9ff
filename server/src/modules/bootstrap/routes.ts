import type { RoutesPlugin } from '../../http/types.ts';
import { bootstrapFor } from './present.ts';
import { subscriptionPermissions } from './service.ts';

export const bootstrapRoutes: RoutesPlugin = async (app) => {
  app.get('/api/v1/bootstrap-data', { config: { access: 'public' } }, async (request) => ({
    bootstrapData: await bootstrapFor(request),
  }));

  const permissionsOf = async (request: Parameters<typeof bootstrapFor>[0]) =>
    subscriptionPermissions(request.user, (await app.services.guestRole())?.permissions ?? []);

  app.get(
    '/api/v1/subscription/permissions',
    { config: { access: 'public' } },
    async (request) => ({
      permissions: await permissionsOf(request),
    }),
  );
  app.get(
    '/api/v1/subscription/can-play-audio',
    { config: { access: 'public' } },
    async (request) => ({
      can_play: (await permissionsOf(request)).can_play_audio,
    }),
  );
  app.get(
    '/api/v1/subscription/can-play-video',
    { config: { access: 'public' } },
    async (request) => ({
      can_play: (await permissionsOf(request)).can_play_video,
    }),
  );
};
