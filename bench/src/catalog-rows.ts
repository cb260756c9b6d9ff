// The catalog rows of issue 22: each asked hot (one key again and again, as the answer cache
// sees a popular page) and cold (each key once), at 1 and 32 connections, and the same paths
// asked of a bare Node server answering the bytes Backbeat answered for them (the ceiling).
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SQLite as Database } from '../../server/src/db/sqlite-driver.ts';
import { albumLink } from '@backbeat/common';
import type { BareAnswer } from './bare-bytes-server.ts';
import { loadRun, mergeRuns, type Answer, type LoadFigures } from './raw-http.ts';
import { results, type HttpRow } from './results.ts';
import { freePort, ROOT } from './server-process.ts';

export interface RowSpec {
  name: string;
  hot: string;
  cold: string[];
  headers: Record<string, string>;
}

/** A small seeded generator, so two runs ask for the same keys. */
function shuffled<T>(items: T[], seed = 22): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export interface CatalogKeys {
  albums: string[];
  artists: string[];
  searches: string[];
  channels: string[];
  appPages: string[];
}

/** Distinct keys of each row, read from the prepared catalog's database. */
export function catalogKeys(storage: string, wanted: number): CatalogKeys {
  const db = new Database(join(storage, 'database.sqlite'), { readonly: true });
  try {
    const albums = db
      .prepare(
        `SELECT a.id, a.name, ar.name AS artist FROM albums a
         LEFT JOIN album_artists aa ON aa.album_id = a.id AND aa.position = 0
         LEFT JOIN artists ar ON ar.id = aa.artist_id`,
      )
      .all() as { id: number; name: string; artist: string | null }[];
    const artists = db.prepare('SELECT id FROM artists').all() as { id: number }[];
    const names = db
      .prepare(
        'SELECT name FROM tracks UNION SELECT name FROM albums UNION SELECT name FROM artists',
      )
      .all() as { name: string }[];
    const channels = db.prepare('SELECT id, slug, restriction FROM channels').all() as {
      id: number;
      slug: string;
      restriction: string | null;
    }[];
    const genres = db.prepare('SELECT name FROM genres').all() as { name: string }[];
    // As-you-type: whole words and their three- and four-letter beginnings.
    const words = new Set<string>();
    const prefixes = new Set<string>();
    for (const { name } of names) {
      for (const word of name.toLowerCase().split(/[^a-z]+/)) {
        if (word.length < 3) continue;
        words.add(word);
        prefixes.add(word.slice(0, 3));
        if (word.length > 4) prefixes.add(word.slice(0, 4));
      }
    }
    const queries = shuffled([...new Set([...words, ...prefixes])]);
    const pickedAlbums = shuffled(albums).slice(0, wanted);
    const genreChannel = channels.find((c) => c.restriction === 'genre');
    return {
      albums: pickedAlbums.map((a) => `/api/v1/albums/${a.id}`),
      artists: shuffled(artists)
        .slice(0, wanted)
        .map((a) => `/api/v1/artists/${a.id}`),
      searches: queries
        .slice(0, wanted)
        .map((q) => `/api/v1/search?query=${encodeURIComponent(q)}&perPage=10`),
      // Few channels exist: each by slug and by id, and the genre channel for every genre.
      channels: shuffled([
        ...channels
          .filter((c) => !c.restriction)
          .flatMap((c) => [`/api/v1/channel/${c.slug}`, `/api/v1/channel/${c.id}`]),
        ...(genreChannel
          ? genres.flatMap((g) => [
              `/api/v1/channel/genre?restriction=${encodeURIComponent(g.name)}`,
              `/api/v1/channel/${genreChannel.id}?restriction=${encodeURIComponent(g.name)}`,
            ])
          : []),
      ]),
      appPages: shuffled(albums)
        .slice(0, wanted)
        .map((a) =>
          // As a browser sends it: the path percent-encoded.
          encodeURI(
            albumLink({
              id: a.id,
              name: a.name,
              image: null,
              artists: a.artist ? [{ id: 0, name: a.artist, image: null }] : [],
            }),
          ),
        ),
    };
  } finally {
    db.close();
  }
}

