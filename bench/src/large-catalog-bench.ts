// The 1,000,000-track tier (issue 42): `npm run bench:large`. On each database of
// BENCH_LARGE_DATABASES (sqlite,postgres) it prepares a catalog of BENCH_LARGE_TRACKS tracks
// (1,000,000; about 300k artists and 85k albums at that size, scaled with it) with the demo
// seeder and the product's search indexer, starts the built server as production does, and
// times at one connection, each key asked once (so every answer misses the answer cache):
// album and artist pages spread over the whole catalog, searches, getAlbumList2 at offsets
// down to the last page, a Subsonic client's full-library sync (search3, empty query, paged to
// the end), random songs, genre and tag lists, and a user's likes and plays while
// `npm run import` writes a library folder into the same database. PostgreSQL runs in a
// freshly created database of its own (BENCH_LARGE_POSTGRES names the server), dropped after.
// How long (1M tracks, 2 cores shared with other work at load 9-17, 2026-11-29): SQLite 52 min
// in all: preparing 13 min (seeding 8.5, search index 4.4), the reads 34 min (before the rows'
// 90 s limit: tag pages alone took 25), the sync 4, the import 1.5. PostgreSQL's preparing took
// over 40 min (100k: 65 s on a quiet machine). BENCH_LARGE_TRACKS=100000 runs in minutes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase, type Db } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrations/index.ts';
import { createCatalogWriteRepository } from '../../server/src/modules/catalog-writes/repository.ts';
import { seedDemoCatalog } from '../../server/src/seed/demo/catalog.ts';
import { seed } from '../../server/src/seed/index.ts';
import { coldSearchQueries, SPREAD_PAGES, timedGet } from './cold-reads.ts';
import { bundleCli, runImport } from './import-bench.ts';
import { addFigure, addTarget, appendResults, printSummary } from './results.ts';
import { ADMIN, ROOT, loginAs, startServer, type BenchServer } from './server-process.ts';
import { taggedLibrary } from './tagged-library.ts';

const GOALS = { pageP99Ms: 10, searchP99Ms: 30, operationP99Ms: 50, syncPageRatio: 2 };
/** Per million tracks: the shape of the libraries people report at that size. */
const ARTISTS_PER_TRACK = 0.3;
const ALBUMS_PER_TRACK = 0.085;
const SYNC_PAGE = 500;
const LIST_PAGE = 50;
/** Distinct requests of the list rows (deep offsets, genre and tag pages, random songs). */
const LIST_KEYS = 200;
const POSTGRES = process.env.BENCH_LARGE_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';

type DatabaseName = 'sqlite' | 'postgres';

interface Prepared {
  apiKey: string;
  albums: number[];
  artists: number[];
  albumCount: number;
  genres: { name: string; tracks: number; albums: number }[];
  tags: { name: string; tracks: number }[];
  trackIds: { low: number; high: number };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
  return Math.round((at ?? 0) * 100) / 100;
}

/** `count` items of `list` taken evenly over it. */
function evenly<T>(list: T[], count: number): T[] {
  if (list.length <= count) return list;
  const step = list.length / count;
  return Array.from({ length: count }, (_, i) => list[Math.floor(step / 2 + i * step)]!);
}

/** `count` offsets spread from 0 to `last` (distinct, so each list page is asked once). */
const offsets = (last: number, count: number) =>
  [...new Set(Array.from({ length: count }, (_, i) => Math.round((i * last) / (count - 1 || 1))))]
    .filter((offset) => offset >= 0)
    .slice(0, count);

