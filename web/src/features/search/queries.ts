import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchType } from '@backbeat/common';
import { search } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';

export const searchKeys = {
  results: (query: string, types: string, perPage: number) =>
    ['search', query, types, perPage] as const,
};

export function useSearchQuery(query: string, types: SearchType[] | null, perPage: number) {
  const trimmed = query.trim();
  const typeList = types?.join(',') ?? '';
  return useQuery({
    queryKey: searchKeys.results(trimmed, typeList, perPage),
    queryFn: ({ signal }) =>
      api(search, { query: trimmed, types: typeList || undefined, perPage }, { signal }),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}
