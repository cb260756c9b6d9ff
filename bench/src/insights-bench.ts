// Insights (issue 11 "Speed"): an artist with 1,000,000 plays. Times the rollup job over all of
// them (goal < 60 s), then insights answers at 1 connection (goal p99 < 50 ms) on the built
// server, asked as the artist's owner would in the backstage.
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SQLite } from '../../server/src/db/sqlite-driver.ts';
import { addDays, isoDay } from '@backbeat/common';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrations/index.ts';
import { seed } from '../../server/src/seed/index.ts';
import { spawnServerNode } from './server-flags.ts';

const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? 'server/dist/main.js';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const PLAYS = Number(process.env.BENCH_INSIGHTS_PLAYS ?? 1_000_000);
const ALBUMS = 4;
const TRACKS_PER_ALBUM = 12;
const USERS = 2_000;
const GUESTS = 18_000;
const DAYS = 365;
const GOALS = { rollupS: 60, p99Ms: 50 };
const OWNER = { email: 'insights-owner@backbeat.test', password: 'bench-password-123' };
const ADMIN = { email: 'bench@backbeat.test', password: 'bench-password-123' };

const COUNTRIES = ['US', 'DE', 'GB', 'FR', 'BR', 'JP', 'IN', 'NL', 'SE', 'ES', 'IT', 'CA', null];
const CLIENTS = [
  ['desktop', 'Windows', 'Chrome'],
  ['desktop', 'macOS', 'Safari'],
  ['desktop', 'Linux', 'Firefox'],
  ['mobile', 'iOS', 'Mobile Safari'],
  ['mobile', 'Android', 'Chrome'],
  ['tablet', 'iOS', 'Mobile Safari'],
] as const;
const SOURCES = ['search', 'playlist', 'radio', 'profile', 'embed', 'album', 'artist', 'direct'];

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitForReady(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Server at ${url} did not become ready`);
}

async function loginAs(url: string, account: { email: string; password: string }) {
  const jar: Record<string, string> = {};
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name, value] = pair.split('=');
      if (name && value !== undefined) jar[name] = value;
    }
  };
  const header = () =>
    Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  keep(await fetch(`${url}/`));
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: header(),
      'x-xsrf-token': jar['XSRF-TOKEN'] ?? '',
    },
    body: JSON.stringify({ ...account, remember: true }),
  });
  if (!response.ok) throw new Error(`login as ${account.email} failed: ${response.status}`);
  keep(response);
  return header();
}

/** A small deterministic generator, so every run seeds the same plays. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** One artist (owned by OWNER) with albums and tracks, listeners, and the plays, written raw. */
export async function prepare(storage: string) {
  const config = loadConfig({
    STORAGE_PATH: storage,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false });
  await seed(app.services, config);
  const ownerId = await app.services.users.createUser({ ...OWNER, name: 'Insights Owner' });
  await database.destroy();
  await app.close();

  if (config.database.driver !== 'sqlite') throw new Error('The insights bench seeds SQLite.');
  const sqlite = new SQLite(config.database.file);
  sqlite.pragma('journal_mode = WAL');
  const now = new Date().toISOString();
  const artistId = Number(
    sqlite
      .prepare(
        `insert into artists (name, image, description, verified, links, plays, popularity, owner_id, created_at, updated_at)
         values ('Million Plays', null, null, 1, '[]', 0, 100, ?, ?, ?)`,
      )
      .run(ownerId, now, now).lastInsertRowid,
  );
  const trackIds: number[] = [];
  const albumIds: number[] = [];
  sqlite.transaction(() => {
    for (let a = 0; a < ALBUMS; a++) {
      const albumId = Number(
        sqlite
          .prepare(
            `insert into albums (name, release_date, image, type, description, owner_id, is_public, plays, popularity, created_at, updated_at)
             values (?, '2025-01-01', null, 'album', null, ?, 1, 0, 10, ?, ?)`,
          )
          .run(`Album ${a + 1}`, ownerId, now, now).lastInsertRowid,
      );
      albumIds.push(albumId);
      sqlite
        .prepare('insert into album_artists (album_id, artist_id, position) values (?, ?, 0)')
        .run(albumId, artistId);
      for (let n = 1; n <= TRACKS_PER_ALBUM; n++) {
        const trackId = Number(
          sqlite
            .prepare(
              `insert into tracks (name, number, duration, album_id, image, description, owner_id, is_public, audio_path, audio_mime, waveform, plays, popularity, created_at, updated_at)
               values (?, ?, 200000, ?, null, null, ?, 1, ?, 'audio/mpeg', '[]', 0, 10, ?, ?)`,
            )
            .run(`Track ${a + 1}.${n}`, n, albumId, ownerId, `audio/bench/${a}-${n}.mp3`, now, now)
            .lastInsertRowid,
        );
        trackIds.push(trackId);
        sqlite
          .prepare('insert into track_artists (track_id, artist_id, position) values (?, ?, 0)')
          .run(trackId, artistId);
      }
    }
    const user = sqlite.prepare(
      `insert into users (email, password, name, created_at, updated_at) values (?, null, ?, ?, ?)`,
    );
    for (let u = 0; u < USERS; u++) user.run(`listener-${u}@bench.test`, `Listener ${u}`, now, now);
  })();
  const firstUser = ownerId + 1;

  // Plays in time order over the last year, a few of them today (read live).
  const started = Date.now();
  const next = random(42);
  const guests = Array.from({ length: GUESTS }, () => randomBytes(32).toString('hex'));
  const insert = sqlite.prepare(
    `insert into track_plays (track_id, user_id, listener, played_at, device, platform, browser, country, source, listened_ms, completed)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const firstDay = Date.parse(`${addDays(isoDay(new Date()), -DAYS)}T00:00:00Z`);
  const span = Date.now() - firstDay;
  sqlite.transaction(() => {
    for (let i = 0; i < PLAYS; i++) {
      const playedAt = new Date(firstDay + (span * i) / PLAYS).toISOString();
      const listener = Math.floor(next() * (USERS + GUESTS));
      const isUser = listener < USERS;
      const client = CLIENTS[Math.floor(next() * CLIENTS.length)]!;
      const listened = Math.floor(next() * 200_000);
      insert.run(
        trackIds[Math.floor(next() * trackIds.length)],
        isUser ? firstUser + listener : null,
        isUser ? null : guests[listener - USERS],
        playedAt,
        client[0],
        client[1],
        client[2],
        COUNTRIES[Math.floor(next() * COUNTRIES.length)],
        SOURCES[Math.floor(next() * SOURCES.length)],
        listened,
        listened >= 180_000 ? 1 : 0,
      );
    }
  })();
  const seedS = (Date.now() - started) / 1000;
  sqlite.close();
  return { config, artistId, albumId: albumIds[0]!, trackId: trackIds[0]!, seedS };
}