/** Keys spread over the whole catalog, read from its database. */
async function pickKeys(db: Db): Promise<Omit<Prepared, 'apiKey'>> {
  const albums = (await db.selectFrom('albums').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  );
  // Artists that have tracks (their own or featured): the pages a library's links lead to.
  const artists = (
    await db
      .selectFrom('track_artists')
      .select('artist_id')
      .distinct()
      .orderBy('artist_id')
      .execute()
  ).map((row) => row.artist_id);
  const genreTracks = await db
    .selectFrom('track_genres')
    .innerJoin('genres', 'genres.id', 'track_genres.genre_id')
    .select(['genres.name', 'genres.display_name', sql<number>`count(*)`.as('tracks')])
    .groupBy(['genres.name', 'genres.display_name'])
    .execute();
  const genreAlbums = await db
    .selectFrom('album_genres')
    .innerJoin('genres', 'genres.id', 'album_genres.genre_id')
    .select(['genres.name', sql<number>`count(*)`.as('albums')])
    .groupBy('genres.name')
    .execute();
  const tags = await db
    .selectFrom('track_tags')
    .innerJoin('tags', 'tags.id', 'track_tags.tag_id')
    .select(['tags.name', sql<number>`count(*)`.as('tracks')])
    .groupBy('tags.name')
    .execute();
  const range = await db
    .selectFrom('tracks')
    .select([sql<number>`min(id)`.as('low'), sql<number>`max(id)`.as('high')])
    .executeTakeFirstOrThrow();
  return {
    albums: evenly(albums, SPREAD_PAGES),
    artists: evenly(artists, SPREAD_PAGES),
    albumCount: albums.length,
    genres: genreTracks.map((genre) => ({
      name: genre.display_name,
      tracks: Number(genre.tracks),
      albums: Number(genreAlbums.find((row) => row.name === genre.name)?.albums ?? 0),
    })),
    tags: tags.map((tag) => ({ name: tag.name, tracks: Number(tag.tracks) })),
    trackIds: { low: Number(range.low), high: Number(range.high) },
  };
}

/** The catalog, a Subsonic listener and their API key, before the built server starts. */
async function prepare(
  storage: string,
  databaseUrl: string | undefined,
  tracks: number,
): Promise<Prepared> {
  const config = loadConfig({
    STORAGE_PATH: storage,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false });
  try {
    await seed(app.services, config);
    let started = performance.now();
    const made = await seedDemoCatalog(database.db, app.services.storage, {
      artists: Math.max(20, Math.round(tracks * ARTISTS_PER_TRACK)),
      albums: Math.max(1, Math.round(tracks * ALBUMS_PER_TRACK)),
      tracks,
      plays: Math.min(20_000, tracks),
      seconds: [150, 300],
      artwork: 'shared',
    });
    const seedMs = performance.now() - started;
    started = performance.now();
    await app.services.catalogIndexer.reindexAll();
    const indexMs = performance.now() - started;
    // As a large scan ends: PostgreSQL's planner statistics refreshed (SQLite keeps none).
    await createCatalogWriteRepository(database.db).refreshStatistics();
    await app.services.settings.set({ 'demo_catalog.seeded': true });
    const userId = await app.services.users.createUser({
      email: 'subsonic@backbeat.test',
      password: ADMIN.password,
    });
    const { plainTextToken } = await app.services.accessTokens.create(userId, 'bench');
    console.info(
      `  ${made.tracks.toLocaleString('en')} tracks, ${made.albums.toLocaleString('en')} albums, ${made.artists.toLocaleString('en')} artists: seeded in ${seconds(seedMs)}, search index in ${seconds(indexMs)}`,
    );
    return { apiKey: plainTextToken, ...(await pickKeys(database.db)) };
  } finally {
    await app.close();
    await database.destroy();
  }
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `backbeat_large_${process.pid}_${Date.now().toString(36)}`;
  const admin = openDatabase({ driver: 'postgres', url: `${POSTGRES}/postgres` });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  await admin.destroy();
  return {
    url: `${POSTGRES}/${name}`,
    async drop() {
      const again = openDatabase({ driver: 'postgres', url: `${POSTGRES}/postgres` });
      try {
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(again.db);
      } finally {
        await again.destroy();
      }
    },
  };
}

/**
 * A row stops asking after this long (BENCH_LARGE_ROW_SECONDS): an operation that takes
 * seconds a request at 1M tracks would hold the tier for half an hour. The keys are asked in a
 * shuffled order, so a row cut short still spreads over the catalog; the count asked is printed.
 */
/** The sync stops there too (BENCH_LARGE_SYNC_SECONDS), said beside its figures. */
const SYNC_BUDGET_MS = Number(process.env.BENCH_LARGE_SYNC_SECONDS ?? 600) * 1000;
const ROW_BUDGET_MS = Number(process.env.BENCH_LARGE_ROW_SECONDS ?? 90) * 1000;

