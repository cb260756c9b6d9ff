import { useQuery } from '@tanstack/react-query';
import type {
  CreatePlaylistInput,
  Playlist,
  PlaylistDetails,
  UpdatePlaylistInput,
} from '@backbeat/common';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { http } from '../../lib/http.ts';
import { queryClient } from '../../lib/query-client.ts';
import { catalogKeys } from '../catalog/queries.ts';

/**
 * The active workspace's playlists of the signed-in listener (`select: 'own'`, for adding
 * tracks) or those and the playlists they follow (sidebar, library).
 */
export const playlistKeys = {
  mine: ['library', 'playlists'] as const,
};

export function useMyPlaylists() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: playlistKeys.mine,
    queryFn: ({ signal }) =>
      http.get<{ playlists: Playlist[]; followed: Playlist[] }>('library/playlists', { signal }),
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
  const { playlist } = await http.post<{ playlist: PlaylistDetails }>('playlists', input);
  await refresh();
  return playlist;
}

export async function updatePlaylist(id: number, input: UpdatePlaylistInput) {
  const { playlist } = await http.put<{ playlist: PlaylistDetails }>(`playlists/${id}`, input);
  await refresh(id);
  return playlist;
}

export async function deletePlaylist(id: number) {
  await http.delete(`playlists/${id}`);
  queryClient.removeQueries({ queryKey: catalogKeys.playlist(id) });
  await refresh();
}

export async function addTracksToPlaylist(id: number, ids: number[]): Promise<number> {
  const { added } = await http.post<{ added: number }>(`playlists/${id}/tracks`, { ids });
  await refresh(id);
  return added;
}

export async function removeTracksFromPlaylist(id: number, ids: number[]) {
  await http.delete(`playlists/${id}/tracks`, { body: { ids } });
  await refresh(id);
}

/** Shows the new order at once; the server's answer (with others' changes) follows. */
export async function reorderPlaylist(id: number, ids: number[]) {
  queryClient.setQueryData<{ playlist: PlaylistDetails }>(catalogKeys.playlist(id), (old) => {
    if (!old) return old;
    const byId = new Map(old.playlist.tracks.map((t) => [t.id, t]));
    const tracks = ids.flatMap((trackId) => {
      const track = byId.get(trackId);
      return track ? [track] : [];
    });
    return { ...old, playlist: { ...old.playlist, tracks } };
  });
  try {
    await http.put(`playlists/${id}/tracks/order`, { ids });
  } finally {
    await refresh(id);
  }
}
