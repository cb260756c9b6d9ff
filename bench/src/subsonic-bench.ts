// OpenSubsonic rows of `npm run bench` (issue 18): how fast a client syncing the whole library
// pages through it with search3, and getAlbumList2 under 32 connections, against the built
// server (`npm run build` first) in a process of its own. Run alone with
// `npx tsx bench/src/subsonic-bench.ts` (BENCH_SUBSONIC_TRACKS sets the catalog size).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrations/index.ts';
import { seedDemoCatalog } from '../../server/src/seed/demo/catalog.ts';
import { seed } from '../../server/src/seed/index.ts';
import { loadInChild, PIN_SERVER, type LoadResult } from './load-process.ts';
import { addFigure, addTarget } from './results.ts';
import { ADMIN, startServer, TASKSET, type BenchServer } from './server-process.ts';

const GOALS = {
  songsPerSecond: 2000,
  albumListP99Ms: 5,
  /** Issue 42: a sync's pages cost the same however deep (keyset paging): last ≤ 2x first. */
  deepPageRatio: 2,
};
const PAGE = 500;

export interface SubsonicBenchResult {
  tracks: number;
  songsPerSecond: number;
  albumListP99Ms: number;
  albumListRps: number;
  /** A bare Node http server answering the same bytes, under the same load (the ceiling). */
  bareP99Ms: number;
  bareRps: number;
  /** An empty Fastify route answering the same bytes: what the framework alone reaches. */
  fastifyP99Ms: number;
  fastifyRps: number;
  /** The load client, and whether the servers ran on core 0 with it on core 1. */
  client: LoadResult['client'];
  pinned: boolean;
  /** One connection (issue 42): search3 pages of the sync, first tenth vs last tenth (ms). */
  shallowPageMs: number;
  deepPageMs: number;
  /** The first page and the last full one (by key, and by OFFSET), warm, 5 times (median ms). */
  firstPageMs: number;
  lastPageByKeyMs: number;
  lastPageByOffsetMs: number;
  /** getAlbumList2 by name, 500 albums at offset 0 and at the last page (median ms). */
  albumListShallowMs: number;
  albumListDeepMs: number;
  /** getRandomSongs size=50, asked 50 times (ms). */
  randomP50Ms: number;
  randomP99Ms: number;
}

const median = (values: number[]) => percentileOf(values, 0.5);
function percentileOf(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
  return Math.round((at ?? 0) * 100) / 100;
}

/** ms to the last byte of a GET, and the answer's JSON. */
async function timed<T>(url: string): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = (await response.json()) as T;
  return { ms: performance.now() - started, body };
}

/**
 * A ceiling answering `body` at /list in a process of its own: bench/src/bare-server.ts (Node's
 * http alone) or bench/src/bare-fastify-server.ts (an empty Fastify route).
 */
async function measureCeiling(
  server: 'bare-server.ts' | 'bare-fastify-server.ts',
  storage: string,
  body: string,
  duration: number,
) {
  const payloadFile = join(storage, 'album-list.json');
  writeFileSync(
    payloadFile,
    JSON.stringify({ '/list': { contentType: 'application/json', body } }),
  );
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const script = new URL(`./${server}`, import.meta.url).pathname;
  // Pinned like Backbeat's server: the same core, the same client on the other one.
  const bare = fork(script, [String(port), payloadFile], {
    execArgv: ['--import', 'tsx'],
    stdio: 'ignore',
    ...(PIN_SERVER
      ? { execPath: TASKSET, execArgv: ['-c', '0', process.execPath, '--import', 'tsx'] }
      : {}),
  });
  try {
    await new Promise((resolve) => bare.once('message', resolve));
    await loadInChild(`http://127.0.0.1:${port}/list`, { connections: 32, duration: 1 });
    return await loadInChild(`http://127.0.0.1:${port}/list`, { connections: 32, duration });
  } finally {
    bare.kill('SIGTERM');
  }
}