/** The rollup job over every play, timed in this process on the same database file. */
export async function timeRollup(config: ReturnType<typeof loadConfig>) {
  const database = openDatabase(config.database);
  const app = await buildApp({ config, database, logger: false });
  try {
    const started = Date.now();
    const folded = await app.services.insightsRollup.run();
    return { seconds: (Date.now() - started) / 1000, folded: folded.plays };
  } finally {
    await app.close();
    await database.destroy();
  }
}

export async function runInsightsBench(): Promise<void> {
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-bench-insights-'));
  const children: ChildProcess[] = [];
  try {
    const prepared = await prepare(storage);
    console.info(
      `\nInsights: 1 artist, ${ALBUMS * TRACKS_PER_ALBUM} tracks, ${PLAYS.toLocaleString('en')} plays over ${DAYS} days, ${USERS + GUESTS} listeners (seeded in ${prepared.seedS.toFixed(1)} s)`,
    );
    const rollup = await timeRollup(prepared.config);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = spawnServerNode({
      script: SERVER_ENTRY,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        STORAGE_PATH: storage,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
    children.push(server);
    await waitForReady(url);
    const owner = await loginAs(url, OWNER);
    const admin = await loginAs(url, ADMIN);
    const today = isoDay(new Date());
    const range = (days: number, granularity: string) =>
      `from=${addDays(today, -(days - 1))}&to=${today}&granularity=${granularity}`;
    const cases: [string, string, string][] = [
      [
        'artist, 12 months by month',
        `/api/v1/artists/${prepared.artistId}/insights?${range(365, 'month')}`,
        owner,
      ],
      [
        'artist, 28 days by day',
        `/api/v1/artists/${prepared.artistId}/insights?${range(28, 'day')}`,
        owner,
      ],
      [
        'album, 90 days by week',
        `/api/v1/albums/${prepared.albumId}/insights?${range(90, 'week')}`,
        owner,
      ],
      [
        'track, 7 days by day',
        `/api/v1/tracks/${prepared.trackId}/insights?${range(7, 'day')}`,
        owner,
      ],
      ['admin dashboard, 28 days', `/api/v1/admin/dashboard?${range(28, 'day')}`, admin],
    ];
    const rows: string[][] = [['insights answer (1 connection)', 'req/s', 'p99 ms', 'goal']];
    let worst = 0;
    for (const [name, path, cookie] of cases) {
      const headers = { cookie, accept: 'application/json', 'accept-encoding': 'gzip' };
      const warm = await fetch(`${url}${path}`, { headers });
      if (!warm.ok) throw new Error(`${path}: ${warm.status} ${await warm.text()}`);
      const result = await autocannon({
        url: `${url}${path}`,
        connections: 1,
        duration: DURATION_S,
        headers,
      });
      if (result.non2xx) throw new Error(`${path}: ${result.non2xx} non-2xx answers`);
      const isGoal = !name.startsWith('admin');
      if (isGoal) worst = Math.max(worst, result.latency.p99);
      rows.push([
        name,
        String(Math.round(result.requests.average)),
        String(result.latency.p99),
        isGoal ? `< ${GOALS.p99Ms}` : '(none)',
      ]);
    }
    rows.push([
      `rollup job, ${rollup.folded.toLocaleString('en')} plays`,
      '',
      `${rollup.seconds.toFixed(1)} s`,
      `< ${GOALS.rollupS} s`,
    ]);
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const row of rows) console.info(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
    console.info(
      `goals: rollup ${rollup.seconds <= GOALS.rollupS ? 'met' : 'MISSED'}, insights p99 ${worst <= GOALS.p99Ms ? 'met' : 'MISSED'} (worst ${worst} ms)`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(storage, { recursive: true, force: true });
  }
}

// `npx tsx bench/src/insights-bench.ts` (after `npm run build`) runs this one alone.
if (import.meta.url === `file://${process.argv[1]}`) await runInsightsBench();
