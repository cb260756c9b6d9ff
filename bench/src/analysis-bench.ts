// Library analysis rows of `npm run bench` (issue 42): `npm run import` of the bench's tagged
// library, then the production server started on it measures every file in the background
// (loudness, true peak, exact length; waveforms come on demand). Printed: files a second
// until the last file is measured, beside today's per-file path (analyseAudio: an ffmpeg per
// file plus the JavaScript meter, two at a time, as library folders ran it) timed on a sample
// of the same files in this run; and the album page's p99 at one connection while the
// analysis runs, beside the same requests once it is done. Figures are indicative: the
// machine may be shared, so the load average is printed beside them.
// Alone: `npx tsx bench/src/analysis-bench.ts` (BENCH_IMPORT_FILES sets the count).
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite as Database } from '../../server/src/db/sqlite-driver.ts';
import { analyseAudio } from '../../server/src/modules/media/analyse.ts';
import { bundleCli, runImport } from './import-bench.ts';
import { percentile } from './raw-http.ts';
import { addFigure, addTarget } from './results.ts';
import { ADMIN, loginAs, startServer } from './server-process.ts';
import { taggedLibrary } from './tagged-library.ts';

/** Issue 42: at least 5x the 4.7 files/s measured before this work, on the same machine. */
const GOALS = { speedup: 5, browseRatio: 2 };
/** Today's path is timed on this many of the files (it takes about 0.2 s a file). */
const OLD_PATH_SAMPLE = 300;
const POLL_MS = 250;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

export interface AnalysisBenchResult {
  files: number;
  analysisMs: number;
  oldPathFilesPerSecond: number;
  oldPathSample: number;
  browseBusy: { p50: number; p99: number; count: number };
  browseIdle: { p50: number; p99: number; count: number };
  loadBefore: string;
  loadAfter: string;
}

function audioFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((name) => /\.(mp3|flac)$/.test(name))
    .map((name) => join(root, name));
}

/** Today's per-file path on a sample: analyseAudio, two at a time (library folders' old pace). */
async function oldPathRate(paths: string[]): Promise<number> {
  const sample = paths.filter(
    (_, index) => index % Math.ceil(paths.length / OLD_PATH_SAMPLE) === 0,
  );
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < sample.length) {
      const path = sample[next++]!;
      await analyseAudio({
        open: (range) => createReadStream(path, range ? range : {}),
        size: statSync(path).size,
        mime: path.endsWith('.flac') ? 'audio/flac' : 'audio/mpeg',
        name: path,
      });
    }
  };
  await Promise.all([worker(), worker()]);
  return sample.length / ((performance.now() - started) / 1000);
}

