// Starting the production build for a bench: spawn, readiness, login, start-up time to the
// first authenticated answer, and resident memory from /proc.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { spawnServerNode } from './server-flags.ts';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const ADMIN = { email: 'bench@backbeat.test', password: 'bench-password-123' };
/** Another build to measure (parallel work keeps its own dist folders). */
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? 'server/dist/main.js';
export const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((path) => existsSync(path));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForReady(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`Server at ${url} did not become ready`);
}

export interface BenchServer {
  child: ChildProcess;
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** The built server on the embedded SQLite storage; `pinned` runs it on core 0 (taskset). */
export async function startServer(
  storage: string,
  options: {
    pinned?: boolean;
    env?: Record<string, string>;
    wait?: boolean;
    limitSearch?: boolean;
    node?: string;
  } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnServerNode({
    script: SERVER_ENTRY,
    node: options.node,
    prefix: options.pinned && TASKSET ? [TASKSET, '-c', '0'] : [],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      STORAGE_PATH: storage,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The rows measure the work behind each answer, so the search limit is lifted.
      ...(options.limitSearch ? {} : { SEARCH_RATE_LIMIT: String(1e9) }),
      ...options.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: BenchServer = {
    child,
    port,
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    },
  };
  if (options.wait !== false) await waitForReady(url);
  return server;
}

/** Logs in as `email` (the bench password) and returns the Cookie header to send. */
export async function loginAs(url: string, email = ADMIN.email): Promise<string> {
  const jar: Record<string, string> = {};
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar[pair.slice(0, at)] = pair.slice(at + 1);
    }
  };
  keep(await fetch(`${url}/`));
  const header = () =>
    Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: header(),
      'x-xsrf-token': jar['XSRF-TOKEN'] ?? '',
    },
    body: JSON.stringify({ email, password: ADMIN.password, remember: true }),
  });
  if (!response.ok) throw new Error(`bench login failed: ${response.status}`);
  keep(response);
  return header();
}

/**
 * Spawn to the first 200 of bootstrap-data that knows the user (a session made by an earlier
 * instance on the same storage), asked every 5 ms: what a listener waits for after a restart.
 */
export async function timeStartup(
  storage: string,
  cookie: string,
  node?: string,
): Promise<{ ms: number; server: BenchServer }> {
  const started = performance.now();
  const server = await startServer(storage, { wait: false, node });
  for (;;) {
    if (performance.now() - started > 60_000) throw new Error('no authenticated answer in 60 s');
    try {
      const response = await fetch(`${server.url}/api/v1/bootstrap-data`, {
        headers: { cookie, accept: 'application/json' },
      });
      const body = await response.text();
      if (response.status === 200 && body.includes(ADMIN.email)) {
        return { ms: performance.now() - started, server };
      }
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
}

/**
 * Resident memory of a process (MB): RSS, its peak, and its two halves: private memory (anon),
 * and file pages mapped in (the node binary and its libraries), which the kernel may drop.
 */
export function memoryMb(pid: number): { rss: number; peak: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return {
    rss: kb('VmRSS') / 1024,
    peak: kb('VmHWM') / 1024,
    anon: kb('RssAnon') / 1024,
    file: kb('RssFile') / 1024,
  };
}
