import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppearanceSettings, AppearanceValues } from '@backbeat/common/admin/appearance';
import type { SettingValues } from '../../server/src/modules/settings/defaults.ts';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig, type Config } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrations/index.ts';
import { seed } from '../../server/src/seed/index.ts';
import {
  refuseUnsavedSettings,
  signIn,
  startBuiltServer,
  type HttpSession,
} from '../../server/test/helpers/built-server.ts';

export const ADMIN = { email: 'admin@backbeat.test', password: 'correct horse battery' };

export interface TestServer {
  url: string;
  /**
   * The app's services on the server's own database, for seeding and fixtures. On the built
   * server (the default) this app lives in the test process and listens nowhere: what the
   * server keeps in memory (settings, roles) is changed with setSettings, setUserRoles and
   * withoutGuestPermission below, which go through its admin API.
   */
  app: FastifyInstance;
  config: Config;
  /** Whether the browser talks to the built server (server/dist/main.js) or the in-process app. */
  built: boolean;
  close(): Promise<void>;
}

export interface InProcessOptions {
  /** Why this file cannot run against the built server; written at the call site. */
  reason: string;
  /** Hooks into the app (routes or decorations a test adds). */
  configure?: (app: FastifyInstance) => void;
  /** Config fields to replace that have no environment variable. */
  overrides?: Partial<Config>;
}

/**
 * A fresh SQLite database under its own STORAGE_PATH and the app serving the built web app:
 * by default the built server (server/dist/main.js started as `npm start` starts it, issue
 * 37.3); with `inProcess`, the TypeScript app in this process.
 */
export async function startServer(
  options: {
    debug?: boolean;
    /** Extra environment, e.g. the STORAGE_DRIVER=s3 variables of a local s3rver. */
    env?: Record<string, string>;
    inProcess?: InProcessOptions;
  } = {},
): Promise<TestServer> {
  const storagePath = mkdtempSync(join(tmpdir(), 'backbeat-e2e-'));
  const env: Record<string, string> = {
    APP_KEY: randomBytes(32).toString('base64url'),
    STORAGE_PATH: storagePath,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    APP_DEBUG: options.debug ? 'true' : 'false',
    LOG_LEVEL: 'silent',
    // Lets parallel work build the web app into its own folder.
    ...(process.env.WEB_DIST_PATH ? { WEB_DIST_PATH: process.env.WEB_DIST_PATH } : {}),
    ...options.env,
  };
  const config = loadConfig({ NODE_ENV: 'test', ...env }, options.inProcess?.overrides ?? {});
  const database = openDatabase(config.database);
  const removeAll = async () => {
    await database.destroy();
    rmSync(storagePath, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({
      config,
      database,
      logger: false,
      configure: options.inProcess?.configure,
    });
    await seed(app.services, config);
    if (options.inProcess) {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      return {
        url: `http://127.0.0.1:${port}`,
        app,
        config,
        built: false,
        async close() {
          await app.close();
          await removeAll();
        },
      };
    }
    // The tests bring their own small catalog: the built server skips the demo one.
    await app.services.settings.set({ 'demo_catalog.seeded': true });
    const built = await startBuiltServer(env).catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
    return {
      url: built.url,
      app,
      config,
      built: true,
      async close() {
        await built.close();
        await app.close();
        await removeAll();
      },
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}

const adminSessions = new WeakMap<TestServer, Promise<HttpSession>>();

/** The admin signed in over HTTP, once per server. */
function adminSession(server: TestServer): Promise<HttpSession> {
  let session = adminSessions.get(server);
  if (!session) {
    session = signIn(server.url, ADMIN);
    adminSessions.set(server, session);
  }
  return session;
}

async function adminCall(server: TestServer, method: string, path: string, body?: unknown) {
  const response = await (await adminSession(server)).request(method, path, body);
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/**
 * Saves settings as an admin does, so the server's cached settings change at once. Only the
 * settings screen's names: the admin API would drop another (menus, fonts) without a word, and
 * the test would go on as if it were saved; those go through setAppearance.
 */
export async function setSettings(
  server: TestServer,
  values: Partial<SettingValues>,
): Promise<void> {
  refuseUnsavedSettings(values, ' Use setAppearance for menus and fonts.');
  if (!server.built) return server.app.services.settings.set(values);
  await adminCall(server, 'PUT', '/api/v1/admin/settings', values);
}

/**
 * Changes what the appearance editor saves (menus, fonts, branding…) as the editor does: reads
 * the current values, saves `change` of them through the admin API. Gives back the settings
 * as they were, to restore them with `setAppearance(server, () => before)`.
 */
export async function setAppearance(
  server: TestServer,
  change: (settings: AppearanceSettings) => AppearanceSettings,
): Promise<AppearanceSettings> {
  const path = '/api/v1/admin/appearance';
  const { values } = (await adminCall(server, 'GET', path)) as { values: AppearanceValues };
  await adminCall(server, 'PUT', path, { ...values, settings: change(values.settings) });
  return values.settings;
}

/**
 * A setting as stored now. The test process's settings service is another instance of the
 * app: it caches values for up to 10 s and is not told when the server under test saves
 * (that relay goes through Redis), so it forgets its cache before reading.
 */
export async function storedSetting<K extends keyof SettingValues>(
  server: TestServer,
  name: K,
): Promise<SettingValues[K]> {
  server.app.services.settings.forgetCached();
  return server.app.services.settings.get(name);
}

/** Replaces a user's roles (by name) through the admin API, so the server forgets the old ones. */
export async function setUserRoles(
  server: TestServer,
  userId: number,
  roleNames: string[],
): Promise<void> {
  if (!server.built) return server.app.services.users.setRoles(userId, roleNames);
  const { roles } = server.app.services;
  const found = await Promise.all(roleNames.map((name) => roles.findRoleByName(name)));
  const ids = found.flatMap((role) => (role ? [role.id] : []));
  await adminCall(server, 'PUT', `/api/v1/admin/users/${userId}`, { roles: ids });
}

/** Runs `work` while guests lack `permission`, given back afterwards (through the admin API). */
export async function withoutGuestPermission<T>(
  server: TestServer,
  permission: string,
  work: () => Promise<T>,
): Promise<T> {
  const guest = await server.app.services.roles.guestRole();
  if (!guest) throw new Error('There is no guest role.');
  const path = `/api/v1/admin/roles/${guest.id}`;
  const { role } = (await adminCall(server, 'GET', path)) as {
    role: { permissions: { name: string; restrictions: unknown[] }[] };
  };
  await adminCall(server, 'PUT', path, {
    permissions: role.permissions.filter((grant) => grant.name !== permission),
  });
  try {
    return await work();
  } finally {
    await adminCall(server, 'PUT', path, { permissions: role.permissions });
  }
}
