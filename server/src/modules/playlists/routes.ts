import { idParamsSchema } from '@backbeat/common';
import { notFound } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { viewerOf } from '../catalog/cached-answer.ts';

export const playlistsRoutes: RoutesPlugin = async (app) => {
  typed(app).get(
    '/api/v1/playlists/:id',
    { schema: { params: idParamsSchema }, config: { access: 'music.view' } },
    async (request) => {
      const playlist = await app.services.playlists.playlist(request.params.id, viewerOf(request));
      if (!playlist) throw notFound();
      return { playlist };
    },
  );
};
