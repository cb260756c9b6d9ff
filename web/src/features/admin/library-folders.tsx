import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addLibraryFolderSchema, type LibraryFolder } from '@backbeat/common';
import {
  addLibraryFolder,
  listLibraryFolders,
  removeLibraryFolder,
  scanLibraryFolder,
} from '@backbeat/common/contracts';
import { ConfirmDialog } from '../../entities/workspaces/workspace-form-dialog.tsx';
import { api } from '../../lib/api.ts';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { FolderAccess } from './library-folder-access.tsx';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../ui/forms.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showErrorToast } from '../../ui/toast/error-toast.ts';
import { toast } from '../../ui/toast/toast-store.ts';

const FOLDERS_KEY = ['admin', 'library-folders'] as const;
/** While a scan runs its figures are read again this often. */
const BUSY_REFRESH_MS = 2000;

/** Each status in words (literal calls, so the translate screen lists them). */
function statusLabel(trans: ReturnType<typeof useTrans>, status: LibraryFolder['status']) {
  switch (status) {
    case 'queued':
      return trans('Waiting to scan');
    case 'scanning':
      return trans('Scanning');
    case 'removing':
      return trans('Removing');
    default:
      return trans('Up to date');
  }
}

const isBusy = (folder: LibraryFolder) => folder.status !== 'idle';

function useLibraryFolders() {
  return useQuery({
    queryKey: FOLDERS_KEY,
    queryFn: async () => (await api(listLibraryFolders)).folders,
    refetchInterval: (query) => (query.state.data?.some(isBusy) ? BUSY_REFRESH_MS : false),
  });
}

/** `/admin/library-folders` (settings.update): folders of the server whose music joins the catalog. */
export function LibraryFoldersPage() {
  const trans = useTrans();
  const folders = useLibraryFolders();
  return (
    <section aria-labelledby="library-folders-title" className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 id="library-folders-title" className="text-2xl font-semibold">
        {trans('Library folders')}
      </h1>
      <p className="mt-1 mb-6 text-sm text-fg-muted">
        {trans(
          'Music in these folders of the server joins the catalog where it is: files are read, never copied or changed. Rescans only read what changed.',
        )}
      </p>
      <AddFolderForm />
      <div className="mt-8 flex flex-col gap-4">
        {folders.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : folders.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p>{trans('The library folders could not be loaded.')}</p>
            <Button variant="outline" onClick={() => void folders.refetch()}>
              {trans('Try again')}
            </Button>
          </div>
        ) : folders.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-fg-muted">
            {trans('No library folders yet. Add one above, or name them in MUSIC_FOLDERS.')}
          </p>
        ) : (
          folders.data.map((folder) => <FolderCard key={folder.id} folder={folder} />)
        )}
      </div>
    </section>
  );
}