/** A fixed shuffle (the same every run), so a row cut short still samples every part. */
function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  let state = 42;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * Each path once, one at a time, until the row's time is up; the answer must be a 200 (and
 * not a Subsonic error). `of` is how many keys the row had.
 */
async function askEach(url: string, paths: string[], headers: Record<string, string> = {}) {
  const times: number[] & { of?: number } = [];
  times.of = paths.length;
  const started = performance.now();
  for (const path of shuffled(paths)) {
    if (performance.now() - started > ROW_BUDGET_MS) break;
    const answer = await timedGet(`${url}${path}`, headers);
    if (answer.status !== 200 || answer.body.includes('"status":"failed"')) {
      throw new Error(`${path}: HTTP ${answer.status} ${answer.body.toString().slice(0, 200)}`);
    }
    times.push(answer.ms);
  }
  return times;
}

interface Row {
  name: string;
  times: number[] & { of?: number };
  goal: number;
}

function report(database: DatabaseName, tracks: number, row: Row): void {
  const asked =
    row.times.of && row.times.of > row.times.length
      ? `${row.times.length} of ${row.times.of} keys (stopped after ${ROW_BUDGET_MS / 1000} s)`
      : `${row.times.length} keys`;
  const where = `${Math.round(tracks / 1000)}k, ${database}, 1 conn, ${asked}, p50 ${percentile(row.times, 0.5)} ms`;
  const p99 = percentile(row.times, 0.99);
  addTarget(`cold ${row.name} p99 (${where})`, `${p99} ms`, `≤ ${row.goal} ms`, p99 <= row.goal);
}

/** A Subsonic client's full-library sync: the empty query, pages of 500 until a short one. */
async function fullSync(url: string, auth: string) {
  const pages: number[] = [];
  let songs = 0;
  const started = performance.now();
  for (let offset = 0; ; offset += SYNC_PAGE) {
    const answer = await timedGet(
      `${url}/rest/search3?${auth}&query=&artistCount=0&albumCount=0&songCount=${SYNC_PAGE}&songOffset=${offset}`,
      {},
    );
    if (answer.status !== 200) throw new Error(`search3 at ${offset}: HTTP ${answer.status}`);
    const got = (
      JSON.parse(answer.body.toString()) as {
        'subsonic-response': { searchResult3: { song?: unknown[] } };
      }
    )['subsonic-response'].searchResult3.song?.length;
    songs += got ?? 0;
    pages.push(answer.ms);
    if ((got ?? 0) < SYNC_PAGE) break;
    if (performance.now() - started > SYNC_BUDGET_MS)
      return { pages, songs, ms: performance.now() - started, cut: true };
  }
  return { pages, songs, ms: performance.now() - started, cut: false };
}

/**
 * A user's likes and plays (Subsonic star, scrobble), one after another, until `until` settles;
 * each write's time to the answer.
 */
async function userWrites(
  url: string,
  auth: string,
  ids: Prepared['trackIds'],
  until?: Promise<unknown>,
) {
  const times: number[] = [];
  let done = !until;
  void until?.then(
    () => (done = true),
    () => (done = true),
  );
  let n = 0;
  const track = () => ids.low + Math.floor(Math.random() * (ids.high - ids.low + 1));
  do {
    const id = track();
    for (const call of [`star?id=${id}`, `scrobble?id=${id}&submission=true`]) {
      const answer = await timedGet(`${url}/rest/${call}&${auth}`, {});
      // An id of the range that is not a track is refused by the API; the time still counts.
      if (answer.status !== 200) throw new Error(`${call}: HTTP ${answer.status}`);
      times.push(answer.ms);
    }
    n++;
  } while (!done || (!until && n < 100));
  return times;
}

