import fastifyMultipart from '@fastify/multipart';
import {
  PROFILE_HEADER_IMAGE_MAX_BYTES,
  idParamsSchema,
  pageQuerySchema,
  updateProfileSchema,
} from '@backbeat/common';
import { notFound } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { uploadedFileBytes } from '../../http/uploaded-file.ts';
import { viewerOf } from '../catalog/cached-answer.ts';

/**
 * A user's profile page: the tracks and albums they uploaded, and the description, links and
 * header image they edit. Editing has no id in the path: a user only ever edits their own.
 */
export const profilesRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);
  const { profiles } = app.services;
  const auth = { access: 'auth' } as const;

  await app.register(fastifyMultipart, {
    limits: { fileSize: PROFILE_HEADER_IMAGE_MAX_BYTES + 1, files: 1, fields: 5 },
  });

  /** The signed-in user's public profile, as the profile page shows it after an edit. */
  const myProfile = async (userId: number) => {
    const user = await profiles.publicUser(userId);
    if (!user) throw notFound();
    return user;
  };

  for (const list of ['tracks', 'albums'] as const) {
    api.get(
      `/api/v1/users/:id/${list}`,
      {
        schema: { params: idParamsSchema, querystring: pageQuerySchema },
        config: { access: 'users.view' },
      },
      async (request) => {
        const pagination = await profiles[list](
          request.params.id,
          viewerOf(request),
          request.query,
        );
        if (!pagination) throw notFound();
        return { pagination };
      },
    );
  }

  api.put(
    '/api/v1/users/me/profile',
    { schema: { body: updateProfileSchema }, config: auth },
    async (request) => {
      await profiles.update(request.user!.id, request.body);
      return { user: await myProfile(request.user!.id) };
    },
  );

  api.post('/api/v1/users/me/header-image', { config: auth }, async (request) => {
    const bytes = await uploadedFileBytes(request, PROFILE_HEADER_IMAGE_MAX_BYTES);
    const profile = await profiles.setHeaderImage(request.user!.id, bytes);
    return { user: await myProfile(request.user!.id), image: profile.header_image };
  });

  api.delete('/api/v1/users/me/header-image', { config: auth }, async (request) => {
    await profiles.removeHeaderImage(request.user!.id);
    return { user: await myProfile(request.user!.id) };
  });
};
