// Cold reads (issues 4 and 22): each search, album page and artist page asked once, at one
// connection, so every answer misses the server's answer cache and is made from the database.
// The pages the searches lead to are a friendly sample; with `spread` (issue 42) at least 1,000
// albums and 1,000 artists spread over the whole catalog are asked too, each once.
// `measureColdReads(url, headers)` runs against a server already up (the catalog bench calls
// it); run alone, `npx tsx bench/src/cold-reads.ts` prepares a catalog (BENCH_COLD_TRACKS,
// 100,000 by default; BENCH_COLD_STORAGE keeps it between runs) and starts server/dist on it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite as Database } from '../../server/src/db/sqlite-driver.ts';
import { prepareCatalog } from './prepare-catalog.ts';
import { ADMIN, loginAs, startServer } from './server-process.ts';

export const COLD_GOALS = { searchP99Ms: 15, albumP99Ms: 4, artistP99Ms: 4 };

/** Words of the demo catalog (server/src/seed/demo/names.ts): album, artist and track names. */
const WORDS = [
  'golden',
  'silent',
  'electric',
  'velvet',
  'hidden',
  'paper',
  'neon',
  'quiet',
  'distant',
  'crystal',
  'wild',
  'slow',
  'late',
  'blue',
  'warm',
  'northern',
  'broken',
  'bright',
  'lunar',
  'salt',
  'copper',
  'glass',
  'faded',
  'endless',
  'secret',
  'summer',
  'midnight',
  'open',
  'soft',
  'tidal',
  'hours',
  'harbor',
  'signals',
  'gardens',
  'rooms',
  'tides',
  'lights',
  'echoes',
  'rivers',
  'streets',
  'horizons',
  'dreams',
  'windows',
  'machines',
  'satellites',
  'mornings',
  'letters',
  'shadows',
  'skylines',
  'waves',
  'motels',
  'orchards',
  'postcards',
  'frequencies',
  'islands',
  'highways',
  'balconies',
  'canyons',
  'fields',
  'stations',
  'afterglow',
  'cruise',
  'motion',
  'heatwave',
  'undertow',
  'glasshouse',
  'parallel',
  'swim',
  'sundial',
  'static',
  'driftwood',
  'polaroid',
  'overpass',
  'honeycomb',
  'nightjar',
  'cloudbreak',
  'daydream',
  'kaleidoscope',
  'lantern',
  'tangerine',
  'monsoon',
  'vapour',
  'citrus',
  'falling',
  'suns',
  'road',
  'echo',
  'hour',
  'mirage',
  'ember',
  'fire',
  'rooftops',
  'focus',
  'pulse',
  'gravity',
  'seaside',
  'mercury',
  'wildflower',
  'dust',
  'saltwater',
  'arcade',
  'hologram',
  'nocturne',
  'lullaby',
  'firefly',
  'aurora',
  'backseat',
  'coastline',
  'dusk',
  'bloom',
  'lucid',
  'moth',
  'rain',
  'northbound',
  'orbit',
  'palms',
  'storm',
  'radio',
  'snowglobe',
  'stardust',
  'sunroof',
  'tidepool',
  'umbra',
  'weightless',
  'interlude',
  'reprise',
  'forever',
  'again',
  'version',
];

/**
 * As-you-type searches: each word's 3- and 4-letter prefixes and the word itself, distinct,
 * in an order that mixes them (a fixed shuffle, so runs compare).
 */
export function coldSearchQueries(count = 200): string[] {
  const all = new Set<string>();
  for (const word of WORDS) {
    for (const query of [word.slice(0, 3), word.slice(0, 4), word]) all.add(query);
  }
  const queries = [...all];
  let seed = 7;
  for (let i = queries.length - 1; i > 0; i--) {
    seed = (seed * 48_271) % 2_147_483_647;
    const j = seed % (i + 1);
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }
  return queries.slice(0, count);
}

export interface ColdRow {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /**
   * The server's main thread on a CPU for each answer (ms), when its pid was given: unlike
   * the time to answer, it hardly grows when other processes share the cores.
   */
  cpuP50?: number;
  cpuP99?: number;
}

