import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@backbeat/common/admin/people';
import { usersResource } from '@backbeat/common/admin/people';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { resourceKeys } from '../resources/queries.ts';

/** The user page's queries; the user row itself is the resource's (shared with the list). */
export const userKeys = {
  one: (id: number) => resourceKeys.one(usersResource, id),
  sessions: (id: number) => ['admin', 'users', id, 'sessions'] as const,
  tokens: (id: number) => ['admin', 'users', id, 'tokens'] as const,
};

export const useAdminUser = (id: number) =>
  useQuery({
    queryKey: userKeys.one(id),
    queryFn: async () => (await api(endpoints.getAdminUser, { id })).user as AdminUser,
  });

export const useUserSessions = (id: number) =>
  useQuery({
    queryKey: userKeys.sessions(id),
    queryFn: async () => (await api(endpoints.listAdminUserSessions, { id })).sessions,
  });

export const useUserTokens = (id: number) =>
  useQuery({
    queryKey: userKeys.tokens(id),
    queryFn: async () => (await api(endpoints.listAdminUserTokens, { id })).tokens,
  });

/** A change to the user; the row (and the lists it shows in) are refetched after. */
export function useUserAction<Input>(id: number, run: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: resourceKeys.all(usersResource) }),
        client.invalidateQueries({ queryKey: userKeys.sessions(id) }),
        client.invalidateQueries({ queryKey: userKeys.tokens(id) }),
      ]),
  });
}