/** The catalog, a listener and their API key, written before the built server starts. */
async function prepare(storage: string, tracks: number): Promise<string> {
  const config = loadConfig({
    STORAGE_PATH: storage,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false });
  try {
    await seed(app.services, config);
    await seedDemoCatalog(database.db, app.services.storage, {
      artists: Math.max(20, Math.round(tracks / 15)),
      tracks,
      plays: Math.min(20_000, tracks),
      artwork: 'shared',
    });
    await app.services.catalogIndexer.reindexAll();
    // The server then starts on this catalog instead of making its demo one.
    await app.services.settings.set({ 'demo_catalog.seeded': true });
    const userId = await app.services.users.createUser({
      email: 'subsonic@backbeat.test',
      password: ADMIN.password,
    });
    const { plainTextToken } = await app.services.accessTokens.create(userId, 'bench');
    return plainTextToken;
  } finally {
    await app.close();
    await database.destroy();
  }
}

/** How many albums the list holds: pages of 500 until a short one. */
async function countAlbums(page: (offset: number) => string): Promise<number> {
  let count = 0;
  for (;;) {
    const { body } = await timed<{ 'subsonic-response': { albumList2: { album?: unknown[] } } }>(
      page(count),
    );
    const got = body['subsonic-response'].albumList2.album?.length ?? 0;
    count += got;
    if (got < PAGE) return count;
  }
}

export async function runSubsonicBench(tracks: number): Promise<SubsonicBenchResult> {
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-subsonic-bench-'));
  let server: BenchServer | undefined;
  try {
    const apiKey = await prepare(storage, tracks);
    // The production build in a process of its own, as `npm start` runs it.
    server = await startServer(storage, { pinned: PIN_SERVER });
    const base = server.url;
    const auth = `apiKey=${encodeURIComponent(apiKey)}&v=1.16.1&c=bench&f=json`;

    // A client syncing its library: the empty query, page after page, until a short page.
    let songs = 0;
    const pageMs: number[] = [];
    const started = performance.now();
    for (let offset = 0; ; offset += PAGE) {
      const { ms, body } = await timed<{
        'subsonic-response': { searchResult3: { song?: unknown[] } };
      }>(
        `${base}/rest/search3?${auth}&query=&artistCount=0&albumCount=0&songCount=${PAGE}&songOffset=${offset}`,
      );
      const page = body['subsonic-response'].searchResult3.song?.length ?? 0;
      songs += page;
      if (page < PAGE) break;
      pageMs.push(ms);
    }
    const songsPerSecond = Math.round(songs / ((performance.now() - started) / 1000));
    // The last full page again, warm: by key (the sync left where the page before it ended)
    // and by OFFSET (one song further, where no page ended: what a client jumping there gets).
    const songPage = (offset: number) =>
      `${base}/rest/search3?${auth}&query=&artistCount=0&albumCount=0&songCount=${PAGE}&songOffset=${offset}`;
    const lastFull = PAGE * (pageMs.length - 1);
    const repeated: Record<'first' | 'byKey' | 'byOffset', number[]> = {
      first: [],
      byKey: [],
      byOffset: [],
    };
    for (let round = 0; round < 5; round++) {
      repeated.first.push((await timed(songPage(0))).ms);
      repeated.byKey.push((await timed(songPage(lastFull))).ms);
      repeated.byOffset.push((await timed(songPage(lastFull + 1))).ms);
    }
    // The demo catalog adds a few tracks of its own beyond the asked number.
    if (songs < tracks) throw new Error(`search3 paged ${songs} songs of ${tracks}`);

    // Deep pages against shallow ones, and random songs, at one connection (issue 42).
    const tenth = Math.max(1, Math.floor(pageMs.length / 10));
    const albumPage = (offset: number) =>
      `${base}/rest/getAlbumList2?${auth}&type=alphabeticalByName&size=${PAGE}&offset=${offset}`;
    const albumCount = await countAlbums(albumPage);
    const shallowList: number[] = [];
    const deepList: number[] = [];
    for (let round = 0; round < 5; round++) {
      shallowList.push((await timed(albumPage(0))).ms);
      deepList.push((await timed(albumPage(Math.max(0, albumCount - PAGE)))).ms);
    }
    const randomMs: number[] = [];
    for (let round = 0; round < 50; round++) {
      randomMs.push((await timed(`${base}/rest/getRandomSongs?${auth}&size=50`)).ms);
    }

    // The load client runs in a process of its own: the figure is the server's. Both servers
    // get the same one-second warm-up first, so the figure is a warm process's.
    const listUrl = `${base}/rest/getAlbumList2?${auth}&type=alphabeticalByName&size=20&offset=40`;
    const duration = Number(process.env.BENCH_DURATION ?? 5);
    await loadInChild(listUrl, { connections: 32, duration: 1 });
    const list = await loadInChild(listUrl, { connections: 32, duration });
    if (list.non2xx) throw new Error(`getAlbumList2: ${list.non2xx} non-2xx answers`);
    const answer = await (await fetch(listUrl)).text();
    const bare = await measureCeiling('bare-server.ts', storage, answer, duration);
    const framework = await measureCeiling('bare-fastify-server.ts', storage, answer, duration);
    return {
      tracks: songs,
      songsPerSecond,
      albumListP99Ms: list.p99,
      albumListRps: list.rps,
      bareP99Ms: bare.p99,
      bareRps: bare.rps,
      fastifyP99Ms: framework.p99,
      fastifyRps: framework.rps,
      client: list.client,
      pinned: PIN_SERVER,
      shallowPageMs: median(pageMs.slice(0, tenth)),
      deepPageMs: median(pageMs.slice(-tenth)),
      firstPageMs: median(repeated.first),
      lastPageByKeyMs: median(repeated.byKey),
      lastPageByOffsetMs: median(repeated.byOffset),
      albumListShallowMs: median(shallowList),
      albumListDeepMs: median(deepList),
      randomP50Ms: median(randomMs),
      randomP99Ms: percentileOf(randomMs, 0.99),
    };
  } finally {
    await server?.stop();
    rmSync(storage, { recursive: true, force: true });
  }
}