export interface ColdReadsResult {
  search: ColdRow;
  album: ColdRow;
  artist: ColdRow;
  /** Pages spread over the whole catalog (every k-th id), when `spread` was given. */
  albumSpread?: ColdRow;
  artistSpread?: ColdRow;
}

/** At least this many albums and artists spread over the whole catalog (issue 42). */
export const SPREAD_PAGES = 1000;

/** `count` items of `list` taken evenly over it (every k-th, from the middle of the first stretch). */
function evenly<T>(list: T[], count: number): T[] {
  if (list.length <= count) return list;
  const step = list.length / count;
  return Array.from({ length: count }, (_, i) => list[Math.floor(step / 2 + i * step)]!);
}

/**
 * Ids of albums and artists spread evenly over the catalog in a bench's database, `count` of
 * each and a fifth more (the cold reads leave out those the searches already asked).
 */
export function spreadIds(storage: string, count = SPREAD_PAGES) {
  const db = new Database(join(storage, 'database.sqlite'), { readonly: true });
  try {
    const every = (table: 'albums' | 'artists') =>
      evenly(
        (db.prepare(`SELECT id FROM ${table} ORDER BY id`).all() as { id: number }[]).map(
          (row) => row.id,
        ),
        Math.round(count * 1.2),
      );
    return { albums: every('albums'), artists: every('artists') };
  } finally {
    db.close();
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on a kept-alive socket: ms from asking to the last byte of the answer. */
export function timedGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; status: number; body: Buffer }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const asked = request(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({
          ms: performance.now() - started,
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', fail);
    });
    asked.on('error', fail);
    asked.end();
  });
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]! * 100) / 100;
}

function row(times: number[], cpu: number[]): ColdRow {
  const at = percentiles(times);
  const result: ColdRow = { count: times.length, p50: at(0.5), p99: at(0.99), max: at(1) };
  if (cpu.length) {
    const cpuAt = percentiles(cpu);
    Object.assign(result, { cpuP50: cpuAt(0.5), cpuP99: cpuAt(0.99) });
  }
  return result;
}

/** ms the process's main thread has run (Linux: /proc/<pid>/schedstat, in ns). */
function mainThreadMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

/**
 * Asks each search once (≥ 150 distinct), then each album and artist page the searches found
 * once (up to `pages` of each), one request at a time. `headers` should not offer gzip if the
 * figure is to be the server's work alone (they are sent as given).
 */
