import type { ReactNode } from 'react';
import { useTrans } from '../../../lib/translator.ts';
import { formatCount, formatShare } from '../format.ts';

export interface RankedRow {
  key: string;
  label: ReactNode;
  plays: number;
}

/**
 * A ranked list with bars (countries, devices, top tracks...): plain text and numbers that
 * read well aloud; the bars only repeat the share for the eye.
 */
export function RankedBars({
  title,
  rows,
  unit,
}: {
  title: string;
  rows: RankedRow[];
  /** Pluralised unit shown after each count, e.g. ":count play|:count plays". */
  unit?: (count: number) => string;
}) {
  const trans = useTrans();
  const total = rows.reduce((sum, row) => sum + row.plays, 0);
  const top = rows[0]?.plays ?? 0;
  return (
    <section aria-label={title} className="rounded-xl border border-border bg-bg-alt p-4">
      <h3 className="mb-3 text-sm font-semibold text-fg">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-fg-muted">{trans('Nothing in this period yet.')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {rows.map((row) => (
            <li key={row.key} className="text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate text-fg">{row.label}</span>
                <span className="shrink-0 tabular-nums text-fg-muted">
                  {unit ? unit(row.plays) : formatCount(row.plays)}
                  {total > 0 && <span className="sr-only">, {formatShare(row.plays / total)}</span>}
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-bg-hover">
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${top ? Math.max(2, (row.plays / top) * 100) : 0}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
