import {
  createPlaylistSchema,
  idParamsSchema,
  invitePlaylistEditorSchema,
  isOverQuota,
  playlistEditorParamsSchema,
  playlistTracksSchema,
  reorderPlaylistSchema,
  updatePlaylistSchema,
  type LibraryPlaylists,
} from '@backbeat/common';
import { forbidden, notFound } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { baseUrlOf } from '../bootstrap/present.ts';
import { viewerOf } from '../catalog/cached-answer.ts';
import { workspaceScopeOf } from '../workspaces/scope.ts';
import { playlistImageRoutes } from './image-routes.ts';

/**
 * Playlists. Reads are per viewer (never the shared catalog cache: private, workspace and
 * collaborative playlists differ by user). Changes follow `PlaylistPolicy`: a playlist the
 * caller cannot see answers 404, never 403; its invited editors get 403 for what only the
 * owner side may do (settings, image, editors, deletion).
 */
export const playlistsRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);
  const { playlists } = app.services;
  const auth = { access: 'auth' } as const;

  api.get(
    '/api/v1/playlists/:id',
    { schema: { params: idParamsSchema }, config: { access: 'music.view' } },
    async (request) => {
      const playlist = await playlists.playlist(request.params.id, viewerOf(request));
      if (!playlist) throw notFound();
      const scope = request.user ? workspaceScopeOf(request) : null;
      return { playlist, abilities: await playlists.abilities(scope, request.params.id) };
    },
  );

  api.get(
    '/api/v1/users/:id/playlists',
    { schema: { params: idParamsSchema }, config: { access: 'users.view' } },
    async (request) => {
      if (!(await app.services.users.publicProfile(request.params.id))) throw notFound();
      return { playlists: await playlists.ofUser(request.params.id, viewerOf(request)) };
    },
  );

  /**
   * The active workspace's playlists, others' collaborative ones the listener was invited to
   * edit, and the playlists they follow; each playlist in one list only.
   */
  api.get('/api/v1/library/playlists', { config: auth }, async (request) => {
    const userId = request.user!.id;
    const { playlists: followedIds } = await app.services.follows.followedIds(userId);
    const [own, collaborating, followed] = await Promise.all([
      playlists.inScope(workspaceScopeOf(request)),
      playlists.collaborating(userId),
      playlists.many(followedIds, viewerOf(request)),
    ]);
    const seen = new Set(own.map((p) => p.id));
    const invited = collaborating.filter((p) => !seen.has(p.id));
    invited.forEach((p) => seen.add(p.id));
    return {
      playlists: own,
      collaborating: invited,
      followed: followed.filter((p) => !seen.has(p.id)),
    } satisfies LibraryPlaylists;
  });

  api.post(
    '/api/v1/playlists',
    { schema: { body: createPlaylistSchema }, config: { access: 'playlists.create' } },
    async (request, reply) => {
      const viewer = { user: request.user!, guestPermissions: [] };
      const owned = await playlists.countOwned(request.user!.id);
      if (isOverQuota(viewer, 'playlists.create', 'count', owned))
        throw forbidden('You have reached the maximum number of playlists.');
      const playlist = await playlists.create(workspaceScopeOf(request), request.body);
      return reply.code(201).send({ playlist });
    },
  );

  api.put(
    '/api/v1/playlists/:id',
    { schema: { params: idParamsSchema, body: updatePlaylistSchema }, config: auth },
    async (request) => ({
      playlist: await playlists.update(workspaceScopeOf(request), request.params.id, request.body),
    }),
  );

  api.delete(
    '/api/v1/playlists/:id',
    { schema: { params: idParamsSchema }, config: auth },
    async (request) => {
      await playlists.delete(workspaceScopeOf(request), request.params.id);
      return { deleted: true };
    },
  );

  api.post(
    '/api/v1/playlists/:id/tracks',
    { schema: { params: idParamsSchema, body: playlistTracksSchema }, config: auth },
    async (request) => {
      const added = await playlists.addTracks(
        workspaceScopeOf(request),
        request.params.id,
        request.body.ids,
      );
      if (added === null) throw notFound();
      return { added };
    },
  );

  api.delete(
    '/api/v1/playlists/:id/tracks',
    { schema: { params: idParamsSchema, body: playlistTracksSchema }, config: auth },
    async (request) => {
      const { id } = request.params;
      if (!(await playlists.removeTracks(workspaceScopeOf(request), id, request.body.ids)))
        throw notFound();
      return { removed: true };
    },
  );

  api.put(
    '/api/v1/playlists/:id/tracks/order',
    { schema: { params: idParamsSchema, body: reorderPlaylistSchema }, config: auth },
    async (request) => {
      const { id } = request.params;
      if (!(await playlists.reorder(workspaceScopeOf(request), id, request.body.ids)))
        throw notFound();
      return { reordered: true };
    },
  );

  /** Invites an existing user (by id, from the user search) to edit a collaborative playlist. */
  api.post(
    '/api/v1/playlists/:id/editors',
    { schema: { params: idParamsSchema, body: invitePlaylistEditorSchema }, config: auth },
    async (request) => {
      const { id, name, image } = request.user!;
      const editors = await playlists.inviteEditor(
        workspaceScopeOf(request),
        request.params.id,
        request.body.user_id,
        { id, name, image },
        baseUrlOf(request),
      );
      return { editors };
    },
  );

  /** The owner side removes an editor; an editor removes themselves to leave. */
  api.delete(
    '/api/v1/playlists/:id/editors/:userId',
    { schema: { params: playlistEditorParamsSchema }, config: auth },
    async (request) => {
      const { id, userId } = request.params;
      await playlists.removeEditor(workspaceScopeOf(request), id, userId);
      return { removed: true };
    },
  );

  await app.register(playlistImageRoutes);
};
