import { useQuery } from '@tanstack/react-query';
import { filesResource, type AdminFile } from '@backbeat/common/admin/files';
import { getAdminStorageUsage } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { ResourceIndex } from './resources/resource-index.tsx';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** Storage used per user, heaviest first, and the total. */
function StorageSummary() {
  const trans = useTrans();
  const choice = useTransChoice();
  const usage = useQuery({
    queryKey: ['admin', 'files', 'storage'],
    queryFn: () => api(getAdminStorageUsage),
  });
  if (usage.isPending) return <Skeleton className="h-20 w-full" />;
  if (usage.isError) return null;
  const top = usage.data.users.slice(0, 5);
  return (
    <section aria-labelledby="storage-title" className="rounded-xl border border-border p-4">
      <h2 id="storage-title" className="font-semibold">
        {trans('Storage used: :size in :files', {
          size: formatBytes(usage.data.total.bytes),
          files: choice(':count file|:count files', usage.data.total.files),
        })}
      </h2>
      {top.length > 0 && (
        <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {top.map((row) => (
            <li key={row.user?.id ?? 0} className="flex justify-between gap-3">
              <span className="truncate">{row.user?.name ?? trans('No owner')}</span>
              <span className="text-fg-muted">
                {formatBytes(row.bytes)} · {choice(':count file|:count files', row.files)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Admin files (spec 2 §2, files.update): every entry, its owner, size, type and uses. */
export function FilesIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminFile>
      resource={filesResource}
      title={trans('Files')}
      rowLabel={(file) => file.name}
      columns={[
        { key: 'name', header: trans('Name') },
        { key: 'owner', header: trans('Owner'), cell: (f) => f.owner?.name ?? '' },
        { key: 'file_size', header: trans('Size'), cell: (f) => formatBytes(f.file_size) },
        {
          key: 'mime',
          header: trans('Type'),
          wide: true,
          cell: (f) => f.mime ?? f.extension ?? '',
        },
        {
          key: 'uses',
          header: trans('Used by'),
          wide: true,
          cell: (f) =>
            f.uses.length
              ? f.uses.map((use) => `${trans(use.type)}: ${use.name}`).join(', ')
              : trans('Unused'),
        },
        {
          key: 'created_at',
          header: trans('Uploaded'),
          wide: true,
          cell: (f) => new Date(f.created_at).toLocaleDateString(),
        },
      ]}
      filters={{
        kind: {
          label: trans('Type'),
          options: {
            audio: trans('Audio'),
            image: trans('Images'),
            video: trans('Video'),
            other: trans('Other'),
          },
        },
      }}
      labels={{
        create: '',
        empty: trans('No files match.'),
        search: trans('Search files'),
        deleted: trans('Files deleted'),
      }}
    >
      <StorageSummary />
    </ResourceIndex>
  );
}
