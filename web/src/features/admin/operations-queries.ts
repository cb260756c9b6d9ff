import { useQuery } from '@tanstack/react-query';
import { getOperationsStatus } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';

/** The site's health (Admin > Site > Operations), read again every 15 s while it is open. */
export const useOperationsStatus = () =>
  useQuery({
    queryKey: ['admin', 'operations'],
    queryFn: () => api(getOperationsStatus, {}),
    refetchInterval: 15_000,
  });
