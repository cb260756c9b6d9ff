import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from './database.ts';

/**
 * `column IN (ids)` with one bound parameter, so the SQL text stays the same for any number
 * of ids and SQLite's prepared-statement cache (database.ts) keeps hitting.
 */
export function inIds(
  dialect: Dialect,
  column: string,
  ids: readonly number[],
): Expression<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::int[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}