function AddFolderForm() {
  const trans = useTrans();
  const client = useQueryClient();
  const form = useSchemaForm(addLibraryFolderSchema, { path: '', name: '' });
  const submit = form.handleSubmit(async (values) => {
    try {
      const { folder } = await api(addLibraryFolder, values);
      await client.invalidateQueries({ queryKey: FOLDERS_KEY });
      toast(trans('“:name” added; its first scan has started', { name: folder.name }));
      form.reset({ path: '', name: '' });
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={trans('Add a folder')}
      className="flex flex-col gap-3 rounded-xl border border-border p-4 sm:flex-row sm:items-start"
    >
      <TextField
        {...form.register('path')}
        label={trans('Folder on the server')}
        placeholder="/srv/music"
        error={fieldError(form, 'path')}
        className="sm:flex-[2]"
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        {...form.register('name')}
        label={trans('Name (optional)')}
        error={fieldError(form, 'name')}
        className="sm:flex-1"
        maxLength={100}
      />
      <Button type="submit" disabled={form.formState.isSubmitting} className="sm:mt-[26px]">
        {trans('Add folder')}
      </Button>
    </form>
  );
}

function FolderCard({ folder }: { folder: LibraryFolder }) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: FOLDERS_KEY });
  const rescan = useMutation({
    mutationFn: () => api(scanLibraryFolder, { id: folder.id }),
    onSuccess: () => refresh(),
    onError: (error) => showErrorToast(error, trans),
  });
  const remove = useMutation({
    mutationFn: () => api(removeLibraryFolder, { id: folder.id }),
    onSuccess: () => {
      toast(trans('“:name” is being removed from the library', { name: folder.name }));
      return refresh();
    },
    onError: (error) => showErrorToast(error, trans),
  });
  const confirmRemove = async () => {
    const confirmed = await openDialog<boolean>((close) => (
      <ConfirmDialog
        title={trans('Remove “:name”?', { name: folder.name })}
        body={trans(
          'Its tracks leave the catalog, with their likes and playlist entries. The files on the server stay as they are.',
        )}
        confirm={trans('Remove')}
        close={close}
      />
    ));
    if (confirmed) remove.mutate();
  };
  const busy = isBusy(folder);
  return (
    <article
      aria-labelledby={`library-folder-${folder.id}`}
      data-testid="library-folder"
      className="rounded-xl border border-border p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`library-folder-${folder.id}`} className="font-semibold">
            {folder.name}
          </h2>
          <p className="truncate font-mono text-xs text-fg-muted" title={folder.path}>
            {folder.path}
          </p>
          <p className="mt-1 text-sm">
            <span className={busy ? 'text-primary' : 'text-fg-muted'}>
              {statusLabel(trans, folder.status)}
            </span>
            {' · '}
            {transChoice(':count track|:count tracks', folder.tracks_count)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={busy || rescan.isPending}
            onClick={() => rescan.mutate()}
          >
            {trans('Rescan')}
          </Button>
          <Button
            variant="text"
            size="sm"
            disabled={folder.status === 'removing' || remove.isPending}
            onClick={() => void confirmRemove()}
          >
            {trans('Remove')}
          </Button>
        </div>
      </div>
      {folder.error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {trans(folder.error)}
        </p>
      )}
      <FolderAccess folder={folder} />
      <ScanFigures folder={folder} />
      <Failures folder={folder} />
    </article>
  );
}

function ScanFigures({ folder }: { folder: LibraryFolder }) {
  const trans = useTrans();
  const scan = folder.last_scan;
  if (!scan.started_at) return null;
  const figures: [string, number, boolean][] = [
    [trans('Seen'), scan.seen, false],
    [trans('Added'), scan.added, false],
    [trans('Updated'), scan.updated, false],
    [trans('Removed'), scan.removed, false],
    [trans('Failed'), scan.failed, scan.failed > 0],
  ];
  const percent = scan.total ? Math.round((scan.seen / scan.total) * 100) : 0;
  return (
    <div className="mt-3">
      {folder.status === 'scanning' && (
        <div
          role="progressbar"
          aria-label={trans('Scan progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mb-2 h-1.5 overflow-hidden rounded-full bg-primary/20"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
      <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-5">
        {figures.map(([label, value, alarming]) => (
          <div key={label} className="rounded-lg bg-bg-elevated px-3 py-2">
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd className={alarming ? 'text-danger' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {scan.finished_at && (
        <p className="mt-2 text-xs text-fg-muted">
          {trans('Last scan finished :date', { date: new Date(scan.finished_at).toLocaleString() })}
        </p>
      )}
    </div>
  );
}

function Failures({ folder }: { folder: LibraryFolder }) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  if (!folder.failures.length) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-danger">
        {transChoice(
          ':count file could not be added|:count files could not be added',
          folder.last_scan.failed,
        )}
      </summary>
      <ul className="mt-2 flex flex-col gap-1">
        {folder.failures.map((failure) => (
          <li key={failure.path} className="flex flex-col sm:flex-row sm:gap-3">
            <span className="truncate font-mono text-xs">{failure.path}</span>
            <span className="text-fg-muted">{trans(failure.reason)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
