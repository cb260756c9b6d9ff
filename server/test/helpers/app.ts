import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrations/index.ts';
import { seed } from '../../src/seed/index.ts';
import { checkAnswersAgainstContracts } from './conformance.ts';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { sendBrowsersTo } from './client.ts';
import { createTestDatabase } from './database.ts';

export interface TestAppOptions {
  /** Config fields to replace after the env is parsed, e.g. `{ debug: true }`. */
  overrides?: Partial<Config>;
  /** Extra env vars for loadConfig, e.g. `{ BODY_LIMIT: '100' }`. */
  env?: Record<string, string>;
  /** Adds hooks that must see every route (run before the first route is registered). */
  instrument?: (app: FastifyInstance) => void | Promise<void>;
  /** Registers test-only routes or hooks before the app is sealed. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * Also starts the built server (server/dist/main.js, as `npm start` does) on the same
   * database and storage, with the same env: `url` is its address (issue 37.3). The app here
   * then only seeds and reads; it listens nowhere, and the test browsers made for it
   * (helpers/client.ts) talk to the built server.
   */
  builtServer?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** The seeded admin account (it holds the `admin` permission). */
  admin: { email: string; password: string };
  /** The built server's address, with `builtServer`. */
  url: string | null;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database (SQLite file by default, PostgreSQL when
 * TEST_DATABASE_URL is set), migrated and seeded, with storage in its own temp directory.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const directory = await mkdtemp(join(tmpdir(), 'backbeat-test-'));
  const testDatabase = await createTestDatabase(directory);
  const env: Record<string, string> = {
    APP_KEY: randomBytes(32).toString('base64url'),
    STORAGE_PATH: directory,
    // No built SPA here, so the page is the server's fallback template.
    WEB_DIST_PATH: join(directory, 'web-dist'),
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: 'admin@backbeat.test',
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    // Test files share one Redis: each app's jobs stay on queues of its own.
    JOB_QUEUE_PREFIX: `backbeat-test:${randomBytes(6).toString('hex')}`,
    ...options.env,
  };
  const config = loadConfig(
    { NODE_ENV: 'test', ...env },
    { database: testDatabase.config, ...options.overrides },
  );

  const database = testDatabase.open();
  let app: FastifyInstance | undefined;
  let built: BuiltServer | undefined;
  const close = async () => {
    await built?.close();
    await app?.close();
    await database.destroy();
    await testDatabase.drop();
    await rm(directory, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(database.db);
    app = await buildApp({
      config,
      database,
      logger: false,
      instrument: async (app) => {
        checkAnswersAgainstContracts(app);
        await options.instrument?.(app);
      },
      configure: options.configure,
    });
    await seed(app.services, config);
    await app.ready();
    if (options.builtServer) {
      // The test seeds its own catalog: the built server skips the demo one.
      await app.services.settings.set({ 'demo_catalog.seeded': true });
      const where = testDatabase.config;
      built = await startBuiltServer({
        ...env,
        ...(where.driver === 'postgres' ? { DATABASE_URL: where.url } : {}),
      });
      sendBrowsersTo(app, built.url);
    }
  } catch (error) {
    await close();
    throw error;
  }
  const admin = { email: config.admin.email, password: config.admin.password ?? '' };
  return { app, config, database, admin, url: built?.url ?? null, close };
}
