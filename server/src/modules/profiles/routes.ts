import fastifyMultipart from '@fastify/multipart';
import { PROFILE_HEADER_IMAGE_MAX_BYTES } from '@backbeat/common';
import {
  getUserAlbums,
  getUserTracks,
  removeHeaderImage,
  updateProfile,
  uploadHeaderImage,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { uploadedFileBytes } from '../../http/uploaded-file.ts';
import { viewerOf } from '../catalog/cached-answer.ts';

/**
 * A user's profile page: the tracks and albums they uploaded, and the description, links and
 * header image they edit. Editing has no id in the path: a user only ever edits their own.
 */
export const profilesRoutes: RoutesPlugin = async (app) => {
  const { profiles } = app.services;

  await app.register(fastifyMultipart, {
    limits: { fileSize: PROFILE_HEADER_IMAGE_MAX_BYTES + 1, files: 1, fields: 5 },
  });

  /** The signed-in user's public profile, as the profile page shows it after an edit. */
  const myProfile = (userId: number) => profiles.publicUser(userId);

  registerEndpoint(app, getUserTracks, async (request) => ({
    pagination: await profiles.tracks(request.params.id, viewerOf(request), request.query),
  }));

  registerEndpoint(app, getUserAlbums, async (request) => ({
    pagination: await profiles.albums(request.params.id, viewerOf(request), request.query),
  }));

  registerEndpoint(app, updateProfile, async (request) => {
    await profiles.update(request.user!.id, request.body);
    return { user: await myProfile(request.user!.id) };
  });

  registerEndpoint(app, uploadHeaderImage, async (request) => {
    const bytes = await uploadedFileBytes(request, PROFILE_HEADER_IMAGE_MAX_BYTES);
    const profile = await profiles.setHeaderImage(request.user!.id, bytes);
    return { user: await myProfile(request.user!.id), image: profile.header_image };
  });

  registerEndpoint(app, removeHeaderImage, async (request) => {
    await profiles.removeHeaderImage(request.user!.id);
    return { user: await myProfile(request.user!.id) };
  });
};
