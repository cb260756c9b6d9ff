import { sql, type Compilable, type Expression, type Kysely, type SqlBool } from 'kysely';
import { compiledByIdsAndNumbers } from './compiled-read.ts';
import type { Database } from './schema.ts';
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

/**
 * A read whose only bound value is one id list (`inIds`), built and compiled by Kysely once
 * and then run with each call's ids: building and compiling a query of twenty columns cost
 * ~50 µs, done for every card list of every page (issue 22). `build` makes the query for
 * the given ids with `inIds`; if it binds anything else, it is built and run on each call.
 * (`compiledByNumbers` in compiled-read.ts does the same for reads bound to a few numbers.)
 */
export function compiledByIds<Row>(
  db: Kysely<Database>,
  dialect: Dialect,
  build: (ids: readonly number[]) => Compilable<Row>,
): (ids: readonly number[]) => Promise<Row[]> {
  return compiledByIdsAndNumbers(db, dialect, build, { fixedValues: false });
}
