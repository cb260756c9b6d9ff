import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig, type Config } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrations/index.ts';
import { seed } from '../../server/src/seed/index.ts';

export const ADMIN = { email: 'admin@backbeat.test', password: 'correct horse battery' };

export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a random port with a fresh SQLite database, serving the built web app. */
export async function startServer(
  options: {
    debug?: boolean;
    configure?: (app: FastifyInstance) => void;
    /** Config fields to replace, e.g. OAuth endpoints pointing at a local provider. */
    overrides?: Partial<Config>;
    /** Extra environment, e.g. the STORAGE_DRIVER=s3 variables of a local s3rver. */
    env?: Record<string, string>;
  } = {},
): Promise<TestServer> {
  const storagePath = mkdtempSync(join(tmpdir(), 'backbeat-e2e-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      APP_KEY: randomBytes(32).toString('base64url'),
      STORAGE_PATH: storagePath,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      APP_DEBUG: options.debug ? 'true' : 'false',
      LOG_LEVEL: 'silent',
      // Lets parallel work build the web app into its own folder.
      ...(process.env.WEB_DIST_PATH ? { WEB_DIST_PATH: process.env.WEB_DIST_PATH } : {}),
      ...options.env,
    },
    options.overrides ?? {},
  );
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false, configure: options.configure });
  await seed(app.services, config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    config,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(storagePath, { recursive: true, force: true });
    },
  };
}
