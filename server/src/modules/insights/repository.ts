import { sql, type Insertable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { inIds } from '../../db/id-list.ts';
import type { SiteVisitsTable } from '../../db/insights-schema.ts';
import type { DailyFigures, DimensionFigures, ListenerFigures, Scope } from './fold.ts';
import { encodeSketch } from './hyperloglog.ts';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 400;

function* chunks<T>(rows: readonly T[], size = CHUNK): Generator<T[]> {
  for (let at = 0; at < rows.length; at += size) yield rows.slice(at, at + size);
}

export interface StoredDay {
  scope: string;
  scope_id: number;
  day: string;
  plays: number;
  listened_ms: number;
  completions: number;
  listeners: Uint8Array | null;
}

/** SQL of the insights rollups and site visits (tables of 0013_play_rollups). */
function insightsQueries(db: Db, dialect: Dialect) {
  /** Days with their listener sketch (none when nobody could be told apart). */
  const withSketches = () =>
    db
      .selectFrom('play_daily as d')
      .leftJoin('play_daily_listeners as l', (join) =>
        join
          .onRef('l.scope', '=', 'd.scope')
          .onRef('l.scope_id', '=', 'd.scope_id')
          .onRef('l.day', '=', 'd.day'),
      )
      .select([
        'd.scope',
        'd.scope_id',
        'd.day',
        'd.plays',
        'd.listened_ms',
        'd.completions',
        'l.sketch as listeners',
      ]);

  return {
    /** The watermark of a rollup; on PostgreSQL the row stays locked until the transaction ends. */
    async watermark(name: string): Promise<number> {
      await db
        .insertInto('play_rollup_state')
        .values({ name, last_id: 0, last_day: null, updated_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      let query = db.selectFrom('play_rollup_state').select('last_id').where('name', '=', name);
      if (dialect === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.last_id);
    },

    /** The watermark without a lock or a write (for reads). */
    async peekWatermark(name: string): Promise<number> {
      const row = await db
        .selectFrom('play_rollup_state')
        .select('last_id')
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(row?.last_id ?? 0);
    },

    async saveWatermark(name: string, lastId: number): Promise<void> {
      await db
        .updateTable('play_rollup_state')
        .set({ last_id: lastId, updated_at: new Date().toISOString() })
        .where('name', '=', name)
        .execute();
    },

    /** The stored days of these scopes and days (to merge listener sketches). */
    async storedDays(scopes: readonly string[], days: readonly string[]): Promise<StoredDay[]> {
      if (!days.length) return [];
      const rows: StoredDay[] = [];
      for (const part of chunks(days, 200)) {
        rows.push(
          ...(await withSketches()
            .where('d.scope', 'in', [...scopes])
            .where('d.day', 'in', part)
            .execute()),
        );
      }
      return rows;
    },

    /** Writes whole days (figures already merged with what was stored). */
    async writeDays(days: readonly DailyFigures[]): Promise<void> {
      for (const part of chunks(days)) {
        await db
          .insertInto('play_daily')
          .values(
            part.map((d) => ({
              scope: d.scope,
              scope_id: d.scopeId,
              day: d.day,
              plays: d.plays,
              listened_ms: d.listenedMs,
              completions: d.completions,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['scope', 'scope_id', 'day']).doUpdateSet((eb) => ({
              plays: eb.ref('excluded.plays'),
              listened_ms: eb.ref('excluded.listened_ms'),
              completions: eb.ref('excluded.completions'),
            })),
          )
          .execute();
      }
      const sketches = days.filter((d) => d.listeners);
      for (const part of chunks(sketches)) {
        await db
          .insertInto('play_daily_listeners')
          .values(
            part.map((d) => ({
              scope: d.scope,
              scope_id: d.scopeId,
              day: d.day,
              sketch: encodeSketch(d.listeners!),
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['scope', 'scope_id', 'day'])
              .doUpdateSet((eb) => ({ sketch: eb.ref('excluded.sketch') })),
          )
          .execute();
      }
    },

    async addDimensions(rows: readonly DimensionFigures[]): Promise<void> {
      for (const part of chunks(rows)) {
        await db
          .insertInto('play_daily_dimensions')
          .values(
            part.map((r) => ({
              scope: r.scope,
              scope_id: r.scopeId,
              day: r.day,
              dimension: r.dimension,
              value: r.value.slice(0, 50),
              plays: r.plays,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['scope', 'scope_id', 'day', 'dimension', 'value']).doUpdateSet((eb) => ({
              plays: eb('play_daily_dimensions.plays', '+', eb.ref('excluded.plays')),
            })),
          )
          .execute();
      }
    },

    async addListeners(rows: readonly ListenerFigures[]): Promise<void> {
      for (const part of chunks(rows)) {
        await db
          .insertInto('play_top_listeners')
          .values(
            part.map((r) => ({
              scope: r.scope,
              scope_id: r.scopeId,
              user_id: r.userId,
              plays: r.plays,
              listened_ms: r.listenedMs,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['scope', 'scope_id', 'user_id']).doUpdateSet((eb) => ({
              plays: eb('play_top_listeners.plays', '+', eb.ref('excluded.plays')),
              listened_ms: eb(
                'play_top_listeners.listened_ms',
                '+',
                eb.ref('excluded.listened_ms'),
              ),
            })),
          )
          .execute();
      }
    },

    /** A rolled-up play's length changed: its days and listener rows follow. */
    async adjustRolled(
      scopes: readonly Scope[],
      day: string,
      userId: number | null,
      change: { listenedMs: number; completions: number },
    ): Promise<void> {
      for (const [scope, scopeId] of scopes) {
        await db
          .updateTable('play_daily')
          .set((eb) => ({
            listened_ms: eb('listened_ms', '+', change.listenedMs),
            completions: eb('completions', '+', change.completions),
          }))
          .where('scope', '=', scope)
          .where('scope_id', '=', scopeId)
          .where('day', '=', day)
          .execute();
        if (userId !== null && change.listenedMs) {
          await db
            .updateTable('play_top_listeners')
            .set((eb) => ({ listened_ms: eb('listened_ms', '+', change.listenedMs) }))
            .where('scope', '=', scope)
            .where('scope_id', '=', scopeId)
            .where('user_id', '=', userId)
            .execute();
        }
      }
    },

    async days(scope: string, scopeId: number, from: string, to: string): Promise<StoredDay[]> {
      return withSketches()
        .where('d.scope', '=', scope)
        .where('d.scope_id', '=', scopeId)
        .where('d.day', '>=', from)
        .where('d.day', '<=', to)
        .execute();
    },

    /** Plays per dimension value over the range, most first. */
    async dimensionTotals(scope: string, scopeId: number, from: string, to: string) {
      const rows = await db
        .selectFrom('play_daily_dimensions')
        .select(['dimension', 'value', sql<number>`sum(plays)`.as('plays')])
        .where('scope', '=', scope)
        .where('scope_id', '=', scopeId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['dimension', 'value'])
        .execute();
      return rows.map((r) => ({ ...r, plays: Number(r.plays) }));
    },

    /** The most played ids of one scope over the range (optionally only among `ids`). */
    async topOfScope(
      scope: string,
      from: string,
      to: string,
      limit: number,
      ids?: readonly number[],
    ): Promise<{ id: number; plays: number }[]> {
      if (ids && !ids.length) return [];
      let query = db
        .selectFrom('play_daily')
        .select(['scope_id as id', sql<number>`sum(plays)`.as('plays')])
        .where('scope', '=', scope)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('scope_id')
        .orderBy('plays', 'desc')
        .orderBy('scope_id')
        .limit(limit);
      if (ids) query = query.where(inIds(dialect, 'scope_id', ids));
      const rows = await query.execute();
      return rows.map((r) => ({ id: Number(r.id), plays: Number(r.plays) }));
    },

    async topListeners(scope: string, scopeId: number, limit: number) {
      return db
        .selectFrom('play_top_listeners')
        .select(['user_id', 'plays', 'listened_ms'])
        .where('scope', '=', scope)
        .where('scope_id', '=', scopeId)
        .orderBy('plays', 'desc')
        .orderBy('user_id')
        .limit(limit)
        .execute();
    },

    /** One visit per browser session and day; a second one that day changes nothing. */
    async recordVisit(visit: Insertable<SiteVisitsTable>): Promise<void> {
      await db
        .insertInto('site_visits')
        .values(visit)
        .onConflict((oc) => oc.columns(['day', 'visitor']).doNothing())
        .execute();
    },

    async visitsAfter(afterId: number, options: { beforeId?: number | null; limit: number }) {
      let query = db
        .selectFrom('site_visits')
        .selectAll()
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(options.limit);
      if (options.beforeId != null) query = query.where('id', '<', options.beforeId);
      return query.execute();
    },

    async firstVisitIdFrom(afterId: number, day: string): Promise<number | null> {
      const row = await db
        .selectFrom('site_visits')
        .select((eb) => eb.fn.min('id').as('id'))
        .where('id', '>', afterId)
        .where('day', '>=', day)
        .executeTakeFirst();
      return row?.id == null ? null : Number(row.id);
    },
  };
}

export type InsightsQueries = ReturnType<typeof insightsQueries>;

export function createInsightsRepository(db: Db, dialect: Dialect) {
  return {
    ...insightsQueries(db, dialect),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (tx: InsightsQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(insightsQueries(trx, dialect)));
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
