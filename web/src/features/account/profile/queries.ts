import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Album, Pagination, PublicUser, Track, UpdateProfileValues } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api, apiUpload } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

const UPLOADS_PAGE_SIZE = 30;

export const profileKeys = {
  user: (id: number) => ['users', id] as const,
  uploads: (id: number, kind: 'tracks' | 'albums') => ['users', id, kind] as const,
};

/** `GET users/{id}`: name, avatar, header image, description and links. */
export const useUserProfileQuery = (id: number) =>
  useQuery({
    queryKey: profileKeys.user(id),
    queryFn: async ({ signal }) => (await api(endpoints.getUser, { id }, { signal })).user,
    enabled: Number.isInteger(id) && id > 0,
  });

/** The tracks or albums a user uploaded, newest first, growing with "Load more". */
export function useProfileUploadsQuery<K extends 'tracks' | 'albums'>(userId: number, kind: K) {
  return useInfiniteQuery({
    queryKey: profileKeys.uploads(userId, kind),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (
        (await api(
          // Both lists take the same page query; only the items differ.
          (kind === 'tracks'
            ? endpoints.getUserTracks
            : endpoints.getUserAlbums) as typeof endpoints.getUserTracks,
          { id: userId, page: pageParam, perPage: UPLOADS_PAGE_SIZE },
          { signal },
        )) as { pagination: Pagination<K extends 'tracks' ? Track : Album> }
      ).pagination,
    getNextPageParam: (last) =>
      last.current_page < last.last_page ? last.current_page + 1 : undefined,
    placeholderData: keepPreviousData,
  });
}

/** Shows a saved profile at once, then refetches it in the background. */
export function rememberProfile(user: PublicUser): void {
  queryClient.setQueryData(profileKeys.user(user.id), (old: PublicUser | undefined) => ({
    ...old,
    ...user,
  }));
  void queryClient.invalidateQueries({ queryKey: profileKeys.user(user.id), exact: true });
}

const imageForm = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

export const profileApi = {
  update: async (input: UpdateProfileValues) => (await api(endpoints.updateProfile, input)).user,
  uploadHeaderImage: async (file: File, onProgress: (fraction: number) => void) =>
    (await apiUpload(endpoints.uploadHeaderImage, {}, imageForm(file), { onProgress })).user,
  removeHeaderImage: async () => (await api(endpoints.removeHeaderImage)).user,
  uploadAvatar: async (userId: number, file: File, onProgress: (fraction: number) => void) =>
    (await apiUpload(endpoints.uploadAvatar, { id: userId }, imageForm(file), { onProgress })).user,
  removeAvatar: async (userId: number) => (await api(endpoints.removeAvatar, { id: userId })).user,
};