/** The bare server, fed the answers to give before each ceiling run. */
export class BareCeiling {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static async start(): Promise<BareCeiling> {
    const port = await freePort();
    const child = fork(join(ROOT, 'bench/src/bare-bytes-server.ts'), [String(port)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    await new Promise((resolve) => child.once('message', resolve));
    return new BareCeiling(child, port);
  }

  async serve(answers: Map<string, Answer>): Promise<void> {
    const list: BareAnswer[] = [...answers].map(([path, answer]) => ({
      path,
      status: answer.status,
      contentType: answer.headers['content-type'] ?? 'application/octet-stream',
      contentEncoding: answer.headers['content-encoding'],
      body: answer.body ?? Buffer.alloc(0),
    }));
    const loaded = new Promise((resolve) => this.child.once('message', resolve));
    this.child.send({ answers: list });
    await loaded;
  }

  stop(): void {
    this.child.kill('SIGTERM');
  }
}

const figures = (f: LoadFigures) => ({ p50: f.p50, p99: f.p99, rps: f.rps });

export interface RowPlan {
  hotMs: number;
  /** Distinct keys at 1 connection and at 32 (never the same keys: the answer cache is 10 s). */
  coldKeys: [number, number];
}

export async function measureRows(
  appPort: number,
  bare: BareCeiling,
  catalog: number,
  specs: RowSpec[],
  plan: RowPlan,
): Promise<HttpRow[]> {
  const rows: HttpRow[] = [];
  const push = (row: HttpRow) => {
    rows.push(row);
    results.http.push(row);
    console.info(
      `  ${row.row}, ${row.mode}, ${row.connections} conn, ${row.keys} keys: p50 ${row.ours.p50.toFixed(2)} p99 ${row.ours.p99.toFixed(2)} ms ${row.ours.rps.toFixed(0)}/s; bare p50 ${row.ceiling.p50.toFixed(2)} p99 ${row.ceiling.p99.toFixed(2)} ms ${row.ceiling.rps.toFixed(0)}/s; ${row.ratio.toFixed(2)}x`,
    );
  };
  // Ours and the ceiling take turns in short slices, so a burst of other work on the machine
  // falls on both rather than on one of them.
  const sliceMs = 500;
  for (const spec of specs) {
    for (const connections of [1, 32]) {
      const keep = new Map<string, Answer>();
      const base = { connections, headers: spec.headers, paths: [spec.hot] };
      // Hot: one untimed answer first (also kept for the ceiling), then the timed slices.
      await loadRun({ ...base, port: appPort, keep });
      await bare.serve(keep);
      await loadRun({ ...base, port: bare.port });
      const slices = Math.max(1, Math.round(plan.hotMs / sliceMs));
      const durationMs = plan.hotMs / slices;
      const ours: LoadFigures[] = [];
      const ceiling: LoadFigures[] = [];
      for (let slice = 0; slice < slices; slice++) {
        ours.push(await loadRun({ ...base, port: appPort, durationMs }));
        ceiling.push(await loadRun({ ...base, port: bare.port, durationMs }));
      }
      const hot = mergeRuns(ours);
      const hotBare = mergeRuns(ceiling);
      push({
        catalog,
        row: spec.name,
        mode: 'hot',
        connections,
        keys: 1,
        requests: hot.requests,
        ours: figures(hot),
        ceiling: figures(hotBare),
        ratio: hot.rps / hotBare.rps,
      });
    }
    // Cold: the keys at 1 connection, then other keys at 32; the hot key is asked in neither.
    const keys = spec.cold.filter((path) => path !== spec.hot);
    const single = Math.min(plan.coldKeys[0], Math.ceil(keys.length / 2));
    const sets: [number, string[]][] = [
      [1, keys.slice(0, single)],
      [32, keys.slice(single, single + plan.coldKeys[1])],
    ];
    for (const [connections, paths] of sets) {
      // In turns too: a batch of new keys from Backbeat, then the same batch from the ceiling
      // (given the answers just recorded); batches of 50 keys, or 8 per connection.
      const batch = Math.max(50, connections * 8);
      const keep = new Map<string, Answer>();
      const ours: LoadFigures[] = [];
      const ceiling: LoadFigures[] = [];
      for (let at = 0; at < paths.length; at += batch) {
        const base = { connections, headers: spec.headers, paths: paths.slice(at, at + batch) };
        ours.push(await loadRun({ ...base, port: appPort, keep }));
        await bare.serve(keep);
        ceiling.push(await loadRun({ ...base, port: bare.port }));
      }
      const cold = mergeRuns(ours);
      const coldBare = mergeRuns(ceiling);
      push({
        catalog,
        row: spec.name,
        mode: 'cold',
        connections,
        keys: paths.length,
        requests: cold.requests,
        ours: figures(cold),
        ceiling: figures(coldBare),
        ratio: cold.rps / coldBare.rps,
      });
    }
  }
  return rows;
}
