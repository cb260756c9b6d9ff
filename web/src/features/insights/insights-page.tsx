import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { Insights, InsightsSubjectType } from '@backbeat/common';
import { EmptyState, QueryError } from '../../entities/errors/page-states.tsx';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { BreakdownGrid } from './components/breakdowns.tsx';
import { RangePicker, useInsightsRange } from './components/range-picker.tsx';
import { RankedBars } from './components/ranked-bars.tsx';
import { StatCard } from './components/stat-card.tsx';
import { TimeChart } from './components/time-chart.tsx';
import { formatClock, formatCount, formatListened, formatShare } from './format.ts';
import { useInsightsQuery } from './queries.ts';

function Headline({ insights }: { insights: Insights }) {
  const trans = useTrans();
  const { totals: now, previous_totals: before } = insights;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label={trans('Plays')}
        value={formatCount(now.plays)}
        current={now.plays}
        previous={before.plays}
      />
      <StatCard
        label={trans('Listeners')}
        value={formatCount(now.listeners)}
        current={now.listeners}
        previous={before.listeners}
      />
      <StatCard
        label={trans('Average listen')}
        value={formatClock(now.average_listen_ms)}
        current={now.average_listen_ms}
        previous={before.average_listen_ms}
      />
      <StatCard
        label={trans('Completion rate')}
        value={formatShare(now.completion_rate)}
        current={now.completion_rate}
        previous={before.completion_rate}
      />
    </div>
  );
}

function PlaysOverTime({ insights }: { insights: Insights }) {
  const trans = useTrans();
  const dates = useMemo(() => insights.series.map((p) => p.date), [insights]);
  const series = useMemo(
    () => [
      { label: trans('Plays'), values: insights.series.map((p) => p.plays), color: '--be-primary' },
      {
        label: trans('Listeners'),
        values: insights.series.map((p) => p.listeners),
        color: '--be-positive',
      },
      {
        label: trans('Plays, previous period'),
        values: insights.previous_series.map((p) => p.plays),
        color: '--be-fg-muted',
        dashed: true,
      },
    ],
    [insights, trans],
  );
  return (
    <TimeChart
      label={trans('Plays over time')}
      dates={dates}
      series={series}
      granularity={insights.range.granularity}
    />
  );
}

function Audience({ insights, area }: { insights: Insights; area: string }) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const plays = (count: number) => transChoice(':count play|:count plays', count);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {insights.subject.type !== 'track' && (
        <RankedBars
          title={trans('Top tracks')}
          unit={plays}
          rows={insights.top_tracks.map((track) => ({
            key: String(track.id),
            label: (
              <Link to={`/${area}/tracks/${track.id}/insights`} className="hover:underline">
                {track.name}
              </Link>
            ),
            plays: track.plays,
          }))}
        />
      )}
      <RankedBars
        title={trans('Top listeners (all time)')}
        unit={plays}
        rows={insights.top_listeners.map(({ user, plays: count, listened_ms }) => ({
          key: String(user.id),
          label: (
            <span className="flex items-center gap-2">
              <Avatar name={user.name} image={user.image} id={user.id} size={24} />
              <span className="truncate">{user.name}</span>
              <span className="text-fg-muted">· {formatListened(listened_ms, trans)}</span>
            </span>
          ),
          plays: count,
        }))}
      />
    </div>
  );
}

/** Insights of a track, album or artist (issue 11), in the backstage or the admin area. */
function InsightsPage({ kind }: { kind: InsightsSubjectType }) {
  const trans = useTrans();
  const id = Number(useParams().id);
  const area = useLocation().pathname.startsWith('/admin') ? 'admin' : 'backstage';
  const range = useInsightsRange();
  const query = useInsightsQuery(kind, id, range.query);
  const insights = query.data;

  if (query.isError && !insights) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 md:px-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-fg-muted">{trans('Insights')}</p>
          <h1 className="text-2xl font-bold text-fg">
            {insights?.subject.name ?? <Skeleton className="h-7 w-48" />}
          </h1>
        </div>
        <RangePicker value={range.key} onChange={range.setKey} />
      </header>
      {!insights ? (
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
          <Headline insights={insights} />
          <p className="text-sm text-fg-muted">
            {trans(':listened listened in total, :completions plays heard to the end', {
              listened: formatListened(insights.totals.listened_ms, trans),
              completions: formatCount(insights.totals.completions),
            })}
          </p>
          {insights.totals.plays === 0 && (
            <EmptyState
              icon="music"
              title={trans('No plays in this period yet')}
              text={trans('Plays show up here as soon as listeners press play.')}
            />
          )}
          <PlaysOverTime insights={insights} />
          <Audience insights={insights} area={area} />
          <BreakdownGrid breakdowns={insights.breakdowns} />
        </>
      )}
    </div>
  );
}

export const TrackInsightsPage = () => <InsightsPage kind="track" />;
export const AlbumInsightsPage = () => <InsightsPage kind="album" />;
export const ArtistInsightsPage = () => <InsightsPage kind="artist" />;
