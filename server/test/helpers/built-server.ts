/**
 * The built server (server/dist/main.js) in a process of its own, started as `npm start` and
 * the README's "Running in production" start it: `node <node-flags.json flags> main.js` with
 * the environment node-flags.json adds, on a real socket (issue 37.3). Tests that run it find
 * a bundling or launcher fault that tests of the TypeScript sources cannot.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@backbeat/common';
import type { OperationsStatus } from '@backbeat/common/admin/operations';
import { settingsUpdateSchema } from '@backbeat/common/admin/settings';
import { root, serverNode } from '../../../scripts/lib.mjs';
import type { SettingValues } from '../../src/modules/settings/defaults.ts';

export interface BuiltServer {
  url: string;
  /** The server's stdout and stderr so far (the last 64 kB). */
  output(): string;
  close(): Promise<void>;
}

export interface BuiltServerOptions {
  /** The folder holding main.js; default SERVER_DIST_PATH or server/dist, as build.mjs writes. */
  distPath?: string;
  /** How long to wait for /health/ready (ms). */
  readyTimeoutMs?: number;
}

const OUTPUT_LIMIT = 64 * 1024;
// Only what a process needs to run at all; the test run's own variables (VITEST, NODE_OPTIONS,
// TEST_DATABASE_URL…) are not the server's business.
const PASSED_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];

/** A port no one listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * How `npm start` runs the built server: node with node-flags.json's flags on main.js, and
 * the environment node-flags.json adds to `env`. Throws when there is no build.
 */
export function builtServerLaunch(
  env: Record<string, string | undefined>,
  distPath = process.env.SERVER_DIST_PATH ?? join(root, 'server/dist'),
): { args: string[]; env: Record<string, string | undefined> } {
  const main = join(resolve(distPath), 'main.js');
  if (!existsSync(main))
    throw new Error(`The built server is missing in ${dirname(main)}: run npm run build first.`);
  const { flags, env: withNodeEnv } = serverNode();
  return { args: [...flags, main], env: withNodeEnv(env) };
}

/**
 * Starts the built server with `env` (its configuration: STORAGE_PATH, APP_KEY, …) on a free
 * port of 127.0.0.1 and settles once /health/ready answers 200. When it exits or is not ready
 * in time, rejects with what it printed.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  options: BuiltServerOptions = {},
): Promise<BuiltServer> {
  const port = await freePort();
  const own: Record<string, string> = {};
  for (const name of PASSED_THROUGH) {
    const value = process.env[name];
    if (value !== undefined) own[name] = value;
  }
  const launch = builtServerLaunch(
    { ...own, ...env, HOST: '127.0.0.1', PORT: String(port) },
    options.distPath,
  );
  const child = spawn(process.execPath, launch.args, {
    cwd: root,
    env: launch.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<string>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit(`exited (${signal ?? code})`)),
  );
  const url = `http://127.0.0.1:${port}`;
  const failure = await waitUntilReady(url, exited, options.readyTimeoutMs ?? 30_000);
  if (failure) {
    await stop(child);
    throw new Error(`The built server ${failure} before it was ready. Its output:\n${output}`);
  }
  return { url, output: () => output, close: () => stop(child) };
}

/** Polls /health/ready; the reason it never answered 200, or null once it has. */
async function waitUntilReady(
  url: string,
  exited: Promise<string>,
  timeoutMs: number,
): Promise<string | null> {
  let exit: string | null = null;
  void exited.then((reason) => (exit = reason));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) return exit;
    try {
      const response = await fetch(`${url}/health/ready`);
      if (response.status === 200) return null;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  return exit ?? `was not ready within ${timeoutMs} ms`;
}

/** SIGTERM (the server's own shutdown), SIGKILL if it is still there after 10 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(force);
}

export interface HttpSession {
  /** A request with the session's cookies (and the XSRF header on a state-changing one). */
  request(method: string, path: string, body?: unknown): Promise<Response>;
}

/** Signs in over HTTP as a browser does (XSRF cookie first, then /auth/login). */
export async function signIn(
  url: string,
  credentials: { email: string; password: string },
): Promise<HttpSession> {
  const cookies = new Map<string, string>();
  const send = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (cookies.size) headers.cookie = [...cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    const xsrf = cookies.get(XSRF_COOKIE);
    if (method !== 'GET' && xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  };
  await send('GET', '/');
  const login = await send('POST', '/auth/login', { ...credentials, remember: true });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  return { request: send };
}

/** The settings the admin settings screen saves; PUT /admin/settings drops any other name. */
const ADMIN_SETTING_NAMES = new Set(Object.keys(settingsUpdateSchema.shape));

/**
 * Saves settings as the admin settings screen does, so the built server's settings cache
 * changes at once (a write through the test's own services would not reach it).
 */
/**
 * Throws for a name PUT /admin/settings would drop without a word (menus, fonts: the
 * appearance editor's), so a test never goes on as if it were saved.
 */
export function refuseUnsavedSettings(values: object, hint = ''): void {
  const unsaved = Object.keys(values).filter((name) => !ADMIN_SETTING_NAMES.has(name));
  if (unsaved.length)
    throw new Error(`The admin settings API does not save ${unsaved.join(', ')}.${hint}`);
}

export async function saveSettings(
  admin: HttpSession,
  values: Partial<SettingValues>,
): Promise<void> {
  refuseUnsavedSettings(values);
  const response = await admin.request('PUT', '/api/v1/admin/settings', values);
  if (!response.ok)
    throw new Error(`Saving settings answered ${response.status}: ${await response.text()}`);
}

/**
 * Waits until the built server's job queues hold nothing waiting or running, by its
 * operations answer as an admin reads it (its queues live in its own memory). A job waiting
 * out a retry's backoff counts as neither.
 */
export async function jobsIdle(admin: HttpSession): Promise<void> {
  for (;;) {
    const response = await admin.request('GET', '/api/v1/admin/operations');
    if (!response.ok)
      throw new Error(`The operations answer was ${response.status}: ${await response.text()}`);
    const { status } = (await response.json()) as { status: OperationsStatus };
    if (status.jobs.queues.every((queue) => queue.waiting === 0 && queue.running === 0)) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}
