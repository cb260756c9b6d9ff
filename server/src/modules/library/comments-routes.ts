import { createCommentSchema, hasPermission, idParamsSchema } from '@backbeat/common';
import { forbidden, notFound, validationFailed } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { viewerOf } from '../catalog/cached-answer.ts';

/** Comments on tracks: per viewer and per setting, so never from the shared catalog cache. */
export const commentsRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);
  const { comments } = app.services;

  api.get(
    '/api/v1/tracks/:id/comments',
    { schema: { params: idParamsSchema }, config: { access: 'music.view' } },
    async (request) => {
      const answer = await comments.forTrack(request.params.id, viewerOf(request));
      if (!answer) throw notFound();
      return answer;
    },
  );

  api.post(
    '/api/v1/tracks/:id/comments',
    {
      schema: { params: idParamsSchema, body: createCommentSchema },
      config: { access: 'comments.create' },
    },
    async (request, reply) => {
      const user = request.user!;
      const result = await comments.create(
        request.params.id,
        { id: user.id, name: user.name, image: user.image ?? null },
        request.body,
      );
      if (result.ok) return reply.code(201).send({ comment: result.comment });
      if (result.error === 'not_found') throw notFound();
      if (result.error === 'disabled') throw forbidden('Comments are turned off.');
      if (result.error === 'empty') throw validationFailed({ body: ['Write a comment.'] });
      throw validationFailed({ parent_id: ['That comment does not exist on this track.'] });
    },
  );

  api.delete(
    '/api/v1/comments/:id',
    { schema: { params: idParamsSchema }, config: { access: 'auth' } },
    async (request) => {
      const user = request.user!;
      const isAdmin = hasPermission({ user, guestPermissions: [] }, 'admin');
      if (!(await comments.delete(request.params.id, { id: user.id, isAdmin }))) throw notFound();
      return { deleted: true };
    },
  );
};
