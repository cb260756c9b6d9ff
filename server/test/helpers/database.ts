import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';

export interface TestDatabase {
  config: Config['database'];
  /** Opens a connection handle; the caller destroys it before drop(). */
  open(): DatabaseHandle;
  /** Removes the database (PostgreSQL); the SQLite file goes with its temp directory. */
  drop(): Promise<void>;
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database: an SQLite file in `directory`, or, when `server` (by default
 * TEST_DATABASE_URL) names a PostgreSQL server, a new database with a random name on it
 * (DESIGN §6).
 */
export async function createTestDatabase(
  directory: string,
  server: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<TestDatabase> {
  const serverUrl = server;
  if (!serverUrl) {
    const config = { driver: 'sqlite' as const, file: join(directory, 'database.sqlite') };
    return { config, open: () => openDatabase(config), drop: async () => {} };
  }

  const name = `bb_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const config = { driver: 'postgres' as const, url: url.toString() };
  return {
    config,
    open: () => openDatabase(config),
    drop: () =>
      withAdminClient(serverUrl, async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      }),
  };
}
