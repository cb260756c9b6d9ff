import { hasPermission } from '@backbeat/common';
import { createComment, deleteComment, getTrackComments } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { viewerOf } from '../catalog/cached-answer.ts';

/** Comments on tracks: per viewer and per setting, so never from the shared catalog cache. */
export const commentsRoutes: RoutesPlugin = async (app) => {
  const { comments } = app.services;

  registerEndpoint(app, getTrackComments, async (request) =>
    comments.forTrack(request.params.id, viewerOf(request)),
  );

  registerEndpoint(app, createComment, async (request) => {
    const user = request.user!;
    const author = { id: user.id, name: user.name, image: user.image ?? null };
    return { comment: await comments.create(request.params.id, author, request.body) };
  });

  registerEndpoint(app, deleteComment, async (request) => {
    const user = request.user!;
    const isAdmin = hasPermission({ user, guestPermissions: [] }, 'admin');
    await comments.delete(request.params.id, { id: user.id, isAdmin });
    return { deleted: true as const };
  });
};