function counts(storage: string) {
  const db = new Database(join(storage, 'database.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT count(*) AS files, count(analysed_at) AS analysed FROM library_files
         WHERE track_id IS NOT NULL`,
      )
      .get() as { files: number; analysed: number };
  } finally {
    db.close();
  }
}

function albumIds(storage: string): number[] {
  const db = new Database(join(storage, 'database.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT id FROM albums ORDER BY id').all() as { id: number }[]).map(
      (row) => row.id,
    );
  } finally {
    db.close();
  }
}

/** Album pages one after another at one connection until `until()` says stop. */
async function browse(url: string, cookie: string, ids: number[], until: () => boolean) {
  const times: number[] = [];
  let index = 0;
  while (!until()) {
    // A stride through the albums, so answers are not the same few pages.
    const id = ids[(index++ * 7919) % ids.length]!;
    const started = performance.now();
    const response = await fetch(`${url}/api/v1/albums/${id}`, {
      headers: { cookie, accept: 'application/json' },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`album ${id} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    count: times.length,
  };
}

export async function runAnalysisBench(files: number): Promise<AnalysisBenchResult> {
  const folder = await taggedLibrary(files);
  const paths = audioFiles(folder);
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-analysis-bench-'));
  process.env.APP_KEY ??= randomBytes(32).toString('base64url');
  try {
    const loadBefore = load();
    const oldPathFilesPerSecond = await oldPathRate(paths);
    const cli = await bundleCli();
    await runImport(cli, folder, storage, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const ids = albumIds(storage);
    const started = performance.now();
    const server = await startServer(storage);
    try {
      const cookie = await loginAs(server.url);
      let done = false;
      let finishedAt = 0;
      const watcher = (async () => {
        while (!done) {
          const { files: total, analysed } = counts(storage);
          if (total > 0 && analysed >= total) {
            finishedAt = performance.now();
            done = true;
            return;
          }
          if (performance.now() - started > 3_600_000) throw new Error('analysis took over 1 h');
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      })();
      const browseBusy = await browse(server.url, cookie, ids, () => done);
      await watcher;
      const idleUntil = performance.now() + Math.max(3000, Math.min(20_000, browseBusy.count * 5));
      const browseIdle = await browse(server.url, cookie, ids, () => performance.now() > idleUntil);
      return {
        files: paths.length,
        analysisMs: Math.round(finishedAt - started),
        oldPathFilesPerSecond,
        oldPathSample: Math.min(OLD_PATH_SAMPLE, paths.length),
        browseBusy,
        browseIdle,
        loadBefore,
        loadAfter: load(),
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(storage, { recursive: true, force: true });
  }
}

export function printAnalysisBench(result: AnalysisBenchResult): void {
  const mark = (ok: boolean) => (ok ? 'meets' : 'MISSES');
  const rate = result.files / (result.analysisMs / 1000);
  const speedup = rate / result.oldPathFilesPerSecond;
  const ratio = result.browseBusy.p99 / result.browseIdle.p99;
  const fmt = (value: number) => value.toFixed(1);
  console.info(
    `\nLibrary analysis of ${result.files.toLocaleString('en')} imported files (SQLite; load ${result.loadBefore} before, ${result.loadAfter} after; shared machine: indicative)`,
  );
  console.info(
    `  analysis               ${fmt(rate)} files/s (${(result.analysisMs / 1000).toFixed(1)} s from server start)   today's per-file path ${fmt(result.oldPathFilesPerSecond)} files/s (${result.oldPathSample} files, same run)   ${fmt(speedup)}x   goal ≥ ${GOALS.speedup}x   ${mark(speedup >= GOALS.speedup)}`,
  );
  console.info(
    `  album page p99 at c=1  ${fmt(result.browseBusy.p99)} ms during analysis (${result.browseBusy.count} answers, p50 ${fmt(result.browseBusy.p50)})   ${fmt(result.browseIdle.p99)} ms idle (${result.browseIdle.count}, p50 ${fmt(result.browseIdle.p50)})   ${ratio.toFixed(2)}x   goal ≤ ${GOALS.browseRatio}x   ${mark(ratio <= GOALS.browseRatio)}`,
  );
  addFigure({
    name: `analysis of ${result.files.toLocaleString('en')} imported files`,
    value: Math.round(rate * 10) / 10,
    unit: 'files/s',
    note: `${fmt(speedup)}x today's per-file path (${fmt(result.oldPathFilesPerSecond)} files/s); album p99 ${fmt(result.browseBusy.p99)} ms during, ${fmt(result.browseIdle.p99)} ms idle; load ${result.loadBefore}`,
  });
  addTarget(
    `analysis of ${result.files.toLocaleString('en')} files vs today's path`,
    `${fmt(speedup)}x (${fmt(rate)} files/s)`,
    `≥ ${GOALS.speedup}x`,
    speedup >= GOALS.speedup,
  );
  addTarget(
    'album page p99 during analysis vs idle',
    `${ratio.toFixed(2)}x`,
    `≤ ${GOALS.browseRatio}x`,
    ratio <= GOALS.browseRatio,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printAnalysisBench(await runAnalysisBench(Number(process.env.BENCH_IMPORT_FILES ?? 10_000)));
}
