import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/**
 * Whether this Node can load better-sqlite3 13, which is built on Node-API 10 (Node 22.14 and
 * later) and ships one prebuilt binary per platform for every such Node.
 */
export const usesNodeApiSqlite = Number(process.versions.napi) >= 10;

/**
 * The SQLite driver class for the running Node. better-sqlite3 12 (compiled for each Node
 * version at install) aborts the process on Node 24 when a garbage-collected statement is
 * freed (`RemoveEnvironmentCleanupHook`: it uses Node's internal ObjectWrap); 13 moved to
 * Node-API and does not, but it crashes on Node 20, which lacks Node-API 10. Both are
 * installed (13 under the alias better-sqlite3-napi, with nothing to compile) and the one this
 * Node can run is used. The two share one API.
 */
export const SQLite: typeof BetterSqlite3 = require(
  usesNodeApiSqlite ? 'better-sqlite3-napi' : 'better-sqlite3',
) as typeof BetterSqlite3;

export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;
