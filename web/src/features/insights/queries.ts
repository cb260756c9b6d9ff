import { useQuery } from '@tanstack/react-query';
import type { InsightsQuery, InsightsSubjectType } from '@backbeat/common';
import {
  getAdminDashboard,
  getAlbumInsights,
  getArtistInsights,
  getTrackInsights,
} from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/bootstrap.ts';

const contracts = {
  track: getTrackInsights,
  album: getAlbumInsights,
  artist: getArtistInsights,
} as const;

export const insightsKeys = {
  subject: (kind: InsightsSubjectType, id: number, query: InsightsQuery) =>
    ['insights', kind, id, query] as const,
  dashboard: (query: InsightsQuery) => ['insights', 'dashboard', query] as const,
};

/*
 * Both need a login: once logged out (the page is on its way to /login) they stop asking, so a
 * refetch answered 401 does not redirect over the logout's own navigation.
 */
export function useInsightsQuery(kind: InsightsSubjectType, id: number, query: InsightsQuery) {
  const user = useCurrentUser();
  return useQuery({
    enabled: user !== null,
    queryKey: insightsKeys.subject(kind, id, query),
    queryFn: async () => (await api(contracts[kind], { id, ...query })).insights,
    placeholderData: (previous) => previous,
  });
}

export function useDashboardQuery(query: InsightsQuery) {
  const user = useCurrentUser();
  return useQuery({
    enabled: user !== null,
    queryKey: insightsKeys.dashboard(query),
    queryFn: async () => (await api(getAdminDashboard, query)).dashboard,
    placeholderData: (previous) => previous,
  });
}