export async function measureColdReads(
  url: string,
  headers: Record<string, string>,
  options: {
    queries?: string[];
    pages?: number;
    serverPid?: number;
    /** Album and artist ids spread over the catalog (spreadIds), each asked once after. */
    spread?: { albums: number[]; artists: number[] };
  } = {},
): Promise<ColdReadsResult> {
  const queries = options.queries ?? coldSearchQueries();
  const pages = options.pages ?? 200;
  const { serverPid } = options;
  const albums = new Set<number>();
  const artists = new Set<number>();
  const kinds = () => ({
    search: [] as number[],
    album: [] as number[],
    artist: [] as number[],
    albumSpread: [] as number[],
    artistSpread: [] as number[],
  });
  const times = kinds();
  const cpu = kinds();
  let cpuMs = 0;
  const get = async (path: string) => {
    const before = serverPid ? mainThreadMs(serverPid) : 0;
    const answer = await timedGet(`${url}${path}`, headers);
    if (answer.status !== 200) throw new Error(`${path}: HTTP ${answer.status}`);
    cpuMs = serverPid ? mainThreadMs(serverPid) - before : 0;
    return answer;
  };
  const note = (kind: keyof typeof times, ms: number) => {
    times[kind].push(ms);
    if (serverPid) cpu[kind].push(cpuMs);
  };
  // A first request opens the socket (and is not timed).
  await get('/api/v1/search?query=zzzz&perPage=10');
  for (const query of queries) {
    const answer = await get(`/api/v1/search?query=${encodeURIComponent(query)}&perPage=10`);
    note('search', answer.ms);
    const { results } = JSON.parse(answer.body.toString()) as {
      results: { albums: { id: number }[]; artists: { id: number }[] };
    };
    for (const album of results.albums) albums.add(album.id);
    for (const artist of results.artists) artists.add(artist.id);
  }
  const askedAlbums = [...albums].slice(0, pages);
  const askedArtists = [...artists].slice(0, pages);
  for (const id of askedAlbums) note('album', (await get(`/api/v1/albums/${id}`)).ms);
  for (const id of askedArtists) note('artist', (await get(`/api/v1/artists/${id}`)).ms);
  const result: ColdReadsResult = {
    search: row(times.search, cpu.search),
    album: row(times.album, cpu.album),
    artist: row(times.artist, cpu.artist),
  };
  if (options.spread) {
    // Each once: pages the searches led to are left out (the answer cache may hold them).
    const asked = { albums: new Set(askedAlbums), artists: new Set(askedArtists) };
    const fresh = (ids: number[], seen: Set<number>) =>
      evenly(
        ids.filter((id) => !seen.has(id)),
        SPREAD_PAGES,
      );
    for (const id of fresh(options.spread.albums, asked.albums)) {
      note('albumSpread', (await get(`/api/v1/albums/${id}`)).ms);
    }
    for (const id of fresh(options.spread.artists, asked.artists)) {
      note('artistSpread', (await get(`/api/v1/artists/${id}`)).ms);
    }
    result.albumSpread = row(times.albumSpread, cpu.albumSpread);
    result.artistSpread = row(times.artistSpread, cpu.artistSpread);
  }
  return result;
}

export function printColdReads(result: ColdReadsResult, note = ''): void {
  const mark = (ok: boolean) => (ok ? 'meets' : 'MISSES');
  const line = (label: string, r: ColdRow, goal: number) =>
    `  ${label.padEnd(22)} ${String(r.count).padStart(4)} asked   p50 ${r.p50} ms   p99 ${r.p99} ms   max ${r.max} ms   goal p99 ≤ ${goal} ms   ${mark(r.p99 <= goal)}` +
    (r.cpuP99 === undefined ? '' : `   (server CPU p50 ${r.cpuP50} ms, p99 ${r.cpuP99} ms)`);
  console.info(`\nCold reads, 1 connection, each key asked once${note}`);
  console.info(line('search (prefix, word)', result.search, COLD_GOALS.searchP99Ms));
  console.info(line('album page (searched)', result.album, COLD_GOALS.albumP99Ms));
  console.info(line('artist page (searched)', result.artist, COLD_GOALS.artistP99Ms));
  if (result.albumSpread)
    console.info(line('album page (spread)', result.albumSpread, COLD_GOALS.albumP99Ms));
  if (result.artistSpread)
    console.info(line('artist page (spread)', result.artistSpread, COLD_GOALS.artistP99Ms));
}

async function runAlone(): Promise<void> {
  const tracks = Number(process.env.BENCH_COLD_TRACKS ?? 100_000);
  const kept = process.env.BENCH_COLD_STORAGE;
  const storage = kept ?? mkdtempSync(join(tmpdir(), 'backbeat-cold-'));
  if (!kept || !existsSync(join(storage, 'database.sqlite'))) {
    mkdirSync(storage, { recursive: true });
    console.info(`Preparing a catalog of ${tracks.toLocaleString('en')} tracks in ${storage}…`);
    await prepareCatalog(storage, tracks, ADMIN, []);
  }
  // The server is started as the bench starts it (flags, entry, lifted search limit).
  const server = await startServer(storage);
  try {
    const cookie = await loginAs(server.url);
    const result = await measureColdReads(
      server.url,
      { cookie, accept: 'application/json' },
      { serverPid: server.child.pid!, spread: spreadIds(storage) },
    );
    printColdReads(result, ` (${tracks.toLocaleString('en')} tracks)`);
  } finally {
    await server.stop();
    agent.destroy();
    if (!kept) rmSync(storage, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone();
