import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useTrans } from '../../../lib/translator.ts';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { formatBucket, formatCount } from '../format.ts';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A theme colour variable (`--be-primary`...). */
  color: string;
  dashed?: boolean;
}

const HEIGHT = 240;

/** The theme's colour for a `--be-*` variable (stored as "r g b"). */
const themeColor = (variable: string, alpha = 1) => {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return value ? `rgb(${value.replaceAll(',', ' ')} / ${alpha})` : `rgb(128 128 128 / ${alpha})`;
};

function optionsFor(width: number, series: ChartSeries[], granularity: string): uPlot.Options {
  const axis = {
    stroke: themeColor('--be-fg-muted'),
    grid: { stroke: themeColor('--be-border', 0.6), width: 1 },
    ticks: { stroke: themeColor('--be-border', 0.6), width: 1 },
  };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false } },
    series: [
      {},
      ...series.map((s) => ({
        label: s.label,
        stroke: themeColor(s.color),
        width: 2,
        points: { show: series[0]!.values.length <= 31 },
        ...(s.dashed ? { dash: [6, 4] } : {}),
      })),
    ],
    axes: [
      {
        ...axis,
        values: (_chart: uPlot, ticks: number[]) =>
          ticks.map((tick) => {
            const date = new Date(tick * 1000).toISOString().slice(0, 10);
            return formatBucket(date, granularity);
          }),
      },
      {
        ...axis,
        size: 56,
        values: (_c: uPlot, ticks: number[]) => ticks.map((t) => formatCount(t)),
      },
    ],
  };
}

/**
 * A line chart of figures per bucket, drawn by uPlot (loaded with the first chart, so
 * listeners never download it), in the theme's colours and redrawn when the theme or the width
 * changes. Screen readers get the same figures as a table.
 */
export function TimeChart({
  label,
  dates,
  series,
  granularity,
}: {
  label: string;
  dates: string[];
  series: ChartSeries[];
  granularity: string;
}) {
  const trans = useTrans();
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    const xs = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [xs, ...series.map((s) => s.values)];
    let UPlot: typeof uPlot | null = null;
    const draw = () => {
      if (!UPlot || cancelled) return;
      chart?.destroy();
      chart = new UPlot(optionsFor(element.clientWidth || 320, series, granularity), data, element);
    };
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => {
      UPlot = module.default;
      draw();
      if (!cancelled) setReady(true);
    });
    const resize = new ResizeObserver(() =>
      chart?.setSize({ width: element.clientWidth || 320, height: HEIGHT }),
    );
    resize.observe(element);
    // The theme switch changes the root's class or style variables: redraw in its colours.
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['class', 'style'],
    });
    return () => {
      cancelled = true;
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [dates, series, granularity]);

  const total = series[0]?.values.reduce((sum, value) => sum + value, 0) ?? 0;
  return (
    <figure className="rounded-xl border border-border bg-bg-alt p-4">
      <figcaption className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold text-fg">{label}</span>
        {series.map((s) => (
          <span key={s.label} className="flex items-center gap-1.5 text-fg-muted">
            <span
              aria-hidden="true"
              className="inline-block h-0.5 w-4"
              style={{
                background: s.dashed ? 'none' : `rgb(var(${s.color}))`,
                borderTop: s.dashed ? `2px dashed rgb(var(${s.color}))` : undefined,
              }}
            />
            {s.label}
          </span>
        ))}
      </figcaption>
      <div
        ref={container}
        role="img"
        aria-label={trans(':label: :total in :points points', {
          label,
          total: formatCount(total),
          points: String(dates.length),
        })}
        data-chart-ready={ready ? 'true' : undefined}
        className="relative w-full"
        style={{ minHeight: HEIGHT }}
      >
        {!ready && <Skeleton className="absolute inset-0" />}
      </div>
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{trans('Date')}</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dates.map((date, index) => (
            <tr key={date}>
              <th scope="row">{formatBucket(date, granularity)}</th>
              {series.map((s) => (
                <td key={s.label}>{formatCount(s.values[index] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
