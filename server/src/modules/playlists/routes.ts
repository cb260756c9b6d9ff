import {
  createPlaylistSchema,
  idParamsSchema,
  isOverQuota,
  playlistTracksSchema,
  reorderPlaylistSchema,
  updatePlaylistSchema,
} from '@backbeat/common';
import { forbidden, notFound } from '../../http/http-error.ts';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { viewerOf } from '../catalog/cached-answer.ts';
import { workspaceScopeOf } from '../workspaces/scope.ts';

/**
 * Playlists. Reads are per viewer (never the shared catalog cache: private and workspace
 * playlists differ by user). Changes need the playlist to be changeable in the active
 * workspace; anything else answers 404, never 403.
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
      return {
        playlist,
        abilities: { update: await playlists.canEdit(scope, request.params.id) },
      };
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

  /** The active workspace's playlists, and the playlists the listener follows. */
  api.get('/api/v1/library/playlists', { config: auth }, async (request) => {
    const { playlists: followedIds } = await app.services.follows.followedIds(request.user!.id);
    const [own, followed] = await Promise.all([
      playlists.inScope(workspaceScopeOf(request)),
      playlists.many(followedIds, viewerOf(request)),
    ]);
    const ownIds = new Set(own.map((p) => p.id));
    return { playlists: own, followed: followed.filter((p) => !ownIds.has(p.id)) };
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
    async (request) => {
      const playlist = await playlists.update(
        workspaceScopeOf(request),
        request.params.id,
        request.body,
      );
      if (!playlist) throw notFound();
      return { playlist };
    },
  );

  api.delete(
    '/api/v1/playlists/:id',
    { schema: { params: idParamsSchema }, config: auth },
    async (request) => {
      if (!(await playlists.delete(workspaceScopeOf(request), request.params.id))) throw notFound();
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
};
