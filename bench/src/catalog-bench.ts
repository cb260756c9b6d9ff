// The music area under load (issue 4 "Speed"): catalogs of 10,000 and 100,000 tracks.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { prepareCatalog, type PreparedCatalog } from './prepare-catalog.ts';
import { SERVER_NODE_FLAGS } from './server-flags.ts';
import { measureSearchFlood, type SearchFloodResult } from './search-flood.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const SIZES = (process.env.BENCH_CATALOG_SIZES ?? '10000,100000').split(',').map(Number);
/** Another build to measure (parallel work keeps its own dist folders). */
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? 'server/dist/main.js';
const WEB_DIST = resolve(ROOT, process.env.WEB_DIST_PATH ?? 'web/dist');
const ADMIN = { email: 'bench@backbeat.test', password: 'bench-password-123' };
// As-you-type: one- and two-letter prefixes match thousands of tracks on 100,000.
const SEARCHES = [
  'neon',
  'golden ti',
  'amel',
  'midnight',
  'sunset d',
  'velvet',
  'kaleido',
  'b',
  'mo',
];

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

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
};

async function loginAs(url: string, email: string): Promise<string> {
  const jar: Record<string, string> = {};
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name, value] = pair.split('=');
      if (name && value !== undefined) jar[name] = value;
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

async function load(
  url: string,
  connections: number,
  headers: Record<string, string>,
  requests?: { path: string }[],
) {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers, requests });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return {
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    mbps: Math.round(result.throughput.average / 1024 / 1024),
  };
}

/**
 * Gzip bytes of the JavaScript fetched until the home page shows: for a first-time guest, and
 * for a listener already logged in (`cookie`), whose home shows more (account menu, playlists).
 */
async function homeJavaScript(url: string, cookie: string): Promise<HomeJavaScript> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const measure = async (cookies: { name: string; value: string }[]) => {
    const context = await browser.newContext();
    await context.addCookies(cookies.map((c) => ({ ...c, url })));
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Popular tracks' }).waitFor({ timeout: 30_000 });
    let gzipBytes = 0;
    for (const path of scripts) {
      gzipBytes += gzipSync(readFileSync(join(WEB_DIST, path)), { level: 9 }).length;
    }
    await context.close();
    return { files: scripts.size, gzipBytes };
  };
  try {
    const jar = cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    return { guest: await measure([]), user: await measure(jar) };
  } finally {
    await browser.close();
  }
}

type HomeJavaScript = Record<'guest' | 'user', { files: number; gzipBytes: number }>;

interface SizeResult {
  tracks: number;
  prepareS: number;
  rssMb: number;
  rows: Record<string, { c1: number; c32: number; rps32: number }>;
  searchP99: number;
  searchRps: number;
  uncachedSearchP99: number;
  stream?: { ours: number; bare: number };
  flood?: { unlimited: SearchFloodResult; limited: SearchFloodResult };
  js?: HomeJavaScript;
}

