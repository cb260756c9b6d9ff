import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  Album,
  Pagination,
  PublicUser,
  Track,
  UpdateProfileValues,
  User,
} from '@backbeat/common';
import { http } from '../../lib/http.ts';
import { queryClient } from '../../lib/query-client.ts';

const UPLOADS_PAGE_SIZE = 30;

export const profileKeys = {
  user: (id: number) => ['users', id] as const,
  uploads: (id: number, kind: 'tracks' | 'albums') => ['users', id, kind] as const,
};

/** `GET users/{id}`: name, avatar, header image, description and links. */
export const useUserProfileQuery = (id: number) =>
  useQuery({
    queryKey: profileKeys.user(id),
    queryFn: async ({ signal }) =>
      (await http.get<{ user: PublicUser }>(`users/${id}`, { signal })).user,
    enabled: Number.isInteger(id) && id > 0,
  });

/** The tracks or albums a user uploaded, newest first, growing with "Load more". */
export function useProfileUploadsQuery<K extends 'tracks' | 'albums'>(userId: number, kind: K) {
  return useInfiniteQuery({
    queryKey: profileKeys.uploads(userId, kind),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (
        await http.get<{ pagination: Pagination<K extends 'tracks' ? Track : Album> }>(
          `users/${userId}/${kind}`,
          { params: { page: pageParam, perPage: UPLOADS_PAGE_SIZE }, signal },
        )
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
  update: async (input: UpdateProfileValues) =>
    (await http.put<{ user: PublicUser }>('users/me/profile', input)).user,
  uploadHeaderImage: async (file: File, onProgress: (fraction: number) => void) =>
    (
      await http.upload<{ user: PublicUser }>('users/me/header-image', imageForm(file), {
        onProgress,
      })
    ).user,
  removeHeaderImage: async () =>
    (await http.delete<{ user: PublicUser }>('users/me/header-image')).user,
  uploadAvatar: async (userId: number, file: File, onProgress: (fraction: number) => void) =>
    (await http.upload<{ user: User }>(`users/${userId}/avatar`, imageForm(file), { onProgress }))
      .user,
  removeAvatar: async (userId: number) =>
    (await http.delete<{ user: User }>(`users/${userId}/avatar`)).user,
};
