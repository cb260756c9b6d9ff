import { addDays, isoDay, type InsightsGranularity, type InsightsQuery } from '@backbeat/common';

/** The ranges the insights and dashboard screens offer, each with its natural grouping. */
export const RANGE_PRESETS = [
  { key: '7d', days: 7, granularity: 'day', label: 'Last 7 days' },
  { key: '28d', days: 28, granularity: 'day', label: 'Last 28 days' },
  { key: '90d', days: 90, granularity: 'week', label: 'Last 90 days' },
  { key: '365d', days: 365, granularity: 'month', label: 'Last 12 months' },
] as const satisfies readonly {
  key: string;
  days: number;
  granularity: InsightsGranularity;
  label: string;
}[];
export type RangeKey = (typeof RANGE_PRESETS)[number]['key'];
export const DEFAULT_RANGE: RangeKey = '28d';

export function presetOf(key: string | null): (typeof RANGE_PRESETS)[number] {
  return RANGE_PRESETS.find((preset) => preset.key === key) ?? RANGE_PRESETS[1];
}

/** The query of a preset, ending today (UTC, as the rollups count days). */
export function queryOf(key: string | null, now = new Date()): InsightsQuery {
  const preset = presetOf(key);
  const to = isoDay(now);
  return { from: addDays(to, -(preset.days - 1)), to, granularity: preset.granularity };
}
