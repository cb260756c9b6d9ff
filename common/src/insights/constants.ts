/** What an insights chart groups its days by. */
export const INSIGHTS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type InsightsGranularity = (typeof INSIGHTS_GRANULARITIES)[number];

/** The longest range one insights answer covers (a leap year). */
export const INSIGHTS_MAX_RANGE_DAYS = 366;

/**
 * The days an insights range may name: no play is older or newer, and both databases can
 * still do date arithmetic around them (PostgreSQL has no year 0 and stops at 9999).
 */
export const INSIGHTS_FIRST_DAY = '1970-01-01';
export const INSIGHTS_LAST_DAY = '2999-12-31';

/** The days a range covers when the query gives no start. */
export const INSIGHTS_DEFAULT_RANGE_DAYS = 28;

/** How many rows a ranked list (top tracks, listeners, countries...) shows. */
export const INSIGHTS_TOP_LIMIT = 10;

/** A play counts as completed once this share of the track was heard (or the track ended). */
export const PLAY_COMPLETION_RATIO = 0.9;

/** The breakdowns of plays that insights rank. */
export const PLAY_DIMENSIONS = ['country', 'device', 'platform', 'browser', 'source'] as const;
export type PlayDimension = (typeof PLAY_DIMENSIONS)[number];

/** The breakdowns of site visits the dashboard ranks. */
export const VISIT_DIMENSIONS = ['country', 'device', 'platform', 'browser'] as const;
export type VisitDimension = (typeof VISIT_DIMENSIONS)[number];

/** What insights show for a value nobody could tell (no country for a private address...). */
export const UNKNOWN_DIMENSION_VALUE = 'unknown';

/** Days, as `YYYY-MM-DD` in UTC: the unit of every rollup. */
export const DAY_MS = 86_400_000;
export const isoDay = (date: Date | number) => new Date(date).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) =>
  isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The first day of the bucket a day falls in: the day itself, the Monday of its ISO week, or
 * the first of its month. Charts and comparisons group by these.
 */
export function bucketOf(day: string, granularity: InsightsGranularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every bucket start from `from` to `to` (inclusive), in order. */
export function bucketsBetween(
  from: string,
  to: string,
  granularity: InsightsGranularity,
): string[] {
  const buckets: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const bucket = bucketOf(day, granularity);
    if (buckets[buckets.length - 1] !== bucket) buckets.push(bucket);
  }
  return buckets;
}
