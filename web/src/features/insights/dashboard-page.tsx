import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import clsx from 'clsx';
import type { Dashboard } from '@backbeat/common';
import { QueryError } from '../../entities/errors/page-states.tsx';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { BreakdownGrid } from './components/breakdowns.tsx';
import { PendingRequestsNote } from './components/pending-requests.tsx';
import { RangePicker, useInsightsRange } from './components/range-picker.tsx';
import { RankedBars } from './components/ranked-bars.tsx';
import { StatCard } from './components/stat-card.tsx';
import { TimeChart, type ChartSeries } from './components/time-chart.tsx';
import { formatCount, formatListened } from './format.ts';
import { useDashboardQuery } from './queries.ts';

const VIEWS = ['report', 'plays', 'visitors'] as const;
type View = (typeof VIEWS)[number];

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const trans = useTrans();
  const { totals: now, previous_totals: before } = dashboard;
  const card = (label: string, key: keyof Dashboard['totals']) => (
    <StatCard
      label={label}
      value={formatCount(now[key])}
      current={now[key]}
      previous={before[key]}
    />
  );
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      {card(trans('Plays'), 'plays')}
      {card(trans('Listeners'), 'listeners')}
      {card(trans('Visitors'), 'visitors')}
      {card(trans('New users'), 'new_users')}
      {card(trans('Uploads'), 'uploads')}
    </div>
  );
}

function Chart({ dashboard, view }: { dashboard: Dashboard; view: View }) {
  const trans = useTrans();
  const dates = useMemo(() => dashboard.series.map((p) => p.date), [dashboard]);
  const series = useMemo(() => {
    const of = (key: 'plays' | 'listeners' | 'visitors' | 'new_users' | 'uploads') =>
      dashboard.series.map((p) => p[key]);
    const plays = { label: trans('Plays'), values: of('plays'), color: '--be-primary' };
    const listeners = {
      label: trans('Listeners'),
      values: of('listeners'),
      color: '--be-positive',
    };
    const visitors = { label: trans('Visitors'), values: of('visitors'), color: '--be-warning' };
    const chosen: Record<View, ChartSeries[]> = {
      report: [
        plays,
        visitors,
        { label: trans('New users'), values: of('new_users'), color: '--be-positive' },
        { label: trans('Uploads'), values: of('uploads'), color: '--be-fg-muted', dashed: true },
      ],
      plays: [plays, listeners],
      visitors: [visitors],
    };
    return chosen[view];
  }, [dashboard, view, trans]);
  const titles: Record<View, string> = {
    report: trans('Activity over time'),
    plays: trans('Plays over time'),
    visitors: trans('Visitors over time'),
  };
  return (
    <TimeChart
      label={titles[view]}
      dates={dates}
      series={series}
      granularity={dashboard.range.granularity}
    />
  );
}

function TopLists({ dashboard }: { dashboard: Dashboard }) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const plays = (count: number) => transChoice(':count play|:count plays', count);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <RankedBars
        title={trans('Top tracks')}
        unit={plays}
        rows={dashboard.top_tracks.map((t) => ({
          key: String(t.id),
          label: (
            <Link to={`/admin/tracks/${t.id}/insights`} className="hover:underline">
              {t.name}
            </Link>
          ),
          plays: t.plays,
        }))}
      />
      <RankedBars
        title={trans('Top artists')}
        unit={plays}
        rows={dashboard.top_artists.map((a) => ({
          key: String(a.id),
          label: (
            <Link to={`/admin/artists/${a.id}/insights`} className="hover:underline">
              {a.name}
            </Link>
          ),
          plays: a.plays,
        }))}
      />
    </div>
  );
}

/** The admin index (issue 12): report, plays and visitors views over a chosen range. */
export function AdminDashboardPage() {
  const trans = useTrans();
  const [params] = useSearchParams();
  const view: View = (VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as View)
    : 'report';
  const range = useInsightsRange();
  const query = useDashboardQuery(range.query);
  const dashboard = query.data;
  const labels: Record<View, string> = {
    report: trans('Report'),
    plays: trans('Plays'),
    visitors: trans('Visitors'),
  };
  const linkTo = (next: View) => {
    const search = new URLSearchParams(params);
    search.set('view', next);
    return `?${search.toString()}`;
  };

  if (query.isError && !dashboard) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 md:px-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-fg">{trans('Dashboard')}</h1>
        <RangePicker value={range.key} onChange={range.setKey} />
      </header>
      <PendingRequestsNote />
      <nav aria-label={trans('Dashboard views')} className="flex gap-1 border-b border-border">
        {VIEWS.map((name) => (
          <Link
            key={name}
            to={linkTo(name)}
            replace
            aria-current={name === view ? 'page' : undefined}
            className={clsx(
              '-mb-px border-b-2 px-3 py-2 text-sm',
              name === view
                ? 'border-primary font-semibold text-fg'
                : 'border-transparent text-fg-muted hover:text-fg',
            )}
          >
            {labels[name]}
          </Link>
        ))}
      </nav>
      {!dashboard ? (
        <div
          role="status"
          aria-busy="true"
          aria-label={trans('Loading')}
          className="flex flex-col gap-4"
        >
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <>
          <Figures dashboard={dashboard} />
          {view === 'plays' && (
            <p className="text-sm text-fg-muted">
              {trans(':listened listened in total', {
                listened: formatListened(dashboard.totals.listened_ms, trans),
              })}
            </p>
          )}
          <Chart dashboard={dashboard} view={view} />
          {view === 'report' && <TopLists dashboard={dashboard} />}
          {view === 'plays' && <BreakdownGrid breakdowns={dashboard.plays_breakdowns} />}
          {view === 'visitors' && (
            <BreakdownGrid breakdowns={dashboard.visitor_breakdowns} visits />
          )}
        </>
      )}
    </div>
  );
}
