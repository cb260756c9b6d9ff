import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { hasPermission } from '@backbeat/common';
import { errorMessage } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { ConfirmDialog } from '../../../entities/workspaces/workspace-form-dialog.tsx';
import { useDeleteResources, useResourceList, type ListParams } from './queries.ts';
import { ResourcePager, ResourceToolbar } from './resource-toolbar.tsx';
import { ResourceTable } from './resource-table.tsx';
import type {
  ResourceColumn,
  ResourceContracts,
  ResourceFilterLabels,
  ResourceRow,
} from './types.ts';

export interface ResourceIndexProps<Row extends ResourceRow> {
  resource: ResourceContracts;
  title: string;
  columns: ResourceColumn<Row>[];
  filters: Record<string, ResourceFilterLabels>;
  /** How a row is named in labels and confirmations. */
  rowLabel: (row: Row) => string;
  labels: { create: string; empty: string; deleted: string; search: string };
}

const PER_PAGE = 20;

/** The list params from the address bar: page, sort, order, text and the resource's filters. */
function listParamsOf(search: URLSearchParams, resource: ResourceContracts): ListParams {
  const params: ListParams = { page: Number(search.get('page')) || 1, perPage: PER_PAGE };
  for (const name of ['sort', 'order', 'query', ...Object.keys(resource.filters)]) {
    const value = search.get(name);
    if (value) params[name] = value;
  }
  return params;
}

/**
 * The list screen of every admin resource (issue 12 "one resource pattern"): server-side
 * pages, sorting by the contract's allow-listed columns, a text filter and column filters
 * kept in the address bar, row selection with a confirmed bulk delete, and edit links.
 */
export function ResourceIndex<Row extends ResourceRow>(props: ResourceIndexProps<Row>) {
  const { resource, labels } = props;
  const trans = useTrans();
  const user = useCurrentUser();
  const canManage = hasPermission({ user, guestPermissions: [] }, resource.access.manage);
  const [search, setSearch] = useSearchParams();
  const params = listParamsOf(search, resource);
  const list = useResourceList<Row>(resource, params);
  const remove = useDeleteResources(resource);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  const page = list.data?.pagination;
  // The form returns to the list as it was left: same page, sort and filters.
  const back = { listSearch: search.toString() };

  // A selection belongs to the rows on screen; a new page, sort or filter starts afresh.
  const paramsKey = JSON.stringify(params);
  useEffect(() => setSelection({}), [paramsKey]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next, { replace: true });
  };

  const sorting: SortingState = [
    {
      id: String(params.sort ?? resource.defaultSort.column),
      desc: (params.order ?? (params.sort ? 'asc' : resource.defaultSort.order)) === 'desc',
    },
  ];

  const deleteRows = async (ids: number[], rows: Row[]) => {
    const confirmed = await openDialog<boolean>((close) => (
      <ConfirmDialog
        title={trans('Delete :count items', { count: ids.length })}
        body={
          rows.length === 1
            ? trans('":name" will be deleted for good.', { name: props.rowLabel(rows[0]!) })
            : trans('These :count items will be deleted for good: :names.', {
                count: ids.length,
                names: rows.map(props.rowLabel).join(', '),
              })
        }
        confirm={trans('Delete')}
        close={close}
      />
    ));
    if (!confirmed) return;
    try {
      await remove.mutateAsync(ids);
      setSelection({});
      toast(labels.deleted);
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
    }
  };

  return (
    <section aria-labelledby="resource-title" className="flex flex-col gap-4 px-4 py-6 md:px-8">
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="resource-title" className="flex-1 text-2xl font-semibold">
          {props.title}
        </h1>
        {canManage && (
          <Link to="new" state={back} className={buttonClass('primary', 'sm')}>
            <Icon name="add" size={18} />
            {labels.create}
          </Link>
        )}
      </header>
      <ResourceToolbar
        searchLabel={labels.search}
        query={String(params.query ?? '')}
        onQuery={(query) => update({ query })}
        filters={props.filters}
        values={params}
        onFilter={(name, value) => update({ [name]: value })}
      >
        {canManage && selectedIds.length > 0 && (
          <Button
            variant="danger"
            size="sm"
            onClick={() =>
              deleteRows(
                selectedIds,
                (page?.data ?? []).filter((row) => selectedIds.includes(row.id)),
              )
            }
          >
            <Icon name="delete" size={18} />
            {trans('Delete :count selected', { count: selectedIds.length })}
          </Button>
        )}
      </ResourceToolbar>
      {list.isPending ? (
        <div aria-busy="true" aria-label={trans('Loading')} className="flex flex-col gap-2">
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
          {labels.empty}
        </p>
      ) : (
        <ResourceTable
          rows={page?.data ?? []}
          columns={props.columns}
          sortable={resource.sort}
          sorting={sorting}
          onSortingChange={(next) => {
            const [first] = next;
            update({
              sort: first?.id ?? null,
              order: first ? (first.desc ? 'desc' : 'asc') : null,
            });
          }}
          selection={canManage ? selection : undefined}
          onSelectionChange={setSelection}
          rowLabel={props.rowLabel}
          actions={
            canManage
              ? (row) => (
                  <Link
                    to={String(row.id)}
                    state={back}
                    className={buttonClass('text', 'xs')}
                    aria-label={trans('Edit :name', { name: props.rowLabel(row) })}
                  >
                    <Icon name="edit" size={16} />
                    {trans('Edit')}
                  </Link>
                )
              : undefined
          }
        />
      )}
      {page && page.total > 0 && (
        <ResourcePager page={page} onPage={(to) => update({ page: String(to) })} />
      )}
    </section>
  );
}
