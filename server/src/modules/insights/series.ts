import {
  INSIGHTS_DEFAULT_RANGE_DAYS,
  INSIGHTS_TOP_LIMIT,
  addDays,
  bucketOf,
  bucketsBetween,
  daysBetween,
  isoDay,
  type InsightsGranularity,
  type InsightsQuery,
  type PlayPoint,
  type PlayTotals,
  type RankedValue,
} from '@backbeat/common';
import type { DailyFigures } from './fold.ts';
import { emptySketch, estimate, mergeEncoded, mergeSketch, type Sketch } from './hyperloglog.ts';
import type { StoredDay } from './repository.ts';

/** The asked range (by default the 28 days up to today) and the same length just before. */
export function rangeOf(query: InsightsQuery, today = isoDay(new Date())) {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(INSIGHTS_DEFAULT_RANGE_DAYS - 1));
  const length = daysBetween(from, to) + 1;
  return {
    from,
    to,
    granularity: query.granularity,
    previous_from: addDays(from, -length),
    previous_to: addDays(from, -1),
  };
}
export type InsightsRange = ReturnType<typeof rangeOf>;

/** A day's figures, whether read from the rollups or folded live from today's plays. */
export interface DayFigures {
  day: string;
  plays: number;
  listenedMs: number;
  completions: number;
  stored: Uint8Array | null;
  live: Sketch | null;
}

export const fromStored = (row: StoredDay): DayFigures => ({
  day: row.day,
  plays: Number(row.plays),
  listenedMs: Number(row.listened_ms),
  completions: Number(row.completions),
  stored: row.listeners,
  live: null,
});

export const fromLive = (figures: DailyFigures): DayFigures => ({
  day: figures.day,
  plays: figures.plays,
  listenedMs: figures.listenedMs,
  completions: figures.completions,
  stored: null,
  live: figures.listeners,
});

interface Bucket {
  plays: number;
  listenedMs: number;
  completions: number;
  sketch: Sketch | null;
}

function addDay(bucket: Bucket, day: DayFigures) {
  bucket.plays += day.plays;
  bucket.listenedMs += day.listenedMs;
  bucket.completions += day.completions;
  if (day.stored || day.live) {
    bucket.sketch ??= emptySketch();
    if (day.stored) mergeEncoded(bucket.sketch, day.stored);
    if (day.live) mergeSketch(bucket.sketch, day.live);
  }
}

export function totalsOf(buckets: readonly Bucket[]): PlayTotals & { sketch: Sketch | null } {
  const sum: Bucket = { plays: 0, listenedMs: 0, completions: 0, sketch: null };
  for (const bucket of buckets) {
    sum.plays += bucket.plays;
    sum.listenedMs += bucket.listenedMs;
    sum.completions += bucket.completions;
    if (bucket.sketch) {
      sum.sketch ??= emptySketch();
      mergeSketch(sum.sketch, bucket.sketch);
    }
  }
  return {
    plays: sum.plays,
    listeners: sum.sketch ? estimate(sum.sketch) : 0,
    listened_ms: sum.listenedMs,
    completions: sum.completions,
    completion_rate: sum.plays ? sum.completions / sum.plays : 0,
    average_listen_ms: sum.plays ? Math.round(sum.listenedMs / sum.plays) : 0,
    sketch: sum.sketch,
  };
}

/**
 * Buckets the days of one period (day, week or month), one point per bucket in order, and
 * its totals. Each day's sketch is merged once, into its bucket; the totals merge buckets.
 */
export function seriesOf(
  days: readonly DayFigures[],
  from: string,
  to: string,
  granularity: InsightsGranularity,
) {
  const starts = bucketsBetween(from, to, granularity);
  const buckets = new Map<string, Bucket>(
    starts.map((start) => [start, { plays: 0, listenedMs: 0, completions: 0, sketch: null }]),
  );
  for (const day of days) {
    if (day.day < from || day.day > to) continue;
    const bucket = buckets.get(bucketOf(day.day, granularity));
    if (bucket) addDay(bucket, day);
  }
  const points: PlayPoint[] = starts.map((date) => {
    const bucket = buckets.get(date)!;
    return {
      date,
      plays: bucket.plays,
      listeners: bucket.sketch ? estimate(bucket.sketch) : 0,
      listened_ms: bucket.listenedMs,
      completions: bucket.completions,
    };
  });
  const { sketch: _sketch, ...totals } = totalsOf([...buckets.values()]);
  return { points, totals };
}

/** Adds ranked counts from several sources, most first, ties by value. */
export function rank(
  entries: Iterable<{ value: string; plays: number }>,
  limit = INSIGHTS_TOP_LIMIT,
): RankedValue[] {
  const sums = new Map<string, number>();
  for (const entry of entries) sums.set(entry.value, (sums.get(entry.value) ?? 0) + entry.plays);
  return [...sums]
    .map(([value, plays]) => ({ value, plays }))
    .sort((a, b) => b.plays - a.plays || a.value.localeCompare(b.value))
    .slice(0, limit);
}
