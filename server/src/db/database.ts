import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pgModule from 'pg';
import { lazyRequire } from '../lib/lazy-require.ts';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { SQLite, type SqliteDatabase, type SqliteStatement } from './sqlite-driver.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  destroy(): Promise<void>;
  /**
   * Runs `work` with its writes in one SQLite transaction (each statement of its own would
   * commit on its own: most of a bulk import's time); plain `work()` on PostgreSQL.
   */
  batch?: WriteBatch;
}

export type WriteBatch = <T>(work: () => Promise<T>) => Promise<T>;

// timestamptz and bigint counts come back as the same JS types the SQLite driver returns.
const loadPg = lazyRequire<typeof pgModule>('pg');
function postgresDriver(): typeof pgModule {
  const pg = loadPg();
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  return pg;
}

const STATEMENT_CACHE_SIZE = 1000;
/**
 * SQLite reads pages with read calls into its own 2 MB cache, not through a memory map
 * (issue 22). Every page a map touched stayed in the server's resident memory, and more: the
 * kernel maps the cached pages around each one read (16 at a time), so after the bench's load
 * on 100,000 tracks the whole tracks table was resident, 148 of 282 MB. Read calls leave those
 * pages in the operating system's file cache, outside the process. A map was measured once to
 * make cold artist pages' CPU about a third cheaper; alternating runs of both on a machine
 * where each system call costs ~5 µs showed no difference beyond the runs' own spread.
 */
const MMAP_BYTES = 0;

/**
 * Kysely's SQLite driver prepares every statement anew, which was 40% of a request's CPU in
 * the benchmark. Queries are built from a fixed set of shapes, so prepared statements are kept
 * by SQL text and reused (better-sqlite3 statements are reusable once a call returns).
 */
function withStatementCache(sqlite: SqliteDatabase) {
  const statements = new Map<string, SqliteStatement>();
  /** Kysely transactions begun inside a write batch: savepoints of the batch's transaction. */
  let nested = 0;
  /** Kysely's own transaction statements; inside a batch they become savepoints. */
  const inBatch = (sqlText: string) => {
    if (sqlText === 'begin' && sqlite.inTransaction) {
      nested++;
      return 'savepoint kysely_nested';
    }
    if ((sqlText === 'commit' || sqlText === 'rollback') && nested > 0) {
      nested--;
      // A rolled-back savepoint stays open, empty, until the batch commits.
      return sqlText === 'commit' ? 'release kysely_nested' : 'rollback to kysely_nested';
    }
    return sqlText;
  };
  return {
    close: () => sqlite.close(),
    prepare(asked: string) {
      const sqlText = inBatch(asked);
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value as string);
        }
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

export function openDatabase(config: Config['database']): DatabaseHandle {
  if (config.driver === 'postgres') {
    // No JIT: PostgreSQL compiles a query to machine code when its estimated cost passes
    // jit_above_cost, which a deep page of a million-track catalog does while it runs in a few
    // milliseconds. The compiling took 65 ms of a 113 ms getSongsByGenre page (issue 42).
    const pool = new (postgresDriver().Pool)({
      connectionString: config.url,
      max: 20,
      options: '-c jit=off',
    });
    // An idle client that loses its connection (a database restart) emits an error; without a
    // listener that would crash the process. The pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  mkdirSync(dirname(config.file), { recursive: true });
  // Created readable by the server's user only (SQLite gives its -wal and -shm files the
  // same mode): the database holds password hashes, sessions and secrets.
  closeSync(openSync(config.file, 'a', 0o600));
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  // Begun and committed through Kysely's one connection, so never inside one of its
  // transactions; queries of other requests meanwhile join the batch (committed with it).
  const batch: WriteBatch = async (work) => {
    if (sqlite.inTransaction) return work();
    await sql`begin immediate`.execute(db);
    try {
      return await work();
    } finally {
      if (sqlite.inTransaction) await sql`commit -- batch`.execute(db);
    }
  };
  return { db, dialect: 'sqlite', destroy: () => db.destroy(), batch };
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export const nowIso = () => new Date().toISOString();
