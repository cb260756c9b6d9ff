import clsx from 'clsx';
import { useMemo, type ReactNode } from 'react';
import {
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useTrans } from '../../../lib/translator.ts';
import { Icon } from '../../../ui/icons.tsx';
import type { ResourceColumn, ResourceRow } from './types.ts';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });

interface ResourceTableProps<Row extends ResourceRow> {
  rows: Row[];
  columns: ResourceColumn<Row>[];
  /** Column keys the server may sort by. */
  sortable: readonly string[];
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  /** Selection by row id; absent when the viewer may not delete. */
  selection?: RowSelectionState;
  onSelectionChange?: (selection: RowSelectionState) => void;
  rowLabel: (row: Row) => string;
  actions?: (row: Row) => ReactNode;
}

const resolve = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/**
 * The data table of every resource list (@tanstack/react-table, DESIGN §3): the server sorts,
 * pages and filters, the table keeps which column is sorted and which rows are selected.
 */
export function ResourceTable<Row extends ResourceRow>(props: ResourceTableProps<Row>) {
  const trans = useTrans();
  const { rows, sorting, selection, rowLabel } = props;
  const selectable = selection !== undefined;
  const columns = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      props.columns.map((column) => ({
        id: column.key,
        accessorFn: (row: Row) => (row as unknown as Record<string, unknown>)[column.key],
        header: column.header,
        enableSorting: props.sortable.includes(column.key),
        sortDescFirst: false,
        cell: ({ row }) =>
          column.cell ? column.cell(row.original) : String(row.getValue(column.key) ?? ''),
      })),
    [props.columns, props.sortable],
  );
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    manualSorting: true,
    enableMultiSort: false,
    state: { sorting, rowSelection: selection ?? {} },
    onSortingChange: (updater) => props.onSortingChange(resolve(updater, sorting)),
    onRowSelectionChange: (updater) => props.onSelectionChange?.(resolve(updater, selection ?? {})),
  });
  const wide = new Set(props.columns.filter((c) => c.wide).map((c) => c.key));

  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-bg-alt text-xs font-semibold text-fg-muted uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selectable && (
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-[rgb(var(--be-primary))]"
                    aria-label={trans('Select all rows')}
                    checked={table.getIsAllPageRowsSelected()}
                    onChange={(event) => table.toggleAllPageRowsSelected(event.target.checked)}
                  />
                </th>
              )}
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                    className={clsx('px-3 py-2', wide.has(header.id) && 'hidden md:table-cell')}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded uppercase hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={header} />
                        {sorted && (
                          <Icon
                            name={sorted === 'asc' ? 'arrowUpward' : 'arrowDownward'}
                            size={14}
                          />
                        )}
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
              {props.actions && (
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{trans('Actions')}</span>
                </th>
              )}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              className={clsx(
                'border-t border-border',
                row.getIsSelected() ? 'bg-primary/10' : 'hover:bg-bg-hover',
              )}
            >
              {selectable && (
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-[rgb(var(--be-primary))]"
                    aria-label={trans('Select :name', { name: rowLabel(row.original) })}
                    checked={row.getIsSelected()}
                    onChange={row.getToggleSelectedHandler()}
                  />
                </td>
              )}
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={clsx('px-3 py-2', wide.has(cell.column.id) && 'hidden md:table-cell')}
                >
                  <table.FlexRender cell={cell} />
                </td>
              ))}
              {props.actions && (
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  {props.actions(row.original)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
