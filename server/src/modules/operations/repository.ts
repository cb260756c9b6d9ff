import { stat } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';

/** The database's size on disk: SQLite's file with its write-ahead log, or PostgreSQL's. */
export async function databaseBytes(db: Db, database: Config['database']): Promise<number | null> {
  try {
    if (database.driver === 'postgres') {
      const { rows } = await sql<{
        bytes: string | number;
      }>`select pg_database_size(current_database()) as bytes`.execute(db);
      return Number(rows[0]?.bytes ?? 0);
    }
    const sizes = await Promise.all(
      ['', '-wal'].map((tail) =>
        stat(database.file + tail).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    return sizes[0]! + sizes[1]!;
  } catch {
    return null;
  }
}
