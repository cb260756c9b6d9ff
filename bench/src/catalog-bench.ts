// The music area under load (issues 4 and 22), on catalogs of 10,000 and 100,000 tracks
// (BENCH_CATALOG_SIZES): start-up to the first authenticated answer, the catalog rows hot and
// cold beside a bare ceiling, memory after that load, the app page, JavaScript before the home
// page, streaming on the first size, and the search flood of issue 16 on the last.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BareCeiling, catalogKeys, measureRows, type RowPlan } from './catalog-rows.ts';
import { CHROMIUM, homeJavaScript } from './first-js.ts';
import { coldSearchQueries, measureColdReads, spreadIds } from './cold-reads.ts';
import { prepareCatalog } from './prepare-catalog.ts';
import { percentile } from './raw-http.ts';
import { addFigure, addTarget, printHttpTable, results } from './results.ts';
import { measureSearchFlood, type SearchFloodResult } from './search-flood.ts';
import {
  ADMIN,
  ROOT,
  loginAs,
  memoryMb,
  sleep,
  startServer,
  timeStartup,
  type BenchServer,
} from './server-process.ts';
import { runStreamBench } from './stream-bench.ts';

/** A few searches the in-process (no answer cache) row times; the hot search row asks the first. */
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

const GOALS = {
  coldSearchP99Ms: 15,
  coldPageP99Ms: 4,
  appPageRatio: 0.5,
  // Issue 37 relaxed start-up to ≤ 1 s to the first authenticated answer on every supported
  // Node, in exchange for no start-up tricks beyond the node:vm launcher already registered.
  startupMs: 1000,
  rssMb: 150,
  firstJsKb: 150,
};

export interface CatalogPlan extends RowPlan {
  sizes: number[];
  stream: { rounds: number; roundMs: number; freshInstances: boolean };
  flood: boolean;
  /** Starts timed; the figure is their median (one start on a shared machine varies ±30%). */
  startupRuns: number;
  firstJs: boolean;
  /** The server's own CPU per cold answer (cold-reads.ts), which load elsewhere hardly moves. */
  cpuPerAnswer: boolean;
  floodDurationS: number;
}

/** Supported Nodes besides the bench's own (package.json engines: 20, 22, 24). */
const OTHER_NODE_MAJORS = '20,22,24';

const k = (tracks: number) => `${tracks / 1000}k`;

/**
 * The median of `runs` fresh starts (the last one's server is kept running for the rows), on
 * the bench's own Node or on `node`.
 */
