import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Db } from './database.ts';

/**
 * The UTC day (`YYYY-MM-DD`) of a timestamp column, on either dialect: timestamps are
 * timestamptz on PostgreSQL and ISO 8601 text on SQLite.
 */
export function dayOf(db: Db, column: string): RawBuilder<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/** Bounds of a range of whole UTC days, as ISO times: `from` inclusive, `end` exclusive. */
export function dayBounds(from: string, to: string): { start: string; end: string } {
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
  return { start: `${from}T00:00:00.000Z`, end };
}