/** How much a sync's last pages cost against its first ones (1: the same). */
const deepPageRatio = (result: SubsonicBenchResult) =>
  result.shallowPageMs > 0 ? result.deepPageMs / result.shallowPageMs : 1;

/** The rows printed, and kept in the run's results (bench/results.json) with issue 18's goals. */
export function printSubsonicBench(result: SubsonicBenchResult): void {
  const tracks = `${Math.round(result.tracks / 1000)}k tracks`;
  addFigure({
    name: `OpenSubsonic search3 empty-query paging, ${tracks}`,
    value: result.songsPerSecond,
    unit: 'songs/s',
  });
  addFigure({
    name: `OpenSubsonic getAlbumList2 p99, 32 conns, ${tracks} (${result.client}${result.pinned ? ', server on core 0' : ''})`,
    value: result.albumListP99Ms,
    unit: 'ms',
    ceiling: result.bareP99Ms,
    ceilingName: 'bare Node http',
    ratio: result.albumListRps / result.bareRps,
    note: `${result.albumListRps} req/s; bare ${result.bareRps} req/s; empty Fastify route p99 ${result.fastifyP99Ms} ms at ${result.fastifyRps} req/s`,
  });
  addTarget(
    `search3 empty-query paging, ${tracks} (issue 18)`,
    `${result.songsPerSecond} songs/s`,
    `≥ ${GOALS.songsPerSecond} songs/s`,
    result.songsPerSecond >= GOALS.songsPerSecond,
  );
  addTarget(
    `getAlbumList2 p99 at 32 connections (issue 18)`,
    `${result.albumListP99Ms} ms (bare Node ${result.bareP99Ms} ms, empty Fastify ${result.fastifyP99Ms} ms)`,
    `< ${GOALS.albumListP99Ms} ms`,
    result.albumListP99Ms < GOALS.albumListP99Ms,
  );
  addFigure({
    name: `OpenSubsonic search3 sync, last tenth of the pages vs first tenth, ${tracks}, 1 conn`,
    value: result.deepPageMs,
    unit: 'ms median',
    note: `first tenth ${result.shallowPageMs} ms (pages of ${PAGE})`,
  });
  addFigure({
    name: `OpenSubsonic search3 sync, last page by key vs first page, warm, ${tracks}, 1 conn`,
    value: result.lastPageByKeyMs,
    unit: 'ms median',
    note: `first page ${result.firstPageMs} ms; the last page by OFFSET (no key remembered) ${result.lastPageByOffsetMs} ms`,
  });
  const deepRatio = deepPageRatio(result);
  addTarget(
    `search3 sync page, last tenth vs first tenth, ${tracks} (issue 42)`,
    `${result.deepPageMs} ms vs ${result.shallowPageMs} ms (${deepRatio.toFixed(2)}x)`,
    `≤ ${GOALS.deepPageRatio}x the first`,
    deepRatio <= GOALS.deepPageRatio,
  );
  addFigure({
    name: `OpenSubsonic getAlbumList2 by name, last page vs first, ${tracks}, 1 conn`,
    value: result.albumListDeepMs,
    unit: 'ms median',
    note: `first page ${result.albumListShallowMs} ms (size ${PAGE})`,
  });
  addFigure({
    name: `OpenSubsonic getRandomSongs size 50, ${tracks}, 1 conn`,
    value: result.randomP99Ms,
    unit: 'ms p99',
    note: `p50 ${result.randomP50Ms} ms`,
  });
  const mark = (ok: boolean) => (ok ? 'meets' : 'MISSES');
  console.info(`\nOpenSubsonic on ${result.tracks.toLocaleString('en')} tracks`);
  console.info(
    `  load client: ${result.client}${result.pinned ? ' on core 1, each server on core 0' : ', servers unpinned'}`,
  );
  console.info(
    `  search3 empty-query paging   ${result.songsPerSecond.toLocaleString('en')} songs/s   goal ≥ ${GOALS.songsPerSecond.toLocaleString('en')}   ${mark(result.songsPerSecond >= GOALS.songsPerSecond)}`,
  );
  console.info(
    `  search3 page of ${PAGE}, 1 conn  first tenth ${result.shallowPageMs} ms   last tenth ${result.deepPageMs} ms (median, ${deepRatio.toFixed(2)}x)   goal ≤ ${GOALS.deepPageRatio}x   ${mark(deepRatio <= GOALS.deepPageRatio)}`,
  );
  console.info(
    `  search3 page of ${PAGE}, warm, 1 conn  first ${result.firstPageMs} ms   last by key ${result.lastPageByKeyMs} ms   last by OFFSET ${result.lastPageByOffsetMs} ms (median of 5)`,
  );
  console.info(
    `  getAlbumList2 by name, ${PAGE}, 1 conn  offset 0 ${result.albumListShallowMs} ms   last page ${result.albumListDeepMs} ms (median)`,
  );
  console.info(
    `  getRandomSongs size 50, 1 conn  p50 ${result.randomP50Ms} ms   p99 ${result.randomP99Ms} ms`,
  );
  console.info(
    `  getAlbumList2, 32 conns      p99 ${result.albumListP99Ms} ms (${result.albumListRps} req/s)   bare http p99 ${result.bareP99Ms} ms (${result.bareRps} req/s)   empty Fastify route p99 ${result.fastifyP99Ms} ms (${result.fastifyRps} req/s)   goal < ${GOALS.albumListP99Ms} ms   ${mark(result.albumListP99Ms < GOALS.albumListP99Ms)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tracks = Number(process.env.BENCH_SUBSONIC_TRACKS ?? 100_000);
  printSubsonicBench(await runSubsonicBench(tracks));
}
