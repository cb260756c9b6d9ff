import type { LibraryPlaylists } from '@backbeat/common';
import {
  addPlaylistTracks,
  createPlaylist,
  deletePlaylist,
  getLibraryPlaylists,
  getPlaylist,
  getUserPlaylists,
  invitePlaylistEditor,
  removePlaylistEditor,
  removePlaylistTracks,
  reorderPlaylistTracks,
  updatePlaylist,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
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
  const { playlists } = app.services;

  registerEndpoint(app, getPlaylist, async (request) => {
    const playlist = await playlists.getPlaylist(request.params.id, viewerOf(request));
    const scope = request.user ? workspaceScopeOf(request) : null;
    return { playlist, abilities: await playlists.abilities(scope, request.params.id) };
  });

  registerEndpoint(app, getUserPlaylists, async (request) => {
    return { playlists: await playlists.ofUser(request.params.id, viewerOf(request)) };
  });

  /**
   * The active workspace's playlists, others' collaborative ones the listener was invited to
   * edit, and the playlists they follow; each playlist in one list only.
   */
  registerEndpoint(app, getLibraryPlaylists, async (request) => {
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

  registerEndpoint(app, createPlaylist, async (request) => ({
    playlist: await playlists.create(workspaceScopeOf(request), request.body, request.user!),
  }));

  registerEndpoint(app, updatePlaylist, async (request) => ({
    playlist: await playlists.update(workspaceScopeOf(request), request.params.id, request.body),
  }));

  registerEndpoint(app, deletePlaylist, async (request) => {
    await playlists.delete(workspaceScopeOf(request), request.params.id);
    return { deleted: true as const };
  });

  registerEndpoint(app, addPlaylistTracks, async (request) => {
    const added = await playlists.addTracks(
      workspaceScopeOf(request),
      request.params.id,
      request.body.ids,
    );
    return { added };
  });

  registerEndpoint(app, removePlaylistTracks, async (request) => {
    const { id } = request.params;
    await playlists.removeTracks(workspaceScopeOf(request), id, request.body.ids);
    return { removed: true as const };
  });

  registerEndpoint(app, reorderPlaylistTracks, async (request) => {
    const { id } = request.params;
    await playlists.reorder(workspaceScopeOf(request), id, request.body.ids);
    return { reordered: true as const };
  });

  /** Invites an existing user (by id, from the user search) to edit a collaborative playlist. */
  registerEndpoint(app, invitePlaylistEditor, async (request) => {
    const { id, name, image } = request.user!;
    const editors = await playlists.inviteEditor(
      workspaceScopeOf(request),
      request.params.id,
      request.body.user_id,
      { id, name, image },
    );
    return { editors };
  });

  /** The owner side removes an editor; an editor removes themselves to leave. */
  registerEndpoint(app, removePlaylistEditor, async (request) => {
    const { id, userId } = request.params;
    await playlists.removeEditor(workspaceScopeOf(request), id, userId);
    return { removed: true as const };
  });

  await app.register(playlistImageRoutes);
};