async function benchSize(tracks: number): Promise<SizeResult> {
  const storage = mkdtempSync(join(tmpdir(), `backbeat-bench-${tracks}-`));
  const children: ChildProcess[] = [];
  try {
    const started = Date.now();
    const prepared: PreparedCatalog = await prepareCatalog(storage, tracks, ADMIN, SEARCHES);
    const prepareS = Math.round((Date.now() - started) / 100) / 10;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _d, REDIS_URL: _r, ...inherited } = process.env;
    const startBenchServer = (env: Record<string, string>) =>
      spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...inherited,
          PORT: String(port),
          HOST: '127.0.0.1',
          STORAGE_PATH: storage,
          LOG_LEVEL: 'warn',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          ...env,
        },
      });
    // These rows measure the work behind each answer, so the search limit is lifted here.
    const server = startBenchServer({ SEARCH_RATE_LIMIT: String(1e9) });
    children.push(server);
    await waitForReady(url);
    await new Promise((r) => setTimeout(r, 1000));
    const rss = rssMb(server.pid!);

    const cookie = await loginAs(url, ADMIN.email);
    // Asked as the web player asks: browsers always offer gzip. The last row asks without it.
    const headers = { cookie, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
    const identity = { cookie, accept: 'application/json' };
    const cases: Record<string, { path: string; headers: Record<string, string> }> = {
      ...(process.env.BENCH_FLOOR
        ? { floor: { path: '/api/v1/subscription/can-play-audio', headers } }
        : {}),
      home: { path: '/api/v1/channel/discover', headers },
      artist: { path: `/api/v1/artists/${prepared.artistId}`, headers },
      album: { path: `/api/v1/albums/${prepared.albumId}`, headers },
      'home, no gzip': { path: '/api/v1/channel/discover', headers: identity },
    };
    const rows: SizeResult['rows'] = {};
    for (const [name, { path, headers: asked }] of Object.entries(cases)) {
      await fetch(`${url}${path}`, { headers: asked });
      const one = await load(`${url}${path}`, 1, asked);
      const many = await load(`${url}${path}`, 32, asked);
      rows[name] = { c1: one.p99, c32: many.p99, rps32: many.rps };
    }
    const search = await load(
      url,
      1,
      headers,
      SEARCHES.map((q) => ({ path: `/api/v1/search?query=${encodeURIComponent(q)}&perPage=10` })),
    );

    const result: SizeResult = {
      uncachedSearchP99: prepared.uncachedSearchP99,
      tracks,
      prepareS,
      rssMb: rss,
      rows,
      searchP99: search.p99,
      searchRps: search.rps,
    };
    if (tracks === SIZES[0]) {
      const barePort = await freePort();
      const bare = fork(
        join(ROOT, 'bench/src/bare-file-server.ts'),
        [String(barePort), prepared.streamFile],
        {
          execArgv: ['--import', 'tsx'],
          stdio: 'ignore',
        },
      );
      children.push(bare);
      await new Promise((resolve) => bare.once('message', resolve));
      const range = { range: 'bytes=0-' };
      const ours = await load(`${url}/api/v1/tracks/${prepared.streamTrackId}/stream`, 8, {
        ...headers,
        ...range,
      });
      const ceiling = await load(`http://127.0.0.1:${barePort}/`, 8, range);
      result.stream = { ours: ours.mbps, bare: ceiling.mbps };
      result.js = await homeJavaScript(url, cookie);
    }
    if (tracks === SIZES.at(-1)) {
      // Another user's search p99 while one account floods: first with the limit lifted,
      // then restarted with the default limit.
      const login = (email: string) => loginAs(url, email);
      const unlimited = await measureSearchFlood(url, login, DURATION_S);
      const stopped = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await stopped;
      const limited = startBenchServer({});
      children.push(limited);
      await waitForReady(url);
      result.flood = { unlimited, limited: await measureSearchFlood(url, login, DURATION_S) };
    }
    return result;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(storage, { recursive: true, force: true });
  }
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const row of rows) console.info(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

export async function runCatalogBench(): Promise<void> {
  const results: SizeResult[] = [];
  for (const size of SIZES) {
    console.info(`\nPreparing and measuring a catalog of ${size.toLocaleString()} tracks…`);
    results.push(await benchSize(size));
  }
  console.info(
    `\nMusic API, logged in, Accept-Encoding as a browser sends it, ${DURATION_S} s per run; p99 latency in ms (goal: under 10 at 32 connections)\n`,
  );
  const header = [
    'endpoint',
    ...results.flatMap((r) => [
      `${r.tracks / 1000}k p99 c1`,
      `${r.tracks / 1000}k p99 c32`,
      `${r.tracks / 1000}k req/s c32`,
    ]),
  ];
  table([
    header,
    ...Object.keys(results[0]!.rows).map((name) => [
      name,
      ...results.flatMap((r) => [
        String(r.rows[name]!.c1),
        String(r.rows[name]!.c32),
        String(r.rows[name]!.rps32),
      ]),
    ]),
    ['search', ...results.flatMap((r) => [String(r.searchP99), '-', `${r.searchRps} (c1)`])],
  ]);
  console.info('');
  for (const r of results) {
    console.info(
      `${r.tracks.toLocaleString()} tracks: prepared in ${r.prepareS} s; server RSS after start ${r.rssMb} MB`,
    );
  }
  const first = results[0]!;
  if (first.stream) {
    const ratio = first.stream.ours / first.stream.bare;
    console.info(
      `Streaming 5 MB with "Range: bytes=0-", 8 connections: Backbeat ${first.stream.ours} MB/s, bare Node http (1 MiB buffer) ${first.stream.bare} MB/s, ratio ${ratio.toFixed(2)}x (goal ≥ 0.9x)`,
    );
  }
  if (first.js) {
    const line = (label: string, js: { files: number; gzipBytes: number }) =>
      `JavaScript before the home page shows, ${label}: ${js.files} files, ${(js.gzipBytes / 1024).toFixed(1)} KB gzip (goal ≤ 150 KB)`;
    console.info(line('logged in', first.js.user));
    console.info(line('guest', first.js.guest));
  }
  const biggest = results.at(-1)!;
  console.info(
    `Search at 1 connection on ${biggest.tracks.toLocaleString()} tracks: p99 ${biggest.searchP99} ms (goal < 25 ms)`,
  );
  if (biggest.flood) {
    const line = (label: string, f: SearchFloodResult) =>
      `  ${label}: another user's p99 ${f.quietP99} ms alone, ${f.floodedP99} ms during the flood; flood ${f.flooderServed} served, ${f.flooderRefused} refused (429), ${f.flooderFailed} failed; listener failures ${f.listenerFailures}`;
    console.info(
      `Search flood on ${biggest.tracks.toLocaleString()} tracks (one account, 20 connections, uncached queries):`,
    );
    console.info(line('without a limit', biggest.flood.unlimited));
    console.info(line('default limit  ', biggest.flood.limited));
  }
  for (const r of results) {
    console.info(
      `Search without the answer cache (in process, all six kinds), ${r.tracks.toLocaleString()} tracks: p99 ${r.uncachedSearchP99} ms`,
    );
  }
}
