import type { Generated } from 'kysely';

/** Tables of insights (0013_play_rollups); days are `YYYY-MM-DD` strings in UTC. */
export interface PlayRollupStateTable {
  name: string;
  /** The last play (or visit) id folded into the rollups. */
  last_id: number;
  /** The last day whose visits were folded in. */
  last_day: string | null;
  updated_at: string;
}

export interface PlayDailyTable {
  /** track, album, artist, site or visits. */
  scope: string;
  scope_id: number;
  day: string;
  plays: number;
  listened_ms: number;
  completions: number;
}

export interface PlayDailyListenersTable {
  scope: string;
  scope_id: number;
  day: string;
  /** HyperLogLog sketch of the day's listeners (see modules/insights/hyperloglog.ts). */
  sketch: Buffer;
}

export interface PlayDailyDimensionsTable {
  scope: string;
  scope_id: number;
  day: string;
  dimension: string;
  value: string;
  plays: number;
}

export interface PlayTopListenersTable {
  scope: string;
  scope_id: number;
  user_id: number;
  plays: number;
  listened_ms: number;
}

export interface SiteVisitsTable {
  id: Generated<number>;
  day: string;
  /** The hashed session id: one row per browser session and day. */
  visitor: string;
  user_id: number | null;
  device: string | null;
  platform: string | null;
  browser: string | null;
  country: string | null;
  created_at: string;
}

export interface InsightsTables {
  play_rollup_state: PlayRollupStateTable;
  play_daily: PlayDailyTable;
  play_daily_listeners: PlayDailyListenersTable;
  play_daily_dimensions: PlayDailyDimensionsTable;
  play_top_listeners: PlayTopListenersTable;
  site_visits: SiteVisitsTable;
}
