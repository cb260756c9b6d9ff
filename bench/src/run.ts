// `npm run bench`: the production build under autocannon on loopback, next to a bare Node
// http server answering the same bytes (the ceiling on this machine).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { runCatalogBench } from './catalog-bench.ts';
import { runInsightsBench } from './insights-bench.ts';
import { runFirstPlayBench } from './first-play-bench.ts';
import { runListeningBench } from './listening-bench.ts';
import { runMediaProcessingBench, runUploadMemoryBench } from './media-bench.ts';
import { runUploadBench } from './upload-bench.ts';
import { printImportBench, runImportBench } from './import-bench.ts';
import { printSubsonicBench, runSubsonicBench } from './subsonic-bench.ts';
import { SERVER_NODE_FLAGS } from './server-flags.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ADMIN = { email: 'bench@backbeat.test', password: 'bench-password-123' };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Server at ${url} did not become ready`);
}

function cookiesOf(response: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = (pair ?? '').split('=');
    if (name && value !== undefined) jar[name] = value;
  }
  return jar;
}

const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

/**
 * Issue 22: the app page, logged in, at least 0.5x the album answer rate, both measured here
 * one after the other, as a browser asks (gzip and brotli accepted).
 */
async function compareAppPageWithAlbum(appUrl: string, cookie: string) {
  const headers = { cookie, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  const discover = await (await fetch(`${appUrl}/api/v1/channel/discover`, { headers })).text();
  const albumId =
    /\/album\/(\d+)/.exec(discover)?.[1] ?? /"album":\{"id":(\d+)/.exec(discover)?.[1];
  if (!albumId) throw new Error('no album on the home page to measure');
  const page = await fetch(`${appUrl}/`, { headers: { ...headers, accept: 'text/html' } });
  const album = await measure(`${appUrl}/api/v1/albums/${albumId}`, headers);
  const app = await measure(`${appUrl}/`, { ...headers, accept: 'text/html' });
  console.info(
    `App page /, logged in (${page.headers.get('content-encoding') ?? 'not compressed'}): ${app.rps} req/s, p99 ${app.p99} ms; album answer ${album.rps} req/s, p99 ${album.p99} ms; ratio ${(app.rps / album.rps).toFixed(2)}x (goal ≥ 0.5x)`,
  );
}

async function main() {
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-bench-'));
  const [appPort, barePort] = await Promise.all([freePort(), freePort()]);
  const appUrl = `http://127.0.0.1:${appPort}`;
  const children: ChildProcess[] = [];
  try {
    // The embedded defaults: a SQLite file in a fresh storage folder.
    const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
    const app = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/dist/main.js'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...inherited,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        STORAGE_PATH: storage,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
    children.push(app);
    await waitForReady(appUrl);

    // A returning guest (cookies set) and a logged-in listener.
    const first = await fetch(`${appUrl}/`);
    const guest = cookiesOf(first);
    const login = await fetch(`${appUrl}/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookieHeader(guest),
        'x-xsrf-token': guest['XSRF-TOKEN'] ?? '',
      },
      body: JSON.stringify({ ...ADMIN, remember: true }),
    });
    if (!login.ok) throw new Error(`bench login failed: ${login.status}`);
    const user = { ...guest, ...cookiesOf(login) };

    const cases = [
      { name: 'SPA page, guest', path: '/', jar: guest },
      { name: 'SPA page, logged in', path: '/', jar: user },
      { name: 'JSON bootstrap-data, logged in', path: '/api/v1/bootstrap-data', jar: user },
    ];

    // The bare server answers the very bytes the app answered.
    const payloads: Record<string, { contentType: string; body: string }> = {};
    for (const [index, c] of cases.entries()) {
      const response = await fetch(`${appUrl}${c.path}`, {
        headers: { cookie: cookieHeader(c.jar) },
      });
      payloads[`/case-${index}`] = {
        contentType: response.headers.get('content-type') ?? 'text/plain',
        body: await response.text(),
      };
    }
    const payloadFile = join(storage, 'payloads.json');
    writeFileSync(payloadFile, JSON.stringify(payloads));
    const bare = fork(join(ROOT, 'bench/src/bare-server.ts'), [String(barePort), payloadFile], {
      execArgv: ['--import', 'tsx'],
      stdio: 'ignore',
    });
    children.push(bare);
    await new Promise((resolve) => bare.once('message', resolve));

    console.info(`\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback\n`);
    const rows: string[][] = [
      ['case', 'bytes', 'Backbeat req/s', 'p99 ms', 'bare http req/s', 'p99 ms', 'ratio'],
    ];
    for (const [index, c] of cases.entries()) {
      // Asked as a browser asks (issue 22: the page must be sent compressed).
      const headers = {
        cookie: cookieHeader(c.jar),
        accept: 'text/html,application/json',
        'accept-encoding': 'gzip, deflate, br',
      };
      const ours = await measure(`${appUrl}${c.path}`, headers);
      const ceiling = await measure(`http://127.0.0.1:${barePort}/case-${index}`, {});
      rows.push([
        c.name,
        String(payloads[`/case-${index}`]!.body.length),
        String(ours.rps),
        String(ours.p99),
        String(ceiling.rps),
        String(ceiling.p99),
        `${(ours.rps / ceiling.rps).toFixed(2)}x`,
      ]);
    }
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const row of rows) console.info(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
    await compareAppPageWithAlbum(appUrl, cookieHeader(user));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(storage, { recursive: true, force: true });
  }
}

/** `BENCH_ONLY=import,subsonic npx tsx bench/src/run.ts` runs only the named groups. */
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const runs = (group: string) => !only || only.includes(group);

if (runs('http')) await main();
// First play of demo tracks never played before, next to one already rendered.
if (runs('first-play')) await runFirstPlayBench();
// The listening engine (issue 19): the gap at a track boundary, click to first audio, and
// the player tab's memory while an album plays, in Chromium.
if (runs('listening')) await runListeningBench();
// The music area: catalogs of 10,000 and 100,000 tracks (set BENCH_CATALOG_SIZES to change).
if (runs('catalog')) await runCatalogBench();
// Uploads and the media pipeline (issue 10): tus throughput beside a bare server, processing
// of a 5-minute MP3, and the server's memory while a 1 GB file arrives.
if (runs('uploads')) {
  await runUploadBench();
  await runMediaProcessingBench();
  await runUploadMemoryBench();
}
// Library folders (issue 18): `npm run import` of 10,000 tagged files, then a no-change rescan.
if (runs('import')) {
  printImportBench(await runImportBench(Number(process.env.BENCH_IMPORT_FILES ?? 10_000)));
}
// OpenSubsonic: a library sync through search3 and album lists under load (issue 18).
if (runs('subsonic')) {
  printSubsonicBench(await runSubsonicBench(Number(process.env.BENCH_SUBSONIC_TRACKS ?? 100_000)));
}
// Insights (issue 11): the rollup job over 1,000,000 plays and insights answers at 1 connection.
if (runs('insights')) await runInsightsBench();
