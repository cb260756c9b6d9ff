import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { dimensionLabel } from '../format.ts';
import { RankedBars } from './ranked-bars.tsx';

type Breakdowns = Partial<Record<string, { value: string; plays: number }[]>>;

/** Countries, devices, platforms, browsers (and sources for plays) as ranked bars. */
export function BreakdownGrid({
  breakdowns,
  visits = false,
}: {
  breakdowns: Breakdowns;
  visits?: boolean;
}) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const unit = (count: number) =>
    visits
      ? transChoice(':count visitor|:count visitors', count)
      : transChoice(':count play|:count plays', count);
  const panels: [string, string][] = [
    ['country', trans('Countries')],
    ...(visits ? [] : ([['source', trans('Traffic sources')]] as [string, string][])),
    ['device', trans('Devices')],
    ['platform', trans('Platforms')],
    ['browser', trans('Browsers')],
  ];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {panels.map(([dimension, title]) => (
        <RankedBars
          key={dimension}
          title={title}
          unit={unit}
          rows={(breakdowns[dimension] ?? []).map((row) => ({
            key: row.value,
            label: dimensionLabel(dimension, row.value, trans),
            plays: row.plays,
          }))}
        />
      ))}
    </div>
  );
}
