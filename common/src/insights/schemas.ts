import { z } from 'zod';
import { MAX_ROW_ID } from '../catalog/schemas.ts';
import { userSummarySchema } from '../catalog/types.ts';
import {
  INSIGHTS_DEFAULT_RANGE_DAYS,
  INSIGHTS_FIRST_DAY,
  INSIGHTS_LAST_DAY,
  INSIGHTS_GRANULARITIES,
  INSIGHTS_MAX_RANGE_DAYS,
  addDays,
  daysBetween,
  isoDay,
} from './constants.ts';

const day = (what: string) =>
  z.iso
    .date({ error: `The ${what} must be a date (YYYY-MM-DD).`, abort: true })
    .refine(
      (value) => value >= INSIGHTS_FIRST_DAY && value <= INSIGHTS_LAST_DAY,
      `The ${what} must be between ${INSIGHTS_FIRST_DAY} and ${INSIGHTS_LAST_DAY}.`,
    );

/**
 * Zod still runs an object's refinement when a field failed its format, with the raw value
 * (an empty string, `x`, an array): date arithmetic on that throws.
 */
const isDayOrAbsent = (value: unknown) =>
  value === undefined || day('date').safeParse(value).success;

/** How long a play lasted, reported when it stops (skip, end, page hidden). */
export const updatePlaySchema = z.object({
  listened_ms: z
    .number({ error: 'The listened time must be a number of milliseconds.' })
    .int('The listened time must be a whole number of milliseconds.')
    .min(0, 'The listened time cannot be negative.')
    .max(86_400_000, 'The listened time is too long.'),
  completed: z.boolean({ error: 'Completed must be true or false.' }).optional().default(false),
});
export type UpdatePlayInput = z.input<typeof updatePlaySchema>;

/** The range of an insights answer: inclusive UTC days, bucketed by day, week or month. */
export const insightsQuerySchema = z
  .object({
    /** Defaults to 28 days before `to`. */
    from: day('start date').optional(),
    /** Defaults to today. */
    to: day('end date').optional(),
    granularity: z
      .enum(INSIGHTS_GRANULARITIES, { error: 'The granularity must be day, week or month.' })
      .optional()
      .default('day'),
  })
  .superRefine((asked, context) => {
    // A malformed day already has its field's error; the range is only checked between days.
    if (!isDayOrAbsent(asked.from) || !isDayOrAbsent(asked.to)) return;
    // The defaults are checked too: a start years ago with no end is still too long.
    const to = asked.to ?? isoDay(Date.now());
    const range = { to, from: asked.from ?? addDays(to, -(INSIGHTS_DEFAULT_RANGE_DAYS - 1)) };
    if (range.from > range.to) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date must be on or after the start date.',
      });
    } else if (daysBetween(range.from, range.to) + 1 > INSIGHTS_MAX_RANGE_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The range may cover at most ${INSIGHTS_MAX_RANGE_DAYS} days.`,
      });
    }
  });
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

export const insightsRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(INSIGHTS_GRANULARITIES),
  /** The period of the same length just before, which the answer compares against. */
  previous_from: z.string(),
  previous_to: z.string(),
});

export const playTotalsSchema = z.object({
  plays: z.number(),
  /** Distinct listeners over the whole range (HyperLogLog estimate, exact for small counts). */
  listeners: z.number(),
  listened_ms: z.number(),
  completions: z.number(),
  /** completions / plays, 0..1. */
  completion_rate: z.number(),
  average_listen_ms: z.number(),
});
export type PlayTotals = z.infer<typeof playTotalsSchema>;

export const playPointSchema = z.object({
  /** The bucket's first day. */
  date: z.string(),
  plays: z.number(),
  listeners: z.number(),
  listened_ms: z.number(),
  completions: z.number(),
});
export type PlayPoint = z.infer<typeof playPointSchema>;

export const rankedValueSchema = z.object({ value: z.string(), plays: z.number() });
export type RankedValue = z.infer<typeof rankedValueSchema>;

export const rankedItemSchema = z.object({ id: z.number(), name: z.string(), plays: z.number() });
export type RankedItem = z.infer<typeof rankedItemSchema>;

const breakdownsOf = <Keys extends readonly [string, ...string[]]>(keys: Keys) =>
  z.object(
    Object.fromEntries(keys.map((key) => [key, z.array(rankedValueSchema)])) as {
      [K in Keys[number]]: z.ZodArray<typeof rankedValueSchema>;
    },
  );

export const playBreakdownsSchema = breakdownsOf([
  'country',
  'device',
  'platform',
  'browser',
  'source',
] as const);
export type PlayBreakdowns = z.infer<typeof playBreakdownsSchema>;

export const visitBreakdownsSchema = breakdownsOf([
  'country',
  'device',
  'platform',
  'browser',
] as const);
export type VisitBreakdowns = z.infer<typeof visitBreakdownsSchema>;

export const INSIGHTS_SUBJECTS = ['track', 'album', 'artist'] as const;
export type InsightsSubjectType = (typeof INSIGHTS_SUBJECTS)[number];

export const insightsSchema = z.object({
  subject: z.object({ type: z.enum(INSIGHTS_SUBJECTS), id: z.number(), name: z.string() }),
  range: insightsRangeSchema,
  totals: playTotalsSchema,
  previous_totals: playTotalsSchema,
  /** One point per bucket of the range, in order. */
  series: z.array(playPointSchema),
  /** The previous period's buckets, aligned with `series` by position. */
  previous_series: z.array(playPointSchema),
  /** Most played tracks of an album or artist in the range (empty for a track). */
  top_tracks: z.array(rankedItemSchema),
  /** Logged-in listeners who played most, all time. */
  top_listeners: z.array(
    z.object({ user: userSummarySchema, plays: z.number(), listened_ms: z.number() }),
  ),
  breakdowns: playBreakdownsSchema,
});
export type Insights = z.infer<typeof insightsSchema>;

export const dashboardTotalsSchema = z.object({
  plays: z.number(),
  listeners: z.number(),
  listened_ms: z.number(),
  new_users: z.number(),
  uploads: z.number(),
  visitors: z.number(),
});
export type DashboardTotals = z.infer<typeof dashboardTotalsSchema>;

export const dashboardPointSchema = dashboardTotalsSchema.omit({ listened_ms: true }).extend({
  date: z.string(),
});
export type DashboardPoint = z.infer<typeof dashboardPointSchema>;

export const dashboardSchema = z.object({
  range: insightsRangeSchema,
  totals: dashboardTotalsSchema,
  previous_totals: dashboardTotalsSchema,
  series: z.array(dashboardPointSchema),
  top_tracks: z.array(rankedItemSchema),
  top_artists: z.array(rankedItemSchema),
  plays_breakdowns: playBreakdownsSchema,
  visitor_breakdowns: visitBreakdownsSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const insightsParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The id must be a number.' })
    .int('The id must be a whole number.')
    .positive('The id must be a positive number.')
    .max(MAX_ROW_ID, 'The id is too large.'),
});
