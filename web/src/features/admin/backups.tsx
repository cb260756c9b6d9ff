import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Backup } from '@backbeat/common/admin/backups';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Checkbox } from '../../ui/text-field.tsx';
import { showErrorToast } from '../../ui/toast/error-toast.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { useBackups, useCreateBackup } from './backups-queries.ts';
import { formatBytes } from './files.tsx';
import { ResourcePager } from './resources/resource-toolbar.tsx';

/**
 * `/admin/backups` (settings.update, issue 39.3): the backups made by `npm run backup` or
 * here, newest first, and a backup made now into the storage folder.
 */
export function BackupsPage() {
  const trans = useTrans();
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page')) || 1;
  const list = useBackups(page);

  return (
    <section aria-labelledby="backups-title" className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 id="backups-title" className="mb-1 text-2xl font-semibold">
        {trans('Backups')}
      </h1>
      <p className="mb-4 text-sm text-fg-muted">
        {trans(
          'A backup copies the database, the app key and, if asked, the uploaded files while the site keeps serving. Make one here, or on the server with:',
        )}{' '}
        <code className="rounded bg-bg-alt px-1">npm run backup -- /path/to/folder --files</code>
      </p>
      <BackUpNow />
      {list.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{trans('The backups could not be loaded.')}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : list.data.pagination.data.length === 0 ? (
        <p className="py-10 text-center text-fg-muted">{trans('No backup has been made yet.')}</p>
      ) : (
        <>
          <ul
            aria-label={trans('Backups made')}
            className="flex flex-col divide-y divide-border rounded-lg border border-border"
          >
            {list.data.pagination.data.map((backup) => (
              <BackupRow key={backup.id} backup={backup} />
            ))}
          </ul>
          <ResourcePager
            page={list.data.pagination}
            onPage={(next) => setSearch({ page: String(next) })}
          />
        </>
      )}
    </section>
  );
}

function BackUpNow() {
  const trans = useTrans();
  const [files, setFiles] = useState(false);
  const create = useCreateBackup();
  const backUp = () =>
    create.mutate(files, {
      onSuccess: ({ backup }) =>
        toast(trans('Backup made in :folder', { folder: backup.directory })),
      onError: (error) => showErrorToast(error, trans),
    });
  return (
    <div className="mb-6 flex flex-wrap items-center gap-4 rounded-lg border border-border p-3">
      <Checkbox
        label={trans('Include the uploaded files')}
        checked={files}
        onChange={(event) => setFiles(event.target.checked)}
      />
      <Button onClick={backUp} disabled={create.isPending} aria-busy={create.isPending}>
        {create.isPending ? <Spinner size={16} /> : null}
        {create.isPending ? trans('Backing up…') : trans('Back up now')}
      </Button>
    </div>
  );
}

function BackupRow({ backup }: { backup: Backup }) {
  const trans = useTrans();
  const parts = [
    trans('Database :size', { size: formatBytes(backup.database_bytes) }),
    backup.files_included
      ? trans(':count files (:size)', {
          count: backup.files_count,
          size: formatBytes(backup.files_bytes),
        })
      : trans('No files'),
    backup.app_key_included ? trans('App key') : trans('App key kept in APP_KEY'),
    trans(':seconds s', { seconds: (backup.duration_ms / 1000).toFixed(1) }),
  ];
  return (
    <li className="flex flex-col gap-1 p-3 text-sm">
      <p className="font-medium">
        <time dateTime={backup.started_at}>{new Date(backup.started_at).toLocaleString()}</time>
        <span className="ml-2 text-fg-muted">
          {backup.database === 'postgres' ? 'PostgreSQL' : 'SQLite'}
        </span>
      </p>
      <p className="break-all font-mono text-xs text-fg-muted">{backup.directory}</p>
      <p className="text-fg-muted">{parts.join(' · ')}</p>
    </li>
  );
}
