import clsx from 'clsx';
import { useTrans } from '../../../lib/translator.ts';
import { changeOf, formatShare } from '../format.ts';

/** One headline figure, with its change from the previous period of the same length. */
export function StatCard({
  label,
  value,
  current,
  previous,
}: {
  label: string;
  /** The figure as shown. */
  value: string;
  /** The raw figures compared (omit to show no change). */
  current?: number;
  previous?: number;
}) {
  const trans = useTrans();
  const change =
    current === undefined || previous === undefined ? null : changeOf(current, previous);
  return (
    <div role="group" aria-label={label} className="rounded-xl border border-border bg-bg-alt p-4">
      <p className="text-sm text-fg-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-fg">{value}</p>
      {change !== null && (
        <p
          className={clsx(
            'mt-1 text-xs',
            change > 0 ? 'text-positive' : change < 0 ? 'text-danger' : 'text-fg-muted',
          )}
        >
          {trans(':change vs previous period', {
            change: `${change > 0 ? '+' : ''}${formatShare(change)}`,
          })}
        </p>
      )}
    </div>
  );
}
