import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  Album,
  Artist,
  HistoryEntry,
  LikeableType,
  LikedIds,
  Pagination,
  Track,
} from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { queryClient } from '../../lib/query-client.ts';
import { trans } from '../../lib/translator.ts';
import { toast } from '../../ui/toast/toast-store.ts';

/** Query keys of the personal library; per user, so kept apart from the shared catalog. */
export const libraryKeys = {
  all: ['library'] as const,
  likedIds: ['library', 'likes', 'ids'] as const,
  list: (kind: LibraryListKind) => ['library', 'list', kind] as const,
};

export type LibraryListKind = 'tracks' | 'albums' | 'artists' | 'history';
export interface LibraryItems {
  tracks: Track;
  albums: Album;
  artists: Artist;
  history: HistoryEntry;
}

export const LIBRARY_PAGE_SIZE = 50;
const NO_LIKES: LikedIds = { tracks: [], albums: [], artists: [] };

/** Everything the listener likes, as id lists; guests like nothing. */
export function useLikedIds() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: libraryKeys.likedIds,
    queryFn: async ({ signal }) => (await api(endpoints.getLikedIds, {}, { signal })).likes,
    enabled: !!user,
    select: (likes) => ({
      tracks: new Set(likes.tracks),
      albums: new Set(likes.albums),
      artists: new Set(likes.artists),
    }),
  });
}

export function useIsLiked(type: LikeableType, id: number): boolean {
  return useLikedIds().data?.[type].has(id) ?? false;
}

/** Likes or unlikes at once on screen, then tells the server; a failure puts it back. */
export function useToggleLike() {
  return useMutation({
    mutationFn: async ({ type, id, like }: { type: LikeableType; id: number; like: boolean }) =>
      api(like ? endpoints.like : endpoints.unlike, { type, id }),
    onMutate: async ({ type, id, like }) => {
      await queryClient.cancelQueries({ queryKey: libraryKeys.likedIds });
      const previous = queryClient.getQueryData<LikedIds>(libraryKeys.likedIds);
      const current = previous ?? NO_LIKES;
      const others = current[type].filter((other) => other !== id);
      queryClient.setQueryData<LikedIds>(libraryKeys.likedIds, {
        ...current,
        [type]: like ? [id, ...others] : others,
      });
      return { previous };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(libraryKeys.likedIds, context?.previous);
      toast.danger(trans('There was an issue. Please try again.'));
    },
    onSettled: (_data, _error, { type }) => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.likedIds });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.list(type) });
    },
  });
}

const LIBRARY_LISTS = {
  tracks: endpoints.getLikedTracks,
  albums: endpoints.getLikedAlbums,
  artists: endpoints.getLibraryArtists,
  history: endpoints.getHistory,
} as const;

/** One list of the library, a page at a time ("Load more"). */
export function useLibraryList<K extends LibraryListKind>(kind: K) {
  return useInfiniteQuery({
    queryKey: libraryKeys.list(kind),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (
        (await api(
          // Every list takes the same page query; only the items differ.
          LIBRARY_LISTS[kind] as typeof endpoints.getLikedTracks,
          { page: pageParam, perPage: LIBRARY_PAGE_SIZE },
          { signal },
        )) as { pagination: Pagination<LibraryItems[K]> }
      ).pagination,
    getNextPageParam: (last) =>
      last.current_page < last.last_page ? last.current_page + 1 : undefined,
    // Every play adds to the history, so it is read again each time it is opened.
    staleTime: kind === 'history' ? 0 : undefined,
  });
}
