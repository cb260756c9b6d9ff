import { hasPermission } from '@backbeat/common';
import { createComment, deleteComment, getTrackComments } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { forbidden, notFound, validationFailed } from '../../http/http-error.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { viewerOf } from '../catalog/cached-answer.ts';

/** Comments on tracks: per viewer and per setting, so never from the shared catalog cache. */
export const commentsRoutes: RoutesPlugin = async (app) => {
  const { comments } = app.services;

  registerEndpoint(app, getTrackComments, async (request) => {
    const answer = await comments.forTrack(request.params.id, viewerOf(request));
    if (!answer) throw notFound();
    return answer;
  });

  registerEndpoint(app, createComment, async (request) => {
    const user = request.user!;
    const result = await comments.create(
      request.params.id,
      { id: user.id, name: user.name, image: user.image ?? null },
      request.body,
    );
    if (result.ok) return { comment: result.comment };
    if (result.error === 'not_found') throw notFound();
    if (result.error === 'disabled') throw forbidden('Comments are turned off.');
    if (result.error === 'empty') throw validationFailed({ body: ['Write a comment.'] });
    throw validationFailed({ parent_id: ['That comment does not exist on this track.'] });
  });

  registerEndpoint(app, deleteComment, async (request) => {
    const user = request.user!;
    const isAdmin = hasPermission({ user, guestPermissions: [] }, 'admin');
    if (!(await comments.delete(request.params.id, { id: user.id, isAdmin }))) throw notFound();
    return { deleted: true as const };
  });
};
