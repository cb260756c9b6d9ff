import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrations/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { afterEachQuery } from '../helpers/query-counter.ts';

/*
 * Issue 35, item 3: a start SIGKILLed during migrations left SQLite half-migrated (Kysely runs
 * SQLite's DDL outside transactions) and every later start failed ("table likes already
 * exists", "duplicate column name: gapless"). Each migration is now one transaction with its
 * record: a process is killed in the middle of every migration and right after each one's
 * last statement (before its commit), then the next start must finish and leave the same
 * schema as a clean run.
 */
const postgres = !!process.env.TEST_DATABASE_URL;
const directories: string[] = [];

async function freshDatabase(): Promise<TestDatabase> {
  const directory = await mkdtemp(join(tmpdir(), 'backbeat-migration-kill-'));
  directories.push(directory);
  return createTestDatabase(directory);
}

afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

/** Tables, columns and indexes as the database describes them, in a stable order. */
async function schemaOf(db: Db): Promise<unknown[]> {
  if (postgres) {
    const columns = await sql`select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = current_schema()
      order by table_name, column_name`.execute(db);
    const indexes = await sql`select indexname, indexdef from pg_indexes
      where schemaname = current_schema() order by indexname`.execute(db);
    return [...columns.rows, ...indexes.rows];
  }
  const { rows } = await sql`select type, name, tbl_name, sql from sqlite_master
    where name not like 'sqlite_%' order by type, name`.execute(db);
  return rows;
}

/** Where a kill lands: a query number, and what the test calls it. */
interface KillPoint {
  after: number;
  label: string;
}

let reference: unknown[];
let killPoints: KillPoint[];
let migrationCount: number;

beforeAll(async () => {
  // A clean run, counting its queries: where each migration starts and records itself.
  const database = await freshDatabase();
  const handle = database.open();
  const recordAt: number[] = [];
  const counted = handle.db.withPlugin(
    afterEachQuery((count, query) => {
      // Our runner's record, or (to see this test fail without it) Kysely's Migrator's.
      if (/^insert into (\? \(name, timestamp\)|kysely_migration$)/i.test(query))
        recordAt.push(count);
    }),
  );
  const applied = await migrateToLatest(counted);
  migrationCount = applied.length;
  expect(recordAt).toHaveLength(migrationCount);
  reference = await schemaOf(handle.db);
  await handle.destroy();
  await database.drop();

  const all = applied.flatMap((name, i) => [
    {
      after: Math.ceil(((recordAt[i - 1] ?? 0) + recordAt[i]!) / 2),
      label: `in the middle of ${name}`,
    },
    { after: recordAt[i]!, label: `after ${name} recorded itself, before its commit` },
  ]);
  // PostgreSQL rolled back a dead client's transaction before too: a few points suffice.
  killPoints = postgres ? all.filter((_, i) => i % 9 === 1 || i === 8) : all;
}, 60_000);

function startKilledAt(config: TestDatabase['config'], after: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/test/helpers/migrate-until-killed.ts',
        JSON.stringify(config),
        String(after),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal ? resolve(signal) : reject(new Error(stderr || 'ended without being killed')),
    );
  });
}

describe(`a start killed during migrations (${postgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('starts again, and every migration is there once, whatever point it was killed at', async () => {
    expect(killPoints.length).toBeGreaterThanOrEqual(postgres ? 4 : 2 * migrationCount);
    const run = async (point: KillPoint) => {
      const database = await freshDatabase();
      expect(await startKilledAt(database.config, point.after), point.label).toBe('SIGKILL');
      const handle = database.open();
      try {
        // The next start: nothing half-done stands in its way.
        await expect(migrateToLatest(handle.db), point.label).resolves.toBeInstanceOf(Array);
        expect(await schemaOf(handle.db), point.label).toEqual(reference);
        const { rows } = await sql`select name from kysely_migration`.execute(handle.db);
        expect(rows, point.label).toHaveLength(migrationCount);
      } finally {
        await handle.destroy();
        await database.drop();
      }
    };
    // Two at a time: each kill is a process of its own.
    for (let i = 0; i < killPoints.length; i += 2)
      await Promise.all(killPoints.slice(i, i + 2).map(run));
  }, 240_000);
});
