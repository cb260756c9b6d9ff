import { useQuery } from '@tanstack/react-query';
import type { RadioSeedType } from '@backbeat/common';
import {
  getAlbum,
  getArtist,
  getChannel,
  getPlaylist,
  getRadioStation,
  getTag,
  getTrack,
  getTrackLyrics,
} from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';

/** Query keys and fetchers of the catalog pages (DESIGN §5: they live with their feature). */
export const catalogKeys = {
  track: (id: number) => ['tracks', id] as const,
  lyrics: (id: number) => ['tracks', id, 'lyrics'] as const,
  album: (id: number) => ['albums', id] as const,
  artist: (id: number) => ['artists', id] as const,
  artistTracks: (id: number) => ['artists', id, 'tracks'] as const,
  channel: (slug: string, restriction?: string) => ['channel', slug, restriction ?? null] as const,
  tag: (name: string) => ['tags', name] as const,
  tagList: (name: string, kind: 'tracks' | 'albums') => ['tags', name, kind] as const,
  playlist: (id: number) => ['playlists', id] as const,
  radio: (type: RadioSeedType, id: number) => ['radio', type, id] as const,
};

export const useTrackQuery = (id: number | null | undefined) =>
  useQuery({
    queryKey: catalogKeys.track(id ?? 0),
    queryFn: ({ signal }) => api(getTrack, { id: id ?? 0 }, { signal }),
    enabled: !!id,
  });

export const useLyricsQuery = (id: number | null | undefined, enabled = true) =>
  useQuery({
    queryKey: catalogKeys.lyrics(id ?? 0),
    queryFn: ({ signal }) => api(getTrackLyrics, { id: id ?? 0 }, { signal }),
    enabled: !!id && enabled,
  });

export const useAlbumQuery = (id: number) =>
  useQuery({
    queryKey: catalogKeys.album(id),
    queryFn: ({ signal }) => api(getAlbum, { id }, { signal }),
  });

export const useArtistQuery = (id: number) =>
  useQuery({
    queryKey: catalogKeys.artist(id),
    queryFn: ({ signal }) => api(getArtist, { id }, { signal }),
  });

export const useChannelQuery = (slugOrId: string, restriction?: string) =>
  useQuery({
    queryKey: catalogKeys.channel(slugOrId, restriction),
    queryFn: ({ signal }) => api(getChannel, { slugOrId, restriction }, { signal }),
  });

export const useTagQuery = (name: string) =>
  useQuery({
    queryKey: catalogKeys.tag(name),
    queryFn: ({ signal }) => api(getTag, { name }, { signal }),
  });

export const usePlaylistQuery = (id: number) =>
  useQuery({
    queryKey: catalogKeys.playlist(id),
    queryFn: ({ signal }) => api(getPlaylist, { id }, { signal }),
  });

export const useRadioQuery = (type: RadioSeedType, id: number) =>
  useQuery({
    queryKey: catalogKeys.radio(type, id),
    queryFn: ({ signal }) => api(getRadioStation, { seedType: type, seedId: id }, { signal }),
    // A station is a fresh mix each time it is opened.
    staleTime: 0,
    gcTime: 0,
  });

export const fetchRadio = (type: RadioSeedType, id: number) =>
  api(getRadioStation, { seedType: type, seedId: id });
