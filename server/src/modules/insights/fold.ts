import { UNKNOWN_DIMENSION_VALUE } from '@backbeat/common';
import { addHashToSketch, emptySketch, hash32, type Sketch } from './hyperloglog.ts';

/** Where one event counts: (scope, id) pairs, e.g. the track, its album, artists, the site. */
export type Scope = readonly [scope: string, id: number];

/** One play or visit, as the rollups count it. */
export interface FoldEvent {
  day: string;
  scopes: readonly Scope[];
  /** Who listened (a user or a browser session); null when nobody can be told apart. */
  listenerKey: string | null;
  userId: number | null;
  listenedMs: number;
  completed: boolean;
  /** Dimension name to value, in the same order for every event of a fold. */
  dimensions: readonly (readonly [dimension: string, value: string | null])[];
}

export interface DailyFigures {
  scope: string;
  scopeId: number;
  day: string;
  plays: number;
  listenedMs: number;
  completions: number;
  listeners: Sketch | null;
}

export interface DimensionFigures {
  scope: string;
  scopeId: number;
  day: string;
  dimension: string;
  value: string;
  plays: number;
}

export interface ListenerFigures {
  scope: string;
  scopeId: number;
  userId: number;
  plays: number;
  listenedMs: number;
}

interface DayCell extends DailyFigures {
  /** Plays per value, one map per dimension (in the events' dimension order). */
  values: Map<string, number>[];
}

interface ScopeCell {
  scope: string;
  scopeId: number;
  days: Map<string, DayCell>;
  listeners: Map<number, ListenerFigures>;
}

/**
 * Adds events up per scope and day, per dimension value, and per logged-in listener: what the
 * rollup job writes for a batch of plays, and what an insights answer adds for the plays the
 * job has not reached yet (today's), so both count exactly the same way. Nested maps keep the
 * million-play fold free of per-play key strings.
 */
export function createFold(options: { topListeners: boolean } = { topListeners: true }) {
  const scopes = new Map<string, Map<number, ScopeCell>>();
  let dimensionNames: string[] = [];

  function cellOf(scope: string, scopeId: number): ScopeCell {
    let byId = scopes.get(scope);
    if (!byId) scopes.set(scope, (byId = new Map()));
    let cell = byId.get(scopeId);
    if (!cell)
      byId.set(scopeId, (cell = { scope, scopeId, days: new Map(), listeners: new Map() }));
    return cell;
  }

  function add(event: FoldEvent): void {
    if (!dimensionNames.length) dimensionNames = event.dimensions.map(([name]) => name);
    const hash = event.listenerKey ? hash32(event.listenerKey) : null;
    for (const [scope, scopeId] of event.scopes) {
      const cell = cellOf(scope, scopeId);
      let day = cell.days.get(event.day);
      if (!day) {
        day = {
          scope,
          scopeId,
          day: event.day,
          plays: 0,
          listenedMs: 0,
          completions: 0,
          listeners: null,
          values: event.dimensions.map(() => new Map()),
        };
        cell.days.set(event.day, day);
      }
      day.plays += 1;
      day.listenedMs += event.listenedMs;
      if (event.completed) day.completions += 1;
      if (hash !== null) addHashToSketch((day.listeners ??= emptySketch()), hash);
      for (let i = 0; i < event.dimensions.length; i += 1) {
        const value = event.dimensions[i]![1] || UNKNOWN_DIMENSION_VALUE;
        const counts = day.values[i]!;
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      if (options.topListeners && event.userId !== null) {
        const found = cell.listeners.get(event.userId);
        if (found) {
          found.plays += 1;
          found.listenedMs += event.listenedMs;
        } else
          cell.listeners.set(event.userId, {
            scope,
            scopeId,
            userId: event.userId,
            plays: 1,
            listenedMs: event.listenedMs,
          });
      }
    }
  }

  function* cells() {
    for (const byId of scopes.values()) yield* byId.values();
  }

  return {
    add,
    daily(): DailyFigures[] {
      const all: DailyFigures[] = [];
      for (const cell of cells()) {
        for (const { values: _values, ...day } of cell.days.values()) all.push(day);
      }
      return all;
    },
    dimensions(): DimensionFigures[] {
      const all: DimensionFigures[] = [];
      for (const cell of cells()) {
        for (const day of cell.days.values()) {
          day.values.forEach((counts, i) => {
            for (const [value, plays] of counts) {
              all.push({
                scope: cell.scope,
                scopeId: cell.scopeId,
                day: day.day,
                dimension: dimensionNames[i]!,
                value,
                plays,
              });
            }
          });
        }
      }
      return all;
    },
    listeners(): ListenerFigures[] {
      const all: ListenerFigures[] = [];
      for (const cell of cells()) all.push(...cell.listeners.values());
      return all;
    },
  };
}

export type Fold = ReturnType<typeof createFold>;

/** Who a play's listener is, for distinct counts: the user, else the browser session. */
export const listenerKeyOf = (play: { user_id: number | null; listener: string | null }) =>
  play.user_id !== null ? `u${play.user_id}` : play.listener ? `s${play.listener}` : null;