async function measure(database: DatabaseName, tracks: number, scanFiles: number): Promise<void> {
  const storage = mkdtempSync(join(tmpdir(), `backbeat-large-${database}-`));
  const postgres = database === 'postgres' ? await createPostgresDatabase() : undefined;
  const env: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
  let server: BenchServer | undefined;
  const tier = `${Math.round(tracks / 1000)}k, ${database}`;
  try {
    console.info(`\n${database}: preparing ${tracks.toLocaleString('en')} tracks…`);
    let started = performance.now();
    const prepared = await prepare(storage, postgres?.url, tracks);
    const prepareMs = performance.now() - started;
    console.info(`  prepared in ${seconds(prepareMs)}`);
    addFigure({ name: `large tier: prepare (${tier})`, value: prepareMs / 1000, unit: 's' });

    started = performance.now();
    server = await startServer(storage, { env });
    addFigure({
      name: `large tier: first start to ready (${tier})`,
      value: performance.now() - started,
      unit: 'ms',
    });
    const url = server.url;
    const cookie = await loginAs(url);
    const json = { cookie, accept: 'application/json' };
    const auth = `apiKey=${encodeURIComponent(prepared.apiKey)}&v=1.16.1&c=bench&f=json`;
    // A first request opens the socket (and is not timed).
    await askEach(url, ['/api/v1/search?query=zzzz&perPage=10'], json);
    started = performance.now();

    // Each row printed as soon as it is measured.
    const measured = (row: Row) => {
      report(database, tracks, row);
      return row;
    };
    const rows: Row[] = [
      measured({
        name: 'album page spread over the catalog',
        times: await askEach(
          url,
          prepared.albums.map((id) => `/api/v1/albums/${id}`),
          json,
        ),
        goal: GOALS.pageP99Ms,
      }),
      measured({
        name: 'artist page spread over the catalog',
        times: await askEach(
          url,
          prepared.artists.map((id) => `/api/v1/artists/${id}`),
          json,
        ),
        goal: GOALS.pageP99Ms,
      }),
      measured({
        name: 'search (prefix, word)',
        times: await askEach(
          url,
          coldSearchQueries(1000).map(
            (q) => `/api/v1/search?query=${encodeURIComponent(q)}&perPage=10`,
          ),
          json,
        ),
        goal: GOALS.searchP99Ms,
      }),
      measured({
        name: `getAlbumList2 by name, size ${LIST_PAGE}, offsets 0 to the last page`,
        times: await askEach(
          url,
          offsets(prepared.albumCount - LIST_PAGE, LIST_KEYS).map(
            (offset) =>
              `/rest/getAlbumList2?${auth}&type=alphabeticalByName&size=${LIST_PAGE}&offset=${offset}`,
          ),
        ),
        goal: GOALS.operationP99Ms,
      }),
      measured({
        name: `getAlbumList2 newest, size ${LIST_PAGE}, offsets 0 to the last page`,
        times: await askEach(
          url,
          offsets(prepared.albumCount - LIST_PAGE, LIST_KEYS).map(
            (offset) =>
              `/rest/getAlbumList2?${auth}&type=newest&size=${LIST_PAGE}&offset=${offset}`,
          ),
        ),
        goal: GOALS.operationP99Ms,
      }),
      measured({
        name: 'getRandomSongs size 50',
        times: await askEach(
          url,
          Array.from({ length: LIST_KEYS }, () => `/rest/getRandomSongs?${auth}&size=50`),
        ),
        goal: GOALS.operationP99Ms,
      }),
      measured({
        name: 'getRandomSongs size 50 of a genre',
        times: await askEach(
          url,
          Array.from(
            { length: LIST_KEYS },
            (_, i) =>
              `/rest/getRandomSongs?${auth}&size=50&genre=${encodeURIComponent(prepared.genres[i % prepared.genres.length]!.name)}`,
          ),
        ),
        goal: GOALS.operationP99Ms,
      }),
      measured({
        name: `getSongsByGenre, count ${LIST_PAGE}, offsets over each genre`,
        times: await askEach(
          url,
          spreadOver(
            prepared.genres,
            'tracks',
            (genre, offset) =>
              `/rest/getSongsByGenre?${auth}&genre=${encodeURIComponent(genre.name)}&count=${LIST_PAGE}&offset=${offset}`,
          ),
        ),
        goal: GOALS.operationP99Ms,
      }),
      measured({
        name: `getAlbumList2 byGenre, size ${LIST_PAGE}, offsets over each genre`,
        times: await askEach(
          url,
          spreadOver(
            prepared.genres,
            'albums',
            (genre, offset) =>
              `/rest/getAlbumList2?${auth}&type=byGenre&genre=${encodeURIComponent(genre.name)}&size=${LIST_PAGE}&offset=${offset}`,
          ),
        ),
        goal: GOALS.operationP99Ms,
      }),
      measured({
        name: `tag's tracks, ${LIST_PAGE} a page, pages over each tag`,
        times: await askEach(
          url,
          spreadOver(
            prepared.tags.map((tag) => ({
              ...tag,
              // The API's last page is 10,000.
              tracks: Math.min(tag.tracks, 10_000 * LIST_PAGE),
            })),
            'tracks',
            (tag, offset) =>
              `/api/v1/tags/${encodeURIComponent(tag.name)}/tracks?perPage=${LIST_PAGE}&page=${Math.floor(offset / LIST_PAGE) + 1}`,
          ),
          json,
        ),
        goal: GOALS.operationP99Ms,
      }),
    ];
    console.info(`  ${rows.length} rows of reads measured`);

    const sync = await fullSync(url, auth);
    if (!sync.cut && sync.songs < tracks)
      throw new Error(`search3 paged ${sync.songs} songs of ${tracks}`);
    report(database, tracks, {
      name: `search3 full sync page of ${SYNC_PAGE}`,
      times: sync.pages,
      goal: GOALS.operationP99Ms,
    });
    const tenth = Math.max(1, Math.floor(sync.pages.length / 10));
    const first = percentile(sync.pages.slice(0, tenth), 0.5);
    const last = percentile(sync.pages.slice(-tenth), 0.5);
    addTarget(
      `search3 full sync, last tenth of the pages vs first tenth (${tier}, ${sync.pages.length} pages${sync.cut ? `, stopped after ${SYNC_BUDGET_MS / 1000} s at ${sync.songs} songs` : ''}, ${Math.round(sync.songs / (sync.ms / 1000))} songs/s)`,
      `${last} ms vs ${first} ms (${(last / first).toFixed(2)}x)`,
      `≤ ${GOALS.syncPageRatio}x the first`,
      last / first <= GOALS.syncPageRatio,
    );
    console.info(`  reads measured in ${seconds(performance.now() - started)}`);

    // A user's likes and plays idle, then while `npm run import` writes a library folder.
    const idle = await userWrites(url, auth, prepared.trackIds);
    const folder = await taggedLibrary(scanFiles);
    const cli = await bundleCli();
    started = performance.now();
    const scan = runImport(cli, folder, storage, env);
    const during = await userWrites(url, auth, prepared.trackIds, scan);
    await scan;
    const scanMs = performance.now() - started;
    report(database, tracks, {
      name: `user writes (star, scrobble) during npm run import of ${scanFiles.toLocaleString('en')} files (${seconds(scanMs)}; idle p99 ${percentile(idle, 0.99)} ms)`,
      times: during,
      goal: GOALS.operationP99Ms,
    });
  } finally {
    await server?.stop();
    await postgres?.drop();
    rmSync(storage, { recursive: true, force: true });
  }
}

