import fastifyMultipart from '@fastify/multipart';
import { PLAYLIST_IMAGE_MAX_BYTES } from '@backbeat/common';
import { removePlaylistImage, uploadPlaylistImage } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { uploadedFileBytes } from '../../lib/image-upload.ts';
import { workspaceScopeOf } from '../workspaces/scope.ts';

/**
 * A playlist's image: one multipart `file` (PNG, JPEG, GIF or WebP by content, at most
 * PLAYLIST_IMAGE_MAX_BYTES), stored under a new random name in public storage. Its own plugin
 * so only these routes accept multipart bodies.
 */
export const playlistImageRoutes: RoutesPlugin = async (app) => {
  const { playlists } = app.services;
  await app.register(fastifyMultipart, {
    limits: { fileSize: PLAYLIST_IMAGE_MAX_BYTES + 1, files: 1, fields: 5 },
  });

  registerEndpoint(app, uploadPlaylistImage, async (request) => {
    const bytes = await uploadedFileBytes(request, PLAYLIST_IMAGE_MAX_BYTES);
    return {
      playlist: await playlists.setImage(workspaceScopeOf(request), request.params.id, bytes),
    };
  });

  registerEndpoint(app, removePlaylistImage, async (request) => ({
    playlist: await playlists.removeImage(workspaceScopeOf(request), request.params.id),
  }));
};
