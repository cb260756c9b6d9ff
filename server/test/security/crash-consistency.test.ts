import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite } from '../../src/db/sqlite-driver.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { builtServerLaunch } from '../helpers/built-server.ts';

/**
 * Issue 16: the real server process, killed while it writes, loses nothing it acknowledged and
 * leaves a sound database; stopped with SIGTERM under load, it fails no request. The process
 * is the built server (server/dist/main.js) as `npm start` runs it (issue 37.3).
 */
const root = new URL('../../../', import.meta.url).pathname;
const ADMIN = { email: 'crash@backbeat.test', password: 'crash-test-password' };
const storages: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const storage of storages) rmSync(storage, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  port: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(storage: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, REDIS_URL: _redis, ...inherited } = process.env;
  const launch = builtServerLaunch({
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    STORAGE_PATH: storage,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  const child = spawn(process.execPath, launch.args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: launch.env,
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  // Allow a busy machine (API files run three at a time).
  await expect.poll(() => output, { timeout: 60_000 }).toContain('Backbeat is listening');
  return { port, child, exited };
}

/** A client with its own cookies, over keep-alive connections like a browser's. */
function client(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const cookies = new Map<string, string>();
  function call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: () => unknown }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {
      accept: 'application/json',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (payload) headers['content-type'] = 'application/json';
    if (method !== 'GET')
      headers['x-xsrf-token'] = decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '');
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
  return {
    call,
    close: () => agent.destroy(),
    async login() {
      await call('GET', '/');
      const response = await call('POST', '/auth/login', ADMIN);
      expect(response.status).toBe(200);
    },
  };
}

function openSqlite(storage: string) {
  return new SQLite(join(storage, 'database.sqlite'));
}

/** Public track ids straight from the database (the demo catalog seeded on first start). */
function trackIds(storage: string, count: number): number[] {
  const sqlite = openSqlite(storage);
  try {
    const rows = sqlite
      .prepare('SELECT id FROM tracks WHERE is_public = 1 ORDER BY id LIMIT ?')
      .all(count) as { id: number }[];
    return rows.map((row) => row.id);
  } finally {
    sqlite.close();
  }
}

describe('crash consistency of the server process', () => {
  it('SIGKILL during concurrent playlist writes: sound database, positions 1..n, no acknowledged write lost', async () => {
    const storage = mkdtempSync(join(tmpdir(), 'backbeat-crash-'));
    storages.push(storage);
    const server = await startServer(storage);
    const tracks = trackIds(storage, 240);
    expect(tracks.length).toBe(240);

    const api = client(server.port);
    await api.login();
    const created = await api.call('POST', '/api/v1/playlists', { name: 'Crash test' });
    expect(created.status).toBe(201);
    const playlistId = (created.json() as { playlist: { id: number } }).playlist.id;

    // Eight writers add one or two tracks each call; every 200 is an acknowledged write.
    const acknowledged = new Set<number>();
    const failures: number[] = [];
    let killed = false;
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      for (let i = writer * 30; i < writer * 30 + 30 && !killed; i += 2) {
        const ids = tracks.slice(i, i + 2);
        const response = await api
          .call('POST', `/api/v1/playlists/${playlistId}/tracks`, { ids })
          .catch(() => null); // the connection died with the process
        if (!response) return;
        if (response.status === 200) ids.forEach((id) => acknowledged.add(id));
        else failures.push(response.status);
      }
    });
    await expect
      .poll(() => acknowledged.size, { timeout: 30_000, interval: 5 })
      .toBeGreaterThan(40);
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    expect((await server.exited).signal).toBe('SIGKILL');
    api.close();
    expect(failures).toEqual([]);
    expect(acknowledged.size).toBeLessThan(tracks.length);

    const sqlite = openSqlite(storage);
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      const rows = sqlite
        .prepare(
          'SELECT track_id, position FROM playlist_tracks WHERE playlist_id = ? ORDER BY position',
        )
        .all(playlistId) as { track_id: number; position: number }[];
      expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
      const stored = new Set(rows.map((row) => row.track_id));
      expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      sqlite.close();
    }

    // And the server starts again on that database and serves the playlist.
    const again = await startServer(storage);
    const reader = client(again.port);
    await reader.login();
    const response = await reader.call('GET', `/api/v1/playlists/${playlistId}`);
    expect(response.status).toBe(200);
    reader.close();
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  }, 120_000);

  it('SIGTERM under load: readiness answers 503 at once, no request fails with 5xx, clean exit', async () => {
    const storage = mkdtempSync(join(tmpdir(), 'backbeat-drain-'));
    storages.push(storage);
    const server = await startServer(storage, { SHUTDOWN_DRAIN_MS: '3000' });
    const tracks = trackIds(storage, 400);
    const api = client(server.port);
    await api.login();
    const created = await api.call('POST', '/api/v1/playlists', { name: 'Drain test' });
    const playlistId = (created.json() as { playlist: { id: number } }).playlist.id;
    const probe = client(server.port);
    expect((await probe.call('GET', '/health/ready')).status).toBe(200);

    const statuses: { status: number; at: number }[] = [];
    let refused = 0;
    let stop = false;
    let next = 0;
    const load = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const write = next % 2 === 0 && next < tracks.length;
        const id = tracks[next++ % tracks.length]!;
        try {
          const response = write
            ? await api.call('POST', `/api/v1/playlists/${playlistId}/tracks`, { ids: [id] })
            : await api.call('GET', `/api/v1/playlists/${playlistId}`);
          statuses.push({ status: response.status, at: Date.now() });
        } catch {
          refused += 1; // the listener has closed: a balancer retries elsewhere
          if (refused > 50) return;
        }
      }
    });
    await expect.poll(() => statuses.length, { timeout: 10_000, interval: 5 }).toBeGreaterThan(50);

    server.child.kill('SIGTERM');
    const signalled = Date.now();
    await expect
      .poll(async () => (await probe.call('GET', '/health/ready')).status, {
        timeout: 2000,
        interval: 10,
      })
      .toBe(503);
    const notReadyAt = Date.now();
    // Well inside the drain: the balancer hears of it before the listener closes.
    expect(notReadyAt - signalled).toBeLessThan(2000);

    expect((await server.exited).code).toBe(0);
    stop = true;
    await Promise.all(load);
    api.close();
    probe.close();

    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
    expect(statuses.every((s) => s.status === 200)).toBe(true);
    // It kept answering after it stopped being ready (the drain), instead of failing them.
    expect(statuses.filter((s) => s.at > notReadyAt).length).toBeGreaterThan(0);
  }, 120_000);
});
