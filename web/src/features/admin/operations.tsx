import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OperationsStatus } from '@backbeat/common/admin/operations';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { formatBytes } from './files.tsx';
import { useOperationsStatus } from './operations-queries.ts';

type Trans = ReturnType<typeof useTrans>;

/**
 * `/admin/operations` (settings.update, issue 39.5): whether the site is healthy at a glance —
 * each part a card that says ok or what is wrong. The same answer is JSON at
 * /api/v1/admin/operations, and counters are at /metrics when METRICS_TOKEN is set.
 */
export function OperationsPage() {
  const trans = useTrans();
  const query = useOperationsStatus();
  return (
    <section aria-labelledby="operations-title" className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 id="operations-title" className="mb-1 text-2xl font-semibold">
        {trans('Operations')}
      </h1>
      <p className="mb-4 text-sm text-fg-muted">
        {trans('Whether each part of the site works, read again every 15 seconds.')}
      </p>
      {query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{trans('The site’s state could not be loaded.')}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : (
        <StatusCards status={query.data.status} trans={trans} />
      )}
    </section>
  );
}

function uptime(seconds: number, trans: Trans): string {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return trans(':days d :hours h', { days, hours });
  if (hours) return trans(':hours h :minutes min', { hours, minutes });
  return trans(':minutes min', { minutes });
}

/** The background measuring of library files (issue 42): what is left, how fast, how long. */
function AnalysisProgress({
  analysis,
  trans,
}: {
  analysis: OperationsStatus['library_analysis'];
  trans: Trans;
}) {
  if (!analysis.files_left) return null;
  return (
    <p data-testid="library-analysis">
      {trans('Analysis: :count files left', { count: analysis.files_left })}
      {analysis.seconds_left !== null
        ? ` · ${trans(':rate files/s, about :time left', {
            rate: analysis.files_per_second,
            time: uptime(Math.max(analysis.seconds_left, 60), trans),
          })}`
        : ` · ${trans('waiting to start')}`}
    </p>
  );
}

function StatusCards({ status, trans }: { status: OperationsStatus; trans: Trans }) {
  const failedJobs = status.jobs.queues.reduce((sum, queue) => sum + queue.failed, 0);
  const scanning = status.library_folders.filter((folder) => folder.status === 'scanning');
  return (
    <ul aria-label={trans('Parts of the site')} className="grid gap-3 sm:grid-cols-2">
      <Card title={trans('Backbeat')} ok>
        {trans('Version :version on Node :node', { version: status.version, node: status.node })}
        <br />
        {trans('Up for :time', { time: uptime(status.uptime_seconds, trans) })}
      </Card>
      <Card title={trans('Database')} ok={status.database.reachable}>
        {status.database.driver === 'postgres' ? 'PostgreSQL' : 'SQLite'}
        {status.database.bytes !== null ? ` · ${formatBytes(status.database.bytes)}` : ''}
        {status.database.reachable ? null : <p>{trans('The database does not answer.')}</p>}
      </Card>
      <Card title={trans('Storage')} ok>
        {status.storage.driver === 's3' ? trans('S3 bucket') : trans('Local disk')}
        {' · '}
        {trans(':count files (:size)', {
          count: status.storage.files,
          size: formatBytes(status.storage.bytes),
        })}
      </Card>
      <Card
        title={trans('Redis')}
        ok={status.redis.configured ? status.redis.reachable === true : true}
      >
        {!status.redis.configured
          ? trans('Not used: one instance, jobs in process.')
          : status.redis.reachable
            ? trans('Answers.')
            : trans('Does not answer: :error', { error: status.redis.error ?? '' })}
      </Card>
      <Card title={trans('Background jobs')} ok={failedJobs === 0}>
        <ul className="flex flex-col gap-0.5">
          {status.jobs.queues.map((queue) => (
            <li key={queue.name}>
              <span className="font-medium">{queue.name}</span>
              {': '}
              {trans(':waiting waiting, :running running, :failed failed', queue)}
            </li>
          ))}
        </ul>
        {failedJobs > 0 ? (
          <Link className="mt-1 inline-block text-primary underline" to="/admin/media-jobs">
            {trans('See and retry the failed jobs')}
          </Link>
        ) : null}
      </Card>
      <Card title={trans('Library folders')} ok>
        {status.library_folders.length === 0
          ? trans('No library folder.')
          : scanning.length
            ? trans(':count scanning now', { count: scanning.length })
            : trans(':count folders, :tracks tracks', {
                count: status.library_folders.length,
                tracks: status.library_folders.reduce((sum, f) => sum + f.tracks_count, 0),
              })}
        <AnalysisProgress analysis={status.library_analysis} trans={trans} />
      </Card>
      <Card title={trans('Audio decoder (ffmpeg)')} ok={status.ffmpeg.found}>
        {status.ffmpeg.found ? (
          <>
            {status.ffmpeg.version}
            <br />
            <code className="break-all text-xs">{status.ffmpeg.path}</code>
          </>
        ) : (
          trans('Not found: install ffmpeg (Debian: apt-get install ffmpeg).')
        )}
      </Card>
      <Card title={trans('Email')} ok={status.mail.reachable}>
        {status.mail.driver === 'smtp'
          ? status.mail.reachable
            ? trans('The SMTP server answers.')
            : trans('The SMTP server does not answer: :error', { error: status.mail.error ?? '' })
          : trans('Written to the outgoing-email log (no SMTP server set).')}
      </Card>
      <Card title={trans('Last backup')} ok={status.last_backup !== null}>
        {status.last_backup ? (
          <time dateTime={status.last_backup.started_at}>
            {new Date(status.last_backup.started_at).toLocaleString()}
          </time>
        ) : (
          trans('No backup has been made yet.')
        )}{' '}
        <Link className="text-primary underline" to="/admin/backups">
          {trans('Backups')}
        </Link>
      </Card>
      <Card title={trans('Metrics')} ok>
        {status.metrics_enabled
          ? trans('Prometheus metrics are at /metrics (with the METRICS_TOKEN).')
          : trans('Off. Set METRICS_TOKEN to publish them at /metrics.')}
      </Card>
    </ul>
  );
}

function Card({ title, ok, children }: { title: string; ok: boolean; children: ReactNode }) {
  const trans = useTrans();
  return (
    <li className="rounded-lg border border-border p-3 text-sm">
      <p className="mb-1 flex items-center gap-2 font-medium">
        <span
          aria-hidden
          className={ok ? 'size-2.5 rounded-full bg-positive' : 'size-2.5 rounded-full bg-danger'}
        />
        <span>{title}</span>
        <span className={ok ? 'sr-only' : 'text-danger'}>
          {ok ? trans('OK') : trans('Needs attention')}
        </span>
      </p>
      <div className="text-fg-muted">{children}</div>
    </li>
  );
}
