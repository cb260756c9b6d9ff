import { useQuery } from '@tanstack/react-query';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';

export const roleKeys = {
  all: ['admin', 'roles', 'all'] as const,
};

/** Every role, for pickers and filters (a site has a handful). */
export const useAllRoles = () =>
  useQuery({
    queryKey: roleKeys.all,
    queryFn: async () =>
      (await api(endpoints.listAdminRoles, { perPage: 100, sort: 'name' })).pagination.data,
  });