async function medianStartup(storage: string, cookie: string, runs: number, node?: string) {
  const times: number[] = [];
  let startup = await timeStartup(storage, cookie, node);
  times.push(startup.ms);
  while (times.length < runs) {
    await startup.server.stop();
    startup = await timeStartup(storage, cookie, node);
    times.push(startup.ms);
  }
  console.info(`  start-up, ${runs} starts: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  const spread = `${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)} ms`;
  return { ms: percentile(times, 50), spread, server: startup.server };
}

/**
 * The same start-up on the other supported Nodes (issue 37: ≤ 1 s on every one), each from
 * the npm registry's `node@<major>` package as CI takes it (.ci/install-node); BENCH_NODES
 * names the majors (none: skipped). A Node that cannot be had is said, not hidden.
 */
async function startupOnOtherNodes(storage: string, cookie: string, tracks: number, runs: number) {
  const majors = (process.env.BENCH_NODES ?? OTHER_NODE_MAJORS).split(',').filter(Boolean);
  for (const major of majors) {
    if (process.version.startsWith(`v${major}.`)) continue;
    let node: string;
    try {
      node = execFileSync(join(ROOT, '.ci/install-node'), [major], { encoding: 'utf8' }).trim();
    } catch (error) {
      console.info(`  start-up on Node ${major}: not measured (${(error as Error).message})`);
      continue;
    }
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    const startup = await medianStartup(storage, cookie, runs, node);
    await startup.server.stop();
    addTarget(
      `start-up to the first authenticated answer on Node ${version} (${k(tracks)})`,
      `median ${startup.ms.toFixed(0)} ms (${runs} starts, ${startup.spread})`,
      `≤ ${GOALS.startupMs} ms`,
      startup.ms <= GOALS.startupMs,
    );
  }
}

async function benchSize(tracks: number, plan: CatalogPlan, first: boolean, last: boolean) {
  const storage = mkdtempSync(join(tmpdir(), `backbeat-bench-${tracks}-`));
  const servers: BenchServer[] = [];
  let bare: BareCeiling | undefined;
  try {
    let started = performance.now();
    const prepared = await prepareCatalog(storage, tracks, ADMIN, SEARCHES);
    console.info(`  prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const keys = catalogKeys(storage, plan.coldKeys[0] + plan.coldKeys[1] + 1);

    // A session made by one instance, then the time a fresh one takes to answer it.
    const login = await startServer(storage);
    const cookie = await loginAs(login.url);
    await login.stop();
    const startup = await medianStartup(storage, cookie, plan.startupRuns);
    const server = startup.server;
    servers.push(server);
    await sleep(1000);
    const idle = memoryMb(server.child.pid!);
    addFigure({
      name: `start-up to the first authenticated answer, ${k(tracks)}`,
      value: startup.ms,
      unit: 'ms',
    });
    addFigure({ name: `server RSS idle after start, ${k(tracks)}`, value: idle.rss, unit: 'MB' });

    const json = { cookie, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
    const html = { ...json, accept: 'text/html' };
    bare = await BareCeiling.start();
    started = performance.now();
    await measureRows(
      server.port,
      bare,
      tracks,
      [
        {
          name: 'album page',
          hot: `/api/v1/albums/${prepared.albumId}`,
          cold: keys.albums,
          headers: json,
        },
        {
          name: 'artist page',
          hot: `/api/v1/artists/${prepared.artistId}`,
          cold: keys.artists,
          headers: json,
        },
        {
          name: 'search',
          hot: `/api/v1/search?query=${SEARCHES[0]}&perPage=10`,
          cold: keys.searches,
          headers: json,
        },
        {
          name: 'home/channel',
          hot: '/api/v1/channel/discover',
          cold: keys.channels,
          headers: json,
        },
        { name: 'app page', hot: '/', cold: keys.appPages, headers: html },
      ],
      plan,
    );
    console.info(`  rows measured in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const loaded = memoryMb(server.child.pid!);
    addFigure({
      name: `server RSS after the load, ${k(tracks)}`,
      value: loaded.rss,
      unit: 'MB',
      note: `peak ${loaded.peak.toFixed(0)} MB; private ${loaded.anon.toFixed(0)} MB, file pages ${loaded.file.toFixed(0)} MB (the node binary and its libraries)`,
    });
    printHttpTable(tracks);
    if (plan.cpuPerAnswer) {
      // After the answer cache (10 s) forgot the rows' keys, as these are words of the same names.
      await sleep(11_000);
      // It reads the answers' JSON, so it asks without compression.
      const cold = await measureColdReads(
        server.url,
        { cookie, accept: 'application/json' },
        {
          queries: coldSearchQueries(plan.coldKeys[0]),
          pages: plan.coldKeys[0],
          serverPid: server.child.pid!,
          spread: spreadIds(storage),
        },
      );
      // Pages spread over the whole catalog, beside the goal (issue 42).
      for (const [name, row] of [
        ['album page', cold.albumSpread],
        ['artist page', cold.artistSpread],
      ] as const) {
        if (!row) continue;
        addTarget(
          `cold ${name} spread over the catalog p99 (${k(tracks)}, 1 conn, ${row.count} keys, p50 ${row.p50} ms)`,
          `${row.p99.toFixed(2)} ms`,
          `≤ ${GOALS.coldPageP99Ms} ms`,
          row.p99 <= GOALS.coldPageP99Ms,
        );
      }
      for (const [name, row] of Object.entries(cold)) {
        if (row.cpuP99 === undefined) continue;
        addFigure({
          name: `server CPU per cold ${name} answer, ${k(tracks)}, 1 conn, ${row.count} keys (p50 ${row.cpuP50} ms)`,
          value: row.cpuP99,
          unit: 'ms p99',
          note: `answer time p50 ${row.p50} ms, p99 ${row.p99} ms`,
        });
      }
    }

    const page = await fetch(`${server.url}/`, { headers: html });
    const encoding = page.headers.get('content-encoding');
    await page.arrayBuffer();
    if (last) {
      const row = (name: string, mode: 'hot' | 'cold', connections: number) =>
        results.http.find(
          (r) =>
            r.catalog === tracks &&
            r.row === name &&
            r.mode === mode &&
            r.connections === connections,
        )!;
      const where = `${k(tracks)}, 1 conn, ${row('search', 'cold', 1).keys} keys`;
      const coldP99 = (name: string) => row(name, 'cold', 1).ours.p99;
      addTarget(
        `cold search p99 (${where})`,
        `${coldP99('search').toFixed(2)} ms`,
        `≤ ${GOALS.coldSearchP99Ms} ms`,
        coldP99('search') <= GOALS.coldSearchP99Ms,
      );
      for (const name of ['album page', 'artist page']) {
        addTarget(
          `cold ${name} p99 (${k(tracks)}, 1 conn, ${row(name, 'cold', 1).keys} keys)`,
          `${coldP99(name).toFixed(2)} ms`,
          `≤ ${GOALS.coldPageP99Ms} ms`,
          coldP99(name) <= GOALS.coldPageP99Ms,
        );
      }
      const ratio = row('app page', 'hot', 32).ours.rps / row('album page', 'hot', 32).ours.rps;
      addTarget(
        `app page compressed, answer rate vs album page (${k(tracks)}, hot, 32 conn)`,
        `${encoding ?? 'not compressed'}, ${ratio.toFixed(2)}x`,
        `br or gzip, ≥ ${GOALS.appPageRatio}x`,
        (encoding === 'br' || encoding === 'gzip') && ratio >= GOALS.appPageRatio,
      );
      addTarget(
        `start-up to the first authenticated answer (${k(tracks)})`,
        `median ${startup.ms.toFixed(0)} ms (${plan.startupRuns} starts, ${startup.spread})`,
        `≤ ${GOALS.startupMs} ms`,
        startup.ms <= GOALS.startupMs,
      );
      await startupOnOtherNodes(storage, cookie, tracks, plan.startupRuns);
      addTarget(
        `server RSS after the bench's load (${k(tracks)})`,
        `${loaded.rss.toFixed(0)} MB`,
        `≤ ${GOALS.rssMb} MB`,
        loaded.rss <= GOALS.rssMb,
      );
    }
    addFigure({
      name: `search in process without the answer cache, ${k(tracks)} (${SEARCHES.length} queries × 30)`,
      value: prepared.uncachedSearchP99,
      unit: 'ms p99',
    });

    if (first && plan.firstJs && existsSync(CHROMIUM)) {
      const js = await homeJavaScript(server.url, cookie);
      const kb = (bytes: number) => bytes / 1024;
      addFigure({
        name: 'JavaScript before the home page, guest',
        value: kb(js.guest.gzipBytes),
        unit: 'KB gzip',
      });
      addFigure({
        name: 'JavaScript before the home page, logged in',
        value: kb(js.user.gzipBytes),
        unit: 'KB gzip',
      });
      addTarget(
        'JavaScript before the logged-in home',
        `${kb(js.user.gzipBytes).toFixed(1)} KB gzip (${js.user.files} files)`,
        `≤ ${GOALS.firstJsKb} KB gzip`,
        kb(js.user.gzipBytes) <= GOALS.firstJsKb,
      );
    }
    if (last && plan.flood) await searchFlood(storage, server, plan.floodDurationS, servers);
    for (const running of servers) await running.stop();
    servers.length = 0;

    if (first) {
      await runStreamBench({
        storage,
        cookie,
        trackId: prepared.streamTrackId,
        file: prepared.streamFile,
        ...plan.stream,
      });
    }
  } finally {
    bare?.stop();
    for (const running of servers) await running.stop();
    rmSync(storage, { recursive: true, force: true });
  }
}

