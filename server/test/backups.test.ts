import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '@backbeat/common/admin/backups';
import type { Config } from '../src/config.ts';
import { MIGRATION_NAMES, appliedMigrations } from '../src/db/migrations/index.ts';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser, type Browser } from './helpers/client.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

/*
 * Backups (issue 39.3): `npm run backup` copies the database while the server keeps serving,
 * and `npm run restore` puts it into a fresh storage; every write the server acknowledged
 * before the backup began is in the restored site, and the copy is one consistent moment.
 * The commands run as their own processes, as npm runs them, beside the serving app (each
 * start of one through tsx takes seconds, hence the longer limits).
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const CLI = join(ROOT, 'server/src/cli.ts');

/** Runs `cli.ts <args>` as its own process with the site's environment. */
function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env: { ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** The environment that points a command at a site's storage and database. */
function siteEnv(storagePath: string, database: Config['database']): Record<string, string> {
  return {
    STORAGE_PATH: storagePath,
    ...(database.driver === 'postgres' ? { DATABASE_URL: database.url } : {}),
  };
}

let t: TestApp;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  // No APP_KEY in the environment: the key lives in storage/app.key, as on a default install.
  t = await createTestApp({ env: { APP_KEY: undefined as unknown as string } });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
});

async function scratch(prefix: string) {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

async function freshSite(): Promise<{ storagePath: string; database: TestDatabase }> {
  const storagePath = await scratch('backbeat-restore-');
  const database = await createTestDatabase(storagePath);
  cleanups.push(() => database.drop());
  return { storagePath, database };
}

describe(`backup and restore (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('copies the site while it takes writes, and a restore finds every write acknowledged before', async () => {
    const listener = await signedInUser(t.app);
    // An uploaded file of the site's own, to come back with --files.
    await mkdir(join(t.config.storagePath, 'uploads'), { recursive: true });
    await writeFile(join(t.config.storagePath, 'uploads', 'cover.png'), 'not really a png');

    const acknowledged: { name: string; at: number }[] = [];
    const failures: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let index = 0; writing; index += 1) {
        const name = `Under load ${String(index).padStart(5, '0')}`;
        const response = await listener.browser.post('/api/v1/playlists', { name });
        if (response.statusCode === 201) acknowledged.push({ name, at: Date.now() });
        else failures.push(`${response.statusCode} ${response.body}`);
        // Let the event loop breathe as real traffic does between requests.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 10));

    const backupFolder = join(await scratch('backbeat-backup-'), 'nightly');
    const began = Date.now();
    const backup = await cli(
      ['backup', backupFolder, '--files'],
      siteEnv(t.config.storagePath, t.config.database),
    );
    const writtenDuring = acknowledged.filter((write) => write.at > began).length;
    const ackedBefore = acknowledged.filter((write) => write.at < began).map((write) => write.name);
    while (acknowledged.length < ackedBefore.length + writtenDuring + 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    writing = false;
    await writer;

    expect(backup.err + backup.out).toMatch(/Backup made in .*nightly/);
    expect(backup.code).toBe(0);
    // The server kept serving: no write failed while the copy was made.
    expect(failures).toEqual([]);
    expect(writtenDuring).toBeGreaterThan(0);
    const manifest = JSON.parse(await readFile(join(backupFolder, 'backup.json'), 'utf8'));
    expect(manifest).toMatchObject({
      database: { driver: t.config.database.driver, lastMigration: MIGRATION_NAMES.at(-1) },
      appKey: 'file',
      files: { included: true },
    });

    const site = await freshSite();
    const restored = await cli(
      ['restore', backupFolder],
      siteEnv(site.storagePath, site.database.config),
    );
    expect(restored.out).toContain('Restored the backup of');
    expect(restored.code).toBe(0);

    const handle = site.database.open();
    try {
      expect(await appliedMigrations(handle.db)).toEqual([...MIGRATION_NAMES]);
      const names = (
        await handle.db
          .selectFrom('playlists')
          .select('name')
          .where('name', 'like', 'Under load %')
          .orderBy('name')
          .execute()
      ).map((row) => row.name);
      // Every write acknowledged before the backup began is there…
      expect(names.slice(0, ackedBefore.length)).toEqual(ackedBefore);
      // …and the copy is one moment: the first n writes, with no gap and none half-made.
      const inOrder = acknowledged.map((write) => write.name);
      expect(names).toEqual(inOrder.slice(0, names.length));
    } finally {
      await handle.destroy();
    }
    expect(readFileSync(join(site.storagePath, 'app.key'), 'utf8')).toBe(t.config.appKey);
    expect(readFileSync(join(site.storagePath, 'uploads', 'cover.png'), 'utf8')).toBe(
      'not really a png',
    );
  }, 120_000);

  it('refuses what would lose data: a non-empty backup folder, a folder that is no backup, a site over a site', async () => {
    const env = siteEnv(t.config.storagePath, t.config.database);
    const used = await scratch('backbeat-used-');
    await writeFile(join(used, 'keep.txt'), 'mine');
    const intoUsed = await cli(['backup', used], env);
    expect(intoUsed.code).toBe(1);
    expect(intoUsed.err).toContain('is not empty');
    expect(readFileSync(join(used, 'keep.txt'), 'utf8')).toBe('mine');

    const notBackup = await cli(['restore', used], env);
    expect(notBackup.code).toBe(1);
    expect(notBackup.err).toContain('it is not a Backbeat backup');

    const folder = join(await scratch('backbeat-backup-'), 'b');
    expect((await cli(['backup', folder], env)).code).toBe(0);
    const overSite = await cli(['restore', folder], env);
    expect(overSite.code).toBe(1);
    expect(overSite.err).toContain('already holds a site');
    expect(existsSync(join(folder, 'files'))).toBe(false);

    const usage = await cli(['backup'], env);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('npm run backup -- <folder>');
  }, 120_000);

  it('lists backups in the admin area and makes one from there; only admins may', async () => {
    const admin: Browser = await openBrowser(t.app);
    await admin.login(t.admin.email, t.admin.password);
    const made = await admin.post('/api/v1/admin/backups', { files: false });
    expect(made.statusCode).toBe(200);
    const { backup } = made.json() as { backup: Backup };
    expect(backup).toMatchObject({
      database: t.config.database.driver,
      files_included: false,
      app_key_included: true,
    });
    expect(backup.directory.startsWith(join(t.config.storagePath, 'backups'))).toBe(true);
    expect(existsSync(join(backup.directory, 'backup.json'))).toBe(true);

    const list = await admin.get('/api/v1/admin/backups');
    expect(list.statusCode).toBe(200);
    const page = list.json() as { pagination: { data: Backup[]; total: number } };
    expect(page.pagination.data[0]).toEqual(backup);
    // The command-line backups of the tests above are listed too.
    expect(page.pagination.total).toBeGreaterThanOrEqual(3);

    const listener = await signedInUser(t.app);
    expect((await listener.browser.get('/api/v1/admin/backups')).statusCode).toBe(403);
    const bad = await admin.post('/api/v1/admin/backups', { files: 'yes' });
    expect(bad.statusCode).toBe(422);
  });
});