/** LIST_KEYS list requests spread over the items, each at offsets from 0 to its last page. */
function spreadOver<T extends { name: string }>(
  items: T[],
  size: keyof T & ('tracks' | 'albums'),
  path: (item: T, offset: number) => string,
): string[] {
  const per = Math.ceil(LIST_KEYS / Math.max(1, items.length));
  return items.flatMap((item) =>
    offsets(Math.max(0, Number(item[size]) - LIST_PAGE), per).map((offset) => path(item, offset)),
  );
}

const tracks = Number(process.env.BENCH_LARGE_TRACKS ?? 1_000_000);
const databases = (process.env.BENCH_LARGE_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((name) => name.trim()) as DatabaseName[];
const scanFiles = Number(process.env.BENCH_LARGE_SCAN_FILES ?? 10_000);
process.env.APP_KEY ??= randomBytes(32).toString('base64url');
const benchStarted = performance.now();
console.info(
  `npm run bench:large: ${tracks.toLocaleString('en')} tracks on ${databases.join(' and ')} (${ROOT})`,
);
for (const database of databases) {
  const started = performance.now();
  await measure(database, tracks, scanFiles);
  console.info(`  ${database} done in ${seconds(performance.now() - started)}`);
}
printSummary();
if (process.env.BENCH_RESULTS) {
  await appendResults(ROOT, process.env.BENCH_RESULTS, false, [`large-${tracks}`]);
}
console.info(`\nLarge tier done in ${seconds(performance.now() - benchStarted)}.`);
process.exit(0);