/** Issue 16: another user's search p99 while one account floods, limit lifted then default. */
async function searchFlood(
  storage: string,
  lifted: BenchServer,
  seconds: number,
  servers: BenchServer[],
) {
  const login = (url: string) => (email: string) => loginAs(url, email);
  const unlimited = await measureSearchFlood(lifted.url, login(lifted.url), seconds);
  await lifted.stop();
  const limited = await startServer(storage, { limitSearch: true });
  servers.push(limited);
  const flood = {
    unlimited,
    limited: await measureSearchFlood(limited.url, login(limited.url), seconds),
  };
  const line = (label: string, f: SearchFloodResult) =>
    `  ${label}: another user's p99 ${f.quietP99} ms alone, ${f.floodedP99} ms during the flood; flood ${f.flooderServed} served, ${f.flooderRefused} refused (429), ${f.flooderFailed} failed; listener failures ${f.listenerFailures}`;
  console.info('\nSearch flood (one account, 20 connections, uncached queries):');
  console.info(line('without a limit', flood.unlimited));
  console.info(line('default limit  ', flood.limited));
  addFigure({
    name: "search flood: another user's p99 during the flood, default limit",
    value: flood.limited.floodedP99,
    unit: 'ms',
    note: `alone ${flood.limited.quietP99} ms; ${flood.limited.flooderRefused} refused`,
  });
}

export async function runCatalogBench(plan: CatalogPlan): Promise<void> {
  for (const [index, size] of plan.sizes.entries()) {
    console.info(`\nPreparing and measuring a catalog of ${size.toLocaleString('en')} tracks…`);
    await benchSize(size, plan, index === 0, index === plan.sizes.length - 1);
  }
}
