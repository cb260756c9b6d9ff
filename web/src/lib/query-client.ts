import { QueryClient } from '@tanstack/react-query';
import { QUERY_MAX_RETRIES, QUERY_NO_RETRY_STATUSES, QUERY_STALE_TIME_MS } from '@backbeat/common';
import { ApiError } from './api-error.ts';

/** Spec §8: at most 2 retries, never on 401, 403 or 404. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (
    error instanceof ApiError &&
    (QUERY_NO_RETRY_STATUSES as readonly number[]).includes(error.status)
  ) {
    return false;
  }
  return failureCount < QUERY_MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: QUERY_STALE_TIME_MS, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
