import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listFailedMediaJobs, retryMediaJob } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';

const FAILED_KEY = ['admin', 'media-jobs', 'failed'] as const;

/** One page of the audio files whose processing failed (Admin > Files > Media jobs). */
export const useFailedMediaJobs = (page: number) =>
  useQuery({
    queryKey: [...FAILED_KEY, page],
    queryFn: () => api(listFailedMediaJobs, { page, perPage: 25 }),
    placeholderData: keepPreviousData,
  });

/** Queues a failed file's processing again; the list is read again after. */
export function useRetryMediaJob(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(retryMediaJob, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: FAILED_KEY }),
  });
}
