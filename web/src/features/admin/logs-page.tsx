import { keepPreviousData, useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useState } from 'react';
import { NavLink, useParams, useSearchParams } from 'react-router';
import { LOG_KINDS, type LogKindName } from '@backbeat/common/admin/site';
import { downloadLog, listLogEntries } from '@backbeat/common/contracts';
import { api, apiUrl } from '../../lib/api.ts';
import { useTrans } from '../../lib/translator.ts';
import { useWriteAfterPause } from '../../lib/use-write-after-pause.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { NotFoundPage } from '../../entities/errors/error-pages.tsx';
import { ResourcePager } from './resources/resource-toolbar.tsx';

const TAB_LABELS: Record<LogKindName, string> = {
  schedule: 'Schedule',
  error: 'Errors',
  'outgoing-email': 'Outgoing email',
};

/** `/admin/logs/{kind}` (logs.view): the server's log files, newest first, paged, searchable. */
export function LogsPage() {
  const trans = useTrans();
  const { kind = 'schedule' } = useParams();
  if (!(LOG_KINDS as readonly string[]).includes(kind)) return <NotFoundPage />;
  return (
    <section aria-labelledby="logs-title" className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 id="logs-title" className="mb-4 text-2xl font-semibold">
        {trans('Logs')}
      </h1>
      <nav aria-label={trans('Logs')} className="mb-4 flex gap-1 border-b border-border">
        {LOG_KINDS.map((name) => (
          <NavLink
            key={name}
            to={`/admin/logs/${name}`}
            className={({ isActive }) =>
              clsx(
                '-mb-px border-b-2 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-primary',
                isActive || (name === 'schedule' && kind === name)
                  ? 'border-primary font-semibold'
                  : 'border-transparent text-fg-muted hover:text-fg',
              )
            }
          >
            {trans(TAB_LABELS[name])}
          </NavLink>
        ))}
      </nav>
      <LogEntries key={kind} kind={kind as LogKindName} />
    </section>
  );
}

function LogEntries({ kind }: { kind: LogKindName }) {
  const trans = useTrans();
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get('page')) || 1;
  const query = search.get('query') ?? '';
  const [typed, setTyped] = useState(query);
  const list = useQuery({
    queryKey: ['admin', 'logs', kind, page, query],
    queryFn: () => api(listLogEntries, { kind, page, perPage: 25, ...(query ? { query } : {}) }),
    placeholderData: keepPreviousData,
  });

  // Searching waits for a pause in typing, like the resource lists.
  useWriteAfterPause(typed, query, (next) =>
    setSearch(next ? { query: next } : {}, { replace: true }),
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="search"
          aria-label={trans('Search the log')}
          placeholder={trans('Search the log')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="h-9 min-w-0 flex-1 rounded-lg border border-border bg-bg-elevated px-3 text-sm"
        />
        <a href={apiUrl(downloadLog, { kind })} download className={buttonClass('outline', 'sm')}>
          {trans('Download the newest file')}
        </a>
      </div>
      {list.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{trans('The log could not be loaded.')}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : list.data.pagination.data.length === 0 ? (
        <p className="py-10 text-center text-fg-muted">
          {query ? trans('No entries match.') : trans('This log is empty.')}
        </p>
      ) : (
        <>
          <ol className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {list.data.pagination.data.map((entry) => (
              <li key={entry.id} className="p-3 text-sm">
                <details>
                  <summary className="flex cursor-pointer flex-wrap gap-x-3">
                    <time className="text-fg-muted tabular-nums" dateTime={entry.time ?? undefined}>
                      {entry.time ? new Date(entry.time).toLocaleString() : '—'}
                    </time>
                    <span className="min-w-0 break-words">{entry.summary}</span>
                  </summary>
                  <pre className="mt-2 overflow-x-auto rounded bg-bg-alt p-2 text-xs">
                    {JSON.stringify(entry.data, null, 2)}
                  </pre>
                </details>
              </li>
            ))}
          </ol>
          <ResourcePager
            page={list.data.pagination}
            onPage={(next) => setSearch({ ...(query ? { query } : {}), page: String(next) })}
          />
        </>
      )}
    </div>
  );
}
