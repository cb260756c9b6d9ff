import { useId, useState, type ReactNode } from 'react';
import { useTrans } from '../../../lib/translator.ts';
import { useWriteAfterPause } from '../../../lib/use-write-after-pause.ts';
import { Button } from '../../../ui/button.tsx';
import type { ListParams, ResourcePage } from './queries.ts';
import type { ResourceFilterLabels } from './types.ts';

/** The text filter, the column filters and room for bulk actions above a resource table. */
export function ResourceToolbar({
  searchLabel,
  query,
  onQuery,
  filters,
  values,
  onFilter,
  children,
}: {
  searchLabel: string;
  query: string;
  onQuery: (query: string) => void;
  filters: Record<string, ResourceFilterLabels>;
  values: ListParams;
  onFilter: (name: string, value: string | null) => void;
  children?: ReactNode;
}) {
  const trans = useTrans();
  const id = useId();
  const [text, setText] = useState(query);
  useWriteAfterPause(text, query, onQuery);

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <label htmlFor={`${id}-query`} className="text-sm font-medium">
          {searchLabel}
        </label>
        <input
          id={`${id}-query`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-[36px] rounded-lg border border-border bg-bg-elevated px-3 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
        />
      </div>
      {Object.entries(filters).map(([name, filter]) => (
        <div key={name} className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
            {filter.label}
          </label>
          <select
            id={`${id}-${name}`}
            value={String(values[name] ?? '')}
            onChange={(event) => onFilter(name, event.target.value || null)}
            className="h-[36px] rounded-lg border border-border bg-bg-elevated px-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
          >
            <option value="">{trans('Any')}</option>
            {Object.entries(filter.options).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {children}
    </div>
  );
}

/** "1 - 20 of 45" with previous and next page buttons. */
export function ResourcePager({
  page,
  onPage,
}: {
  page: ResourcePage<unknown>['pagination'];
  onPage: (page: number) => void;
}) {
  const trans = useTrans();
  return (
    <nav aria-label={trans('Pages')} className="flex items-center justify-end gap-3 text-sm">
      <span aria-live="polite">
        {trans(':from - :to of :total', {
          from: page.from ?? 0,
          to: page.to ?? 0,
          total: page.total,
        })}
      </span>
      <Button
        variant="outline"
        size="xs"
        disabled={page.current_page <= 1}
        onClick={() => onPage(page.current_page - 1)}
      >
        {trans('Previous')}
      </Button>
      <Button
        variant="outline"
        size="xs"
        disabled={page.current_page >= page.last_page}
        onClick={() => onPage(page.current_page + 1)}
      >
        {trans('Next')}
      </Button>
    </nav>
  );
}
