import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { libraryMp3, placeFile } from './helpers/library-audio.ts';

/*
 * The owner's commands on a site with REDIS_URL set (every compose install): each must end
 * once its work is done. `npm run admin` and `npm run import` left the tus locks' Redis
 * connection open and never exited (issue 39's container test found it); they now close the
 * services through the one list the server uses (services.ts closeServices).
 * Runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts leaves the file out otherwise.
 */

const ADMIN_CLI = fileURLToPath(new URL('../src/admin-cli.ts', import.meta.url));
const IMPORT_CLI = fileURLToPath(new URL('../src/library-import-cli.ts', import.meta.url));

let storage: string;
let music: string;
let database: TestDatabase;

beforeAll(async () => {
  storage = await mkdtemp(join(tmpdir(), 'backbeat-redis-commands-'));
  music = await mkdtemp(join(tmpdir(), 'backbeat-redis-commands-music-'));
  database = await createTestDatabase(storage);
  await placeFile(
    music,
    'Album/01.mp3',
    await libraryMp3(
      { title: 'With Redis', artist: 'Cli', album: 'Album', track: 1 },
      { seed: 611 },
    ),
  );
});
afterAll(async () => {
  await database.drop();
  await rm(storage, { recursive: true, force: true });
  await rm(music, { recursive: true, force: true });
});

/** The command as a real process; a command that does not end is killed after 60 s. */
function run(cli: string, args: string[]) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    APP_KEY: randomBytes(32).toString('base64url'),
    STORAGE_PATH: storage,
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    JOB_QUEUE_PREFIX: `backbeat-test-${randomBytes(4).toString('hex')}`,
  };
  if (database.config.driver === 'postgres') env.DATABASE_URL = database.config.url;
  return new Promise<{ code: number | string; killed: boolean; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { env, timeout: 60_000 },
      (error, stdout) =>
        resolve({ code: error ? (error.code ?? 1) : 0, killed: error?.killed ?? false, stdout }),
    );
  });
}

describe('owner commands on a site with Redis', () => {
  it('npm run admin -- create ends after printing the password', async () => {
    const result = await run(ADMIN_CLI, ['create', 'owner@example.com']);
    expect(result.killed).toBe(false);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('password:');
  }, 90_000);

  it('npm run import ends after its summary', async () => {
    const result = await run(IMPORT_CLI, [music]);
    expect(result.killed).toBe(false);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/1 added/);
  }, 90_000);
});
