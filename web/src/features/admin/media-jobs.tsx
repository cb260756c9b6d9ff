import { useSearchParams } from 'react-router';
import type { FailedMediaJob } from '@backbeat/common/admin/files';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { showErrorToast } from '../../ui/toast/error-toast.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { formatBytes } from './files.tsx';
import { useFailedMediaJobs, useRetryMediaJob } from './media-jobs-queries.ts';
import { ResourcePager } from './resources/resource-toolbar.tsx';

/**
 * `/admin/media-jobs` (files.update, issue 35.7): audio files whose processing failed, with
 * the reason, and a retry that queues the processing again.
 */
export function MediaJobsPage() {
  const trans = useTrans();
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page')) || 1;
  const list = useFailedMediaJobs(page);

  return (
    <section aria-labelledby="media-jobs-title" className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 id="media-jobs-title" className="mb-1 text-2xl font-semibold">
        {trans('Media jobs')}
      </h1>
      <p className="mb-4 text-sm text-fg-muted">
        {trans('Audio files whose processing failed. Retry one to process it again.')}
      </p>
      {list.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{trans('The failed jobs could not be loaded.')}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : list.data.pagination.data.length === 0 ? (
        <p className="py-10 text-center text-fg-muted">{trans('No media job has failed.')}</p>
      ) : (
        <>
          <ul
            aria-label={trans('Failed media jobs')}
            className="flex flex-col divide-y divide-border rounded-lg border border-border"
          >
            {list.data.pagination.data.map((job) => (
              <FailedJobRow key={job.id} job={job} />
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

function FailedJobRow({ job }: { job: FailedMediaJob }) {
  const trans = useTrans();
  const retry = useRetryMediaJob(job.id);
  const retryJob = () =>
    retry.mutate(undefined, {
      onSuccess: ({ status }) =>
        toast(
          status === 'ready'
            ? trans('“:name” is processed', { name: job.name })
            : trans('“:name” is queued for processing', { name: job.name }),
        ),
      onError: (error) => showErrorToast(error, trans),
    });
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{job.name}</p>
        <p className="text-fg-muted">
          {[job.owner?.name ?? trans('No owner'), formatBytes(job.file_size)].join(' · ')}
          {' · '}
          <time dateTime={job.failed_at}>{new Date(job.failed_at).toLocaleString()}</time>
        </p>
        <p className="break-words text-danger">{job.error ? trans(job.error) : trans('Failed')}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={retry.isPending}
        aria-label={trans('Retry :name', { name: job.name })}
        onClick={retryJob}
      >
        {trans('Retry')}
      </Button>
    </li>
  );
}
