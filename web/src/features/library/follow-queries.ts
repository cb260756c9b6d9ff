import { useMutation, useQuery } from '@tanstack/react-query';
import type { FollowableType, FollowedIds } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { queryClient } from '../../lib/query-client.ts';
import { trans } from '../../lib/translator.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { playlistKeys } from './playlist-keys.ts';
import { libraryKeys } from './queries.ts';

export const followKeys = {
  ids: ['library', 'follows', 'ids'] as const,
  people: (userId: number, list: 'followers' | 'following') => ['users', userId, list] as const,
};

const NO_FOLLOWS: FollowedIds = { users: [], artists: [], playlists: [] };

export function useIsFollowing(type: FollowableType, id: number): boolean {
  const user = useCurrentUser();
  const query = useQuery({
    queryKey: followKeys.ids,
    queryFn: async ({ signal }) => (await api(endpoints.getFollowedIds, {}, { signal })).follows,
    enabled: !!user,
  });
  return query.data?.[type].includes(id) ?? false;
}

/** Follows or unfollows at once on screen; a failure puts it back. */
export function useToggleFollow() {
  return useMutation({
    mutationFn: ({ type, id, follow }: { type: FollowableType; id: number; follow: boolean }) =>
      api(follow ? endpoints.follow : endpoints.unfollow, { type, id }),
    onMutate: async ({ type, id, follow }) => {
      await queryClient.cancelQueries({ queryKey: followKeys.ids });
      const previous = queryClient.getQueryData<FollowedIds>(followKeys.ids);
      const current = previous ?? NO_FOLLOWS;
      const others = current[type].filter((other) => other !== id);
      queryClient.setQueryData<FollowedIds>(followKeys.ids, {
        ...current,
        [type]: follow ? [id, ...others] : others,
      });
      return { previous };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(followKeys.ids, context?.previous);
      toast.danger(trans('There was an issue. Please try again.'));
    },
    onSettled: (_data, _error, { type, id }) => {
      void queryClient.invalidateQueries({ queryKey: followKeys.ids });
      if (type === 'artists')
        void queryClient.invalidateQueries({ queryKey: libraryKeys.list('artists') });
      else if (type === 'playlists')
        void queryClient.invalidateQueries({ queryKey: playlistKeys.mine });
      else void queryClient.invalidateQueries({ queryKey: ['users', id] });
    },
  });
}
