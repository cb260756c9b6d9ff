import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { ResourceContracts, ResourceRow } from './types.ts';

/** The params of a list request, as they stand in the address bar. */
export type ListParams = Record<string, string | number>;

export interface ResourcePage<Row> {
  pagination: {
    data: Row[];
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    from: number | null;
    to: number | null;
  };
}

export const resourceKeys = {
  all: (resource: ResourceContracts) => ['admin', resource.name] as const,
  list: (resource: ResourceContracts, params: ListParams) =>
    ['admin', resource.name, 'list', params] as const,
  one: (resource: ResourceContracts, id: number) => ['admin', resource.name, 'one', id] as const,
};

// The contracts are typed per resource in common/; these screens are generic over them.
const call = api as (contract: unknown, input?: Record<string, unknown>) => Promise<unknown>;

export const useResourceList = <Row extends ResourceRow>(
  resource: ResourceContracts,
  params: ListParams,
  enabled = true,
) =>
  useQuery({
    queryKey: resourceKeys.list(resource, params),
    queryFn: () => call(resource.list, params) as Promise<ResourcePage<Row>>,
    placeholderData: keepPreviousData,
    enabled,
  });

export const useResourceRow = <Row extends ResourceRow>(
  resource: ResourceContracts,
  id: number | null,
) =>
  useQuery({
    queryKey: resourceKeys.one(resource, id ?? 0),
    queryFn: async () =>
      ((await call(resource.show, { id: id! })) as Record<string, Row>)[resource.item]!,
    enabled: id !== null,
  });

/** Create (no id) or update (an id); the lists and the row are refetched afterwards. */
export function useSaveResource<Row extends ResourceRow>(resource: ResourceContracts) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number | null; values: Record<string, unknown> }) => {
      const answer = (await (id === null
        ? call(resource.create, values)
        : call(resource.update, { ...values, id }))) as Record<string, Row>;
      return answer[resource.item]!;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys.all(resource) }),
  });
}

/** What else goes with these rows (asked before the confirmation opens). */
export const fetchDeleteImpact = async (resource: ResourceContracts, ids: number[]) =>
  ((await call(resource.impact, { id: ids })) as { impact: { what: string; count: number }[] })
    .impact;

export function useDeleteResources(resource: ResourceContracts) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      call(resource.deleteMany, { id: ids }) as Promise<{ deleted: number }>,
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys.all(resource) }),
  });
}
