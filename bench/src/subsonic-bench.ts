// OpenSubsonic rows of `npm run bench` (issue 18): how fast a client syncing the whole library
// pages through it with search3, and getAlbumList2 under 32 connections. Run alone with
// `npx tsx bench/src/subsonic-bench.ts` (BENCH_SUBSONIC_TRACKS sets the catalog size).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrations/index.ts';
import { seedDemoCatalog } from '../../server/src/seed/demo/catalog.ts';
import { seed } from '../../server/src/seed/index.ts';
import { loadInChild } from './load-process.ts';

const GOALS = { songsPerSecond: 2000, albumListP99Ms: 5 };
const PAGE = 500;

export interface SubsonicBenchResult {
  tracks: number;
  songsPerSecond: number;
  albumListP99Ms: number;
  albumListRps: number;
  /** A bare Node http server answering the same bytes, under the same load (the ceiling). */
  bareP99Ms: number;
  bareRps: number;
}

/** The ceiling: bench/src/bare-server.ts answering `body` at /list, in a process of its own. */
async function measureBare(storage: string, body: string, duration: number) {
  const payloadFile = join(storage, 'album-list.json');
  writeFileSync(
    payloadFile,
    JSON.stringify({ '/list': { contentType: 'application/json', body } }),
  );
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const bare = fork(
    new URL('./bare-server.ts', import.meta.url).pathname,
    [String(port), payloadFile],
    {
      execArgv: ['--import', 'tsx'],
      stdio: 'ignore',
    },
  );
  try {
    await new Promise((resolve) => bare.once('message', resolve));
    return await loadInChild(`http://127.0.0.1:${port}/list`, { connections: 32, duration });
  } finally {
    bare.kill('SIGTERM');
  }
}

export async function runSubsonicBench(tracks: number): Promise<SubsonicBenchResult> {
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-subsonic-bench-'));
  const config = loadConfig({
    STORAGE_PATH: storage,
    LOG_LEVEL: 'silent',
    APP_KEY: randomBytes(32).toString('base64url'),
    ADMIN_EMAIL: 'bench@backbeat.test',
    ADMIN_PASSWORD: 'bench-password-123',
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
    const userId = await app.services.users.createUser({
      email: 'subsonic@backbeat.test',
      password: 'bench-password-123',
    });
    const { plainTextToken } = await app.services.accessTokens.create(userId, 'bench');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const auth = `apiKey=${encodeURIComponent(plainTextToken)}&v=1.16.1&c=bench&f=json`;

    // A client syncing its library: the empty query, page after page, until a short page.
    let songs = 0;
    const started = performance.now();
    for (let offset = 0; ; offset += PAGE) {
      const response = await fetch(
        `${base}/rest/search3?${auth}&query=&artistCount=0&albumCount=0&songCount=${PAGE}&songOffset=${offset}`,
      );
      const body = (await response.json()) as {
        'subsonic-response': { searchResult3: { song?: unknown[] } };
      };
      const page = body['subsonic-response'].searchResult3.song?.length ?? 0;
      songs += page;
      if (page < PAGE) break;
    }
    const songsPerSecond = Math.round(songs / ((performance.now() - started) / 1000));
    // The demo catalog adds a few tracks of its own beyond the asked number.
    if (songs < tracks) throw new Error(`search3 paged ${songs} songs of ${tracks}`);

    // The load client runs in a process of its own: the figure is the server's.
    const listUrl = `${base}/rest/getAlbumList2?${auth}&type=alphabeticalByName&size=20&offset=40`;
    const duration = Number(process.env.BENCH_DURATION ?? 5);
    const list = await loadInChild(listUrl, { connections: 32, duration });
    if (list.non2xx) throw new Error(`getAlbumList2: ${list.non2xx} non-2xx answers`);
    const bare = await measureBare(storage, await (await fetch(listUrl)).text(), duration);
    return {
      tracks: songs,
      songsPerSecond,
      albumListP99Ms: list.p99,
      albumListRps: list.rps,
      bareP99Ms: bare.p99,
      bareRps: bare.rps,
    };
  } finally {
    await app.close();
    await database.destroy();
    rmSync(storage, { recursive: true, force: true });
  }
}

export function printSubsonicBench(result: SubsonicBenchResult): void {
  const mark = (ok: boolean) => (ok ? 'meets' : 'MISSES');
  console.info(`\nOpenSubsonic on ${result.tracks.toLocaleString('en')} tracks`);
  console.info(
    `  search3 empty-query paging   ${result.songsPerSecond.toLocaleString('en')} songs/s   goal ≥ ${GOALS.songsPerSecond.toLocaleString('en')}   ${mark(result.songsPerSecond >= GOALS.songsPerSecond)}`,
  );
  console.info(
    `  getAlbumList2, 32 conns      p99 ${result.albumListP99Ms} ms (${result.albumListRps} req/s)   bare http p99 ${result.bareP99Ms} ms (${result.bareRps} req/s)   goal < ${GOALS.albumListP99Ms} ms   ${mark(result.albumListP99Ms < GOALS.albumListP99Ms)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tracks = Number(process.env.BENCH_SUBSONIC_TRACKS ?? 100_000);
  printSubsonicBench(await runSubsonicBench(tracks));
}
