import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createBackup, listBackups } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';

const BACKUPS_KEY = ['admin', 'backups'] as const;

/** One page of the backups made, newest first (Admin > Site > Backups). */
export const useBackups = (page: number) =>
  useQuery({
    queryKey: [...BACKUPS_KEY, page],
    queryFn: () => api(listBackups, { page, perPage: 25 }),
    placeholderData: keepPreviousData,
  });

/** Makes a backup now, into the storage folder; the list is read again after. */
export function useCreateBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: boolean) => api(createBackup, { files }),
    onSuccess: () => client.invalidateQueries({ queryKey: BACKUPS_KEY }),
  });
}
