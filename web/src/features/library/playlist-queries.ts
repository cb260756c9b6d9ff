import { useQuery } from '@tanstack/react-query';
import type {
  CreatePlaylistInput,
  PlaylistDetails,
  UpdatePlaylistInput,
  UserSummary,
} from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { catalogKeys } from '../catalog/queries.ts';
import { playlistKeys } from './playlist-keys.ts';

/**
 * The signed-in listener's playlists: the active workspace's, others' collaborative ones they
 * were invited to edit, and the ones they follow (sidebar, library, "Add to playlist").
 */

export function useMyPlaylists() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: playlistKeys.mine,
    queryFn: ({ signal }) => api(endpoints.getLibraryPlaylists, {}, { signal }),
    enabled: !!user,
  });
}

async function refresh(id?: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: playlistKeys.mine }),
    id ? queryClient.invalidateQueries({ queryKey: catalogKeys.playlist(id) }) : null,
  ]);
}

export async function createPlaylist(input: CreatePlaylistInput): Promise<PlaylistDetails> {
  const { playlist } = await api(endpoints.createPlaylist, input);
  await refresh();
  return playlist;
}

export async function updatePlaylist(id: number, input: UpdatePlaylistInput) {
  const { playlist } = await api(endpoints.updatePlaylist, { id, ...input });
  await refresh(id);
  return playlist;
}

export async function deletePlaylist(id: number) {
  await api(endpoints.deletePlaylist, { id });
  queryClient.removeQueries({ queryKey: catalogKeys.playlist(id) });
  await refresh();
}

export async function addTracksToPlaylist(id: number, ids: number[]): Promise<number> {
  const { added } = await api(endpoints.addPlaylistTracks, { id, ids });
  await refresh(id);
  return added;
}

export async function removeTracksFromPlaylist(id: number, ids: number[]) {
  await api(endpoints.removePlaylistTracks, { id, ids });
  await refresh(id);
}

/**
 * Shows the new order at once and puts the old one back if the server refuses; the server's
 * answer (with changes other editors made meanwhile) follows either way. Callers show the error.
 */
export async function reorderPlaylist(id: number, ids: number[]) {
  const key = catalogKeys.playlist(id);
  // A fetch in flight must not overwrite the new order with the old one.
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<{ playlist: PlaylistDetails }>(key);
  if (previous) {
    const byId = new Map(previous.playlist.tracks.map((t) => [t.id, t]));
    const tracks = ids.flatMap((trackId) => {
      const track = byId.get(trackId);
      return track ? [track] : [];
    });
    queryClient.setQueryData(key, { ...previous, playlist: { ...previous.playlist, tracks } });
  }
  try {
    await api(endpoints.reorderPlaylistTracks, { id, ids });
  } catch (error) {
    if (previous) queryClient.setQueryData(key, previous);
    throw error;
  } finally {
    void refresh(id).catch(() => {});
  }
}

/** Uploads the playlist's image (multipart `file`); the server checks type and size. */
export async function uploadPlaylistImage(id: number, file: File): Promise<PlaylistDetails> {
  const body = new FormData();
  body.append('file', file);
  const { playlist } = await api(endpoints.uploadPlaylistImage, { id }, { body });
  await refresh(id);
  return playlist;
}

export async function removePlaylistImage(id: number): Promise<PlaylistDetails> {
  const { playlist } = await api(endpoints.removePlaylistImage, { id });
  await refresh(id);
  return playlist;
}

/** Invites a user (found through the user search) to edit a collaborative playlist. */
export async function inviteEditor(id: number, userId: number): Promise<UserSummary[]> {
  const { editors } = await api(endpoints.invitePlaylistEditor, { id, user_id: userId });
  await refresh(id);
  return editors;
}

/** The owner side removes an editor. */
export async function removeEditor(id: number, userId: number): Promise<void> {
  await api(endpoints.removePlaylistEditor, { id, userId });
  await refresh(id);
}

/** An editor leaves; a private playlist is then out of their sight, so it is forgotten. */
export async function leavePlaylist(id: number, userId: number): Promise<void> {
  await api(endpoints.removePlaylistEditor, { id, userId });
  queryClient.removeQueries({ queryKey: catalogKeys.playlist(id) });
  await refresh();
}
