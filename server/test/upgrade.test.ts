import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { BootstrapData } from '@backbeat/common';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { MIGRATION_NAMES, migrateToLatest } from '../src/db/migrations/index.ts';
import { openBrowser } from './helpers/client.ts';
import { RELEASE_FIXTURE } from './fixtures/release-fixture.ts';

/*
 * Upgrades (issue 39.4): a site made by the release of 2026-11-29 (the committed fixture,
 * fixtures/make-release-database.ts) is upgraded by a start with nothing lost, and a
 * migration that fails leaves the database as it was while the server refuses to start and
 * says why. The fixture is an SQLite file, as a default install's is.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const FIXTURE = new URL('./fixtures/release-0.1.0.sqlite', import.meta.url).pathname;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A storage folder holding a copy of the release's database. */
async function releaseSite() {
  const storagePath = await mkdtemp(join(tmpdir(), 'backbeat-upgrade-'));
  cleanups.push(() => rm(storagePath, { recursive: true, force: true }));
  copyFileSync(FIXTURE, join(storagePath, 'database.sqlite'));
  const env = {
    NODE_ENV: 'test',
    APP_KEY: randomBytes(32).toString('base64url'),
    STORAGE_PATH: storagePath,
    WEB_DIST_PATH: join(storagePath, 'web-dist'),
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: RELEASE_FIXTURE.admin.email,
  };
  return { storagePath, env, file: join(storagePath, 'database.sqlite') };
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('upgrading the release of 2026-11-29 (SQLite)', () => {
  it('takes every newer migration and keeps accounts, playlists, likes, plays, uploads and settings', async () => {
    const site = await releaseSite();
    const config = loadConfig(site.env);
    const database: DatabaseHandle = openDatabase(config.database);
    const opened: { app?: FastifyInstance } = {};
    cleanups.push(async () => {
      await opened.app?.close();
      await database.destroy();
    });
    const applied = await migrateToLatest(database.db);
    const after = MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(RELEASE_FIXTURE.lastMigration) + 1);
    expect(after.length).toBeGreaterThan(0);
    expect(applied).toEqual(after);

    const app = await buildApp({ config, database, logger: false });
    opened.app = app;
    const listener = await openBrowser(app);
    await listener.login(RELEASE_FIXTURE.listener.email, RELEASE_FIXTURE.listener.password);
    const boot = await listener.get('/api/v1/bootstrap-data');
    const data = (boot.json() as { bootstrapData: BootstrapData }).bootstrapData;
    expect(data.user?.email).toBe(RELEASE_FIXTURE.listener.email);
    expect(await app.services.settings.get('branding.site_name')).toBe(RELEASE_FIXTURE.siteName);

    const db = database.db;
    const userId = data.user!.id;
    const playlist = await db
      .selectFrom('playlists')
      .select('id')
      .where('name', '=', RELEASE_FIXTURE.playlist)
      .executeTakeFirstOrThrow();
    const count = async (table: 'playlist_tracks' | 'likes' | 'track_plays' | 'file_entries') =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db))
          .rows[0]!.n,
      );
    expect(
      await db
        .selectFrom('playlist_tracks')
        .select('track_id')
        .where('playlist_id', '=', playlist.id)
        .execute(),
    ).toHaveLength(2);
    expect(
      await db.selectFrom('likes').select('user_id').where('user_id', '=', userId).execute(),
    ).toHaveLength(2);
    expect(await count('track_plays')).toBe(2);
    expect(await count('file_entries')).toBe(1);
    const mine = await listener.get(`/api/v1/playlists/${playlist.id}`);
    expect(mine.statusCode).toBe(200);
  });

  it('a migration that fails leaves the database as it was, and the server will not start; it says why', async () => {
    const site = await releaseSite();
    // Something the upgrade cannot get past: the newest migration's record is refused, after
    // the newer ones before it ran in the same start (none of them may stay applied).
    const last = MIGRATION_NAMES.at(-1)!;
    expect(MIGRATION_NAMES.indexOf(last)).toBeGreaterThan(
      MIGRATION_NAMES.indexOf(RELEASE_FIXTURE.lastMigration) + 1,
    );
    const handle = openDatabase({ driver: 'sqlite', file: site.file });
    await sql`create trigger refuse_upgrade before insert on kysely_migration
      when new.name = ${sql.lit(last)} begin select raise(abort, 'refused by the test'); end`.execute(
      handle.db,
    );
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
    await handle.destroy();
    const before = digest(site.file);

    const { DATABASE_URL: _postgres, ...inherited } = process.env;
    const start = await new Promise<{ code: number | null; err: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: ROOT,
        env: { ...inherited, ...site.env, PORT: '0' },
      });
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('exit', (code) => resolve({ code, err }));
    });
    expect(start.err).toContain(`The database upgrade stopped at migration ${last}`);
    expect(start.err).toContain('refused by the test');
    expect(start.err).not.toMatch(/^\s+at /m);
    expect(start.code).toBe(1);

    const after = openDatabase({ driver: 'sqlite', file: site.file });
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(after.db);
    await after.destroy();
    expect(digest(site.file)).toBe(before);
  }, 60_000);
});
