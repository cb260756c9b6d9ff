import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchType } from '@backbeat/common';
import { search } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { shouldRetry } from '../../lib/query-client.ts';

export const searchKeys = {
  results: (query: string, types: string, perPage: number) =>
    ['search', query, types, perPage] as const,
};

/** The server answered 429: this listener searched faster than the limit allows. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

export function useSearchQuery(query: string, types: SearchType[] | null, perPage: number) {
  const trimmed = query.trim();
  const typeList = types?.join(',') ?? '';
  return useQuery({
    queryKey: searchKeys.results(trimmed, typeList, perPage),
    queryFn: ({ signal }) =>
      api(search, { query: trimmed, types: typeList || undefined, perPage }, { signal }),
    enabled: trimmed.length > 0,
    // Retrying a 429 at once would only be refused again.
    retry: (failures, error) => !isRateLimited(error) && shouldRetry(failures, error),
    placeholderData: keepPreviousData,
  });
}
