import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { RowSelectionState, SortingState } from '@tanstack/react-table';
import { hasPermission } from '@backbeat/common';
import { errorMessage } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useConfirmDelete } from './confirm-delete.tsx';
import { useResourceList, type ListParams } from './queries.ts';
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
  /**
   * Where a row is edited: by default `{id}` beside the list when the resource offers
   * updates; another area's editor (backstage's track editor) or none.
   */
  editPath?: ((row: Row) => string) | null;
  /** Where a new row is made: `new` by default when the resource offers creation. */
  createPath?: string | null;
  /** Actions of a row besides edit (see the context, ban, open). */
  rowActions?: (row: Row) => ReactNode;
  /** Shown between the title and the table (a summary). */
  children?: ReactNode;
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
  const confirmDelete = useConfirmDelete(resource, labels.deleted);
  const editPath =
    props.editPath === undefined
      ? resource.operations.includes('update')
        ? (row: Row) => String(row.id)
        : null
      : props.editPath;
  const createPath =
    props.createPath === undefined
      ? resource.operations.includes('create')
        ? 'new'
        : null
      : props.createPath;
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
    if (await confirmDelete(ids, rows.map(props.rowLabel))) setSelection({});
  };

  return (
    <section aria-labelledby="resource-title" className="flex flex-col gap-4 px-4 py-6 md:px-8">
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="resource-title" className="flex-1 text-2xl font-semibold">
          {props.title}
        </h1>
        {canManage && createPath && (
          <Link to={createPath} state={back} className={buttonClass('primary', 'sm')}>
            <Icon name="add" size={18} />
            {labels.create}
          </Link>
        )}
      </header>
      {props.children}
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
          actions={(row) => (
            <span className="inline-flex items-center gap-1">
              {props.rowActions?.(row)}
              {editPath && (canManage || props.editPath) && (
                <Link
                  to={editPath(row)}
                  state={back}
                  className={buttonClass('text', 'xs')}
                  aria-label={trans('Edit :name', { name: props.rowLabel(row) })}
                >
                  <Icon name="edit" size={16} />
                  {trans('Edit')}
                </Link>
              )}
              {canManage && (
                <Button
                  variant="text"
                  size="xs"
                  aria-label={trans('Delete :name', { name: props.rowLabel(row) })}
                  onClick={() => deleteRows([row.id], [row])}
                >
                  <Icon name="delete" size={16} />
                  <span className="hidden lg:inline">{trans('Delete')}</span>
                </Button>
              )}
            </span>
          )}
        />
      )}
      {page && page.total > 0 && (
        <ResourcePager page={page} onPage={(to) => update({ page: String(to) })} />
      )}
    </section>
  );
}
