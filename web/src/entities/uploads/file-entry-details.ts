import { useQuery } from '@tanstack/react-query';
import type { FileEntry, MediaProcessingStatus } from '@backbeat/common';
import { getFileEntryDetails } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';

/** While the media pipeline works on an upload, the panel asks again this often. */
export const MEDIA_POLL_MS = 2000;

const busy = (status: MediaProcessingStatus | undefined) =>
  status === 'pending' || status === 'processing';

/**
 * The entry as the media pipeline leaves it (`GET file-entries/:id/details`): asked for again
 * every two seconds while its media is pending or processing, and no longer once it is ready
 * or failed. An entry without media (not audio) is never asked for.
 */
export function useFileEntryDetails(entry: FileEntry | null): FileEntry | null {
  const query = useQuery({
    queryKey: ['file-entries', entry?.id ?? 0, 'details'],
    queryFn: async () => (await api(getFileEntryDetails, { id: entry!.id })).fileEntry,
    enabled: !!entry && busy(entry.media?.status),
    refetchInterval: (current) =>
      busy((current.state.data ?? entry)?.media?.status) ? MEDIA_POLL_MS : false,
    staleTime: 0,
  });
  return query.data ?? entry;
}
