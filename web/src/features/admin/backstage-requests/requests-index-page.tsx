import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BackstageRequest } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { errorMessage } from '../../../lib/api-error.ts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { ResourcePager, ResourceToolbar } from '../resources/resource-toolbar.tsx';
import { ResourceTable } from '../resources/resource-table.tsx';
import { statusLabels, typeLabels } from './labels.ts';

const PER_PAGE = 20;

/** `admin/backstage-requests`: the queue, filtered by status and type, searchable. */
export function BackstageRequestsIndexPage() {
  const trans = useTrans();
  const [search, setSearch] = useSearchParams();
  const params = {
    page: Number(search.get('page')) || 1,
    perPage: PER_PAGE,
    ...(search.get('status') ? { status: search.get('status') as 'pending' } : {}),
    ...(search.get('type') ? { type: search.get('type') as 'become-artist' } : {}),
    ...(search.get('query') ? { query: search.get('query')! } : {}),
  };
  const list = useQuery({
    queryKey: ['admin', 'backstage-requests', params],
    queryFn: () => api(endpoints.listAdminBackstageRequests, params),
    placeholderData: keepPreviousData,
  });
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next, { replace: true });
  };
  const types = typeLabels(trans);
  const statuses = statusLabels(trans);
  const page = list.data?.pagination;
  return (
    <section aria-labelledby="requests-title" className="flex flex-col gap-4 px-4 py-6 md:px-8">
      <h1 id="requests-title" className="text-2xl font-semibold">
        {trans('Backstage requests')}
      </h1>
      <ResourceToolbar
        searchLabel={trans('Search requests')}
        query={params.query ?? ''}
        onQuery={(query) => update({ query })}
        filters={{
          status: { label: trans('Status'), options: statuses },
          type: { label: trans('Type'), options: types },
        }}
        values={params}
        onFilter={(name, value) => update({ [name]: value })}
      />
      {list.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label={trans('Loading')}
          className="flex flex-col gap-2"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
          <p>{trans(errorMessage(list.error))}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : page && page.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-6 py-12 text-center text-fg-muted">
          {trans('No requests match.')}
        </p>
      ) : (
        <ResourceTable<BackstageRequest>
          rows={page?.data ?? []}
          columns={[
            { key: 'artist_name', header: trans('Artist') },
            { key: 'type', header: trans('Type'), cell: (row) => types[row.type] },
            {
              key: 'user',
              header: trans('Requested by'),
              wide: true,
              cell: (row) => row.user?.name ?? '',
            },
            { key: 'status', header: trans('Status'), cell: (row) => statuses[row.status] },
            {
              key: 'created_at',
              header: trans('Sent'),
              wide: true,
              cell: (row) => new Date(row.created_at).toLocaleDateString(),
            },
          ]}
          sortable={[]}
          sorting={[]}
          onSortingChange={() => {}}
          rowLabel={(row) => row.artist_name}
          actions={(row) => (
            <Link
              to={String(row.id)}
              className={buttonClass('text', 'xs')}
              aria-label={trans('Review :name', { name: row.artist_name })}
            >
              {trans('Review')}
            </Link>
          )}
        />
      )}
      {page && page.last_page > 1 && (
        <ResourcePager page={page} onPage={(number) => update({ page: String(number) })} />
      )}
    </section>
  );
}
