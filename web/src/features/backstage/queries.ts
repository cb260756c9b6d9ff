import { useMutation, useQuery } from '@tanstack/react-query';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

/** Query keys and fetchers of backstage (DESIGN §5: they live with their feature). */
export const backstageKeys = {
  all: ['backstage'] as const,
  tracks: (status?: string) => ['backstage', 'tracks', status ?? 'all'] as const,
  albums: (status?: string) => ['backstage', 'albums', status ?? 'all'] as const,
  track: (id: number) => ['backstage', 'track', id] as const,
  album: (id: number) => ['backstage', 'album', id] as const,
  artists: ['backstage', 'artists'] as const,
  artist: (id: number) => ['backstage', 'artist', id] as const,
  artistOptions: (query: string) => ['backstage', 'artist-options', query] as const,
  request: (id: number) => ['backstage', 'request', id] as const,
};

/** After a change, every backstage list and editor reloads (they are small). */
export const refreshBackstage = () =>
  queryClient.invalidateQueries({ queryKey: backstageKeys.all });

export const useMyTracks = (status?: 'draft' | 'published') =>
  useQuery({
    queryKey: backstageKeys.tracks(status),
    queryFn: () => api(endpoints.listMyTracks, { perPage: 100, ...(status ? { status } : {}) }),
  });

export const useMyAlbums = () =>
  useQuery({
    queryKey: backstageKeys.albums(),
    queryFn: () => api(endpoints.listMyAlbums, { perPage: 100 }),
  });

export const useMyArtists = () =>
  useQuery({
    queryKey: backstageKeys.artists,
    queryFn: async () => (await api(endpoints.listMyArtists)).artists,
  });

export const useBackstageTrack = (id: number | null) =>
  useQuery({
    queryKey: backstageKeys.track(id ?? 0),
    queryFn: async () => (await api(endpoints.getBackstageTrack, { id: id! })).track,
    enabled: id !== null,
  });

export const useBackstageAlbum = (id: number | null) =>
  useQuery({
    queryKey: backstageKeys.album(id ?? 0),
    queryFn: async () => (await api(endpoints.getBackstageAlbum, { id: id! })).album,
    enabled: id !== null,
  });

export const useBackstageArtist = (id: number) =>
  useQuery({
    queryKey: backstageKeys.artist(id),
    queryFn: async () => (await api(endpoints.getBackstageArtist, { id })).artist,
  });

export const useArtistOptions = (query: string) =>
  useQuery({
    queryKey: backstageKeys.artistOptions(query),
    queryFn: async () => (await api(endpoints.listArtistOptions, { query })).artists,
    staleTime: 30_000,
  });

export const useBackstageRequest = (id: number) =>
  useQuery({
    queryKey: backstageKeys.request(id),
    queryFn: async () => (await api(endpoints.getBackstageRequest, { id })).request,
  });

export function usePublishTrack() {
  return useMutation({
    mutationFn: (id: number) => api(endpoints.publishBackstageTrack, { id }),
    onSuccess: refreshBackstage,
  });
}

export function usePublishAlbum() {
  return useMutation({
    mutationFn: (id: number) => api(endpoints.publishBackstageAlbum, { id }),
    onSuccess: refreshBackstage,
  });
}
