import { spawn } from 'node:child_process';
import { copyFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';

export type DatabaseConfig = Config['database'];

/** The file a backup keeps its database copy in, per dialect. */
export const DATABASE_FILES = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;

/** Runs a command, rejecting with what it wrote to stderr. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${command} was not found. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client).`
            : error.message,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed: ${errors.trim() || code}`)),
    );
  });
}

/**
 * A consistent copy of the database while the server keeps serving. SQLite: `VACUUM INTO`
 * reads one snapshot (a read transaction, which in WAL mode never blocks the server's writers)
 * and writes it as a compact database file; unlike the page-by-page backup API it does not
 * start over each time another connection writes, so it ends under a steady write load.
 * PostgreSQL: `pg_dump` in its custom format, which also reads one snapshot.
 */
export async function copyDatabase(
  db: Db,
  database: DatabaseConfig,
  directory: string,
): Promise<{ file: string; bytes: number }> {
  const file = join(directory, DATABASE_FILES[database.driver]);
  if (database.driver === 'sqlite') {
    await sql`VACUUM INTO ${file}`.execute(db);
  } else {
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${database.url}`,
    ]);
  }
  return { file, bytes: (await stat(file)).size };
}

/**
 * Puts a backup's database in place of the configured one. The caller has checked that the
 * target is empty (or was told to replace it) and that the server is stopped.
 */
export async function restoreDatabase(database: DatabaseConfig, directory: string): Promise<void> {
  const file = join(directory, DATABASE_FILES[database.driver]);
  if (database.driver === 'sqlite') {
    // A stale write-ahead log beside the new file would be replayed onto it.
    await Promise.all(['-wal', '-shm'].map((tail) => rm(database.file + tail, { force: true })));
    await copyFile(file, database.file);
    return;
  }
  await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--clean',
    '--if-exists',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${database.url}`,
    file,
  ]);
}
