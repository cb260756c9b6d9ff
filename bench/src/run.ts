// `npm run bench` (issue 22): the production build measured beside ceilings taken in the same
// run (a bare Node http server answering the same bytes, the disk, a bare <audio> page), every
// target printed with our figure, its goal and met/missed, and the run appended to
// bench/results.json so a regression shows in the history.
//
// `npm run bench -- --quick` (or BENCH_QUICK=1): a smoke run of the same code in about a
// minute and a half on a small catalog, for CI after `npm test`. Its figures mean little and
// it never fails on them, only on a crash; it writes no history unless BENCH_RESULTS is set.
// `BENCH_ONLY=catalog,import npx tsx bench/src/run.ts` runs only the named groups.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCatalogBench, type CatalogPlan } from './catalog-bench.ts';
import { runFirstPlayBench } from './first-play-bench.ts';
import { printAnalysisBench, runAnalysisBench } from './analysis-bench.ts';
import { printImportBench, runImportBench } from './import-bench.ts';
import { runInsightsBench } from './insights-bench.ts';
import { runInstancesBench } from './instances-bench.ts';
import { runListeningBench } from './listening-bench.ts';
import { runMediaProcessingBench, runUploadMemoryBench } from './media-bench.ts';
import { appendResults, printSummary } from './results.ts';
import { ROOT } from './server-process.ts';
import { printSubsonicBench, runSubsonicBench } from './subsonic-bench.ts';
import { FULL_TRANSCODE_PLAN, QUICK_TRANSCODE_PLAN, runTranscodeBench } from './transcode-bench.ts';
import { runUploadBench } from './upload-bench.ts';

const quick =
  process.argv.includes('--quick') || ['1', 'true'].includes(process.env.BENCH_QUICK ?? '');
const started = performance.now();

const sizes = (fallback: string) =>
  (process.env.BENCH_CATALOG_SIZES ?? fallback).split(',').map((size) => Number(size.trim()));

const plan: CatalogPlan = quick
  ? {
      sizes: sizes('2000'),
      hotMs: 250,
      coldKeys: [150, 150],
      stream: { rounds: 3, roundMs: 250, freshInstances: false },
      flood: false,
      startupRuns: 1,
      firstJs: true,
      cpuPerAnswer: process.env.BENCH_CPU_PER_ANSWER === '1',
      floodDurationS: 1,
    }
  : {
      sizes: sizes('10000,100000'),
      hotMs: Number(process.env.BENCH_HOT_MS ?? 3000),
      coldKeys: [200, 600],
      stream: {
        rounds: Number(process.env.BENCH_STREAM_ROUNDS ?? 5),
        roundMs: 2000,
        freshInstances: true,
      },
      flood: true,
      startupRuns: Number(process.env.BENCH_STARTUP_RUNS ?? 5),
      firstJs: true,
      cpuPerAnswer: true,
      floodDurationS: Number(process.env.BENCH_DURATION ?? 5),
    };

/** The bench measures the production build; a clean clone after `npm ci` has none yet. */
function ensureBuilt(): void {
  const npm = (args: string[]) => execFileSync('npm', args, { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(join(ROOT, 'server/dist/main.js'))) npm(['run', 'build', '-w', 'server']);
  if (!process.env.WEB_DIST_PATH && !existsSync(join(ROOT, 'web/dist/index.html'))) {
    npm(['run', 'build', '-w', 'web']);
  }
}

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const runs = (group: string, inQuick = true) =>
  (!only || only.includes(group)) && (inQuick || !quick);
console.info(`npm run bench${quick ? ' --quick (smoke run: figures are not checked)' : ''}`);
ensureBuilt();

// Catalog rows hot and cold beside the bare ceiling, start-up, memory after load, the app page,
// JavaScript before the home page, streaming (issues 4, 16 and 22).
if (runs('catalog')) await runCatalogBench(plan);
// Click to audio over distinct tracks beside a bare <audio> page; in a full run also the gap at
// a track boundary and the player tab's memory (issues 19 and 22).
if (runs('listening')) await runListeningBench(quick);
// Uploads (issues 10 and 22): tus beside a bare server and the disk's write speed; in a full
// run also the processing of a 5-minute MP3 and the memory while a 1 GB file arrives.
if (runs('uploads')) {
  await runUploadBench(quick ? 20 : undefined);
  if (!quick) {
    await runMediaProcessingBench();
    await runUploadMemoryBench();
  }
}
// Library folders (issue 18): `npm run import` of tagged files, then a no-change rescan.
if (runs('import')) {
  const files = Number(process.env.BENCH_IMPORT_FILES ?? (quick ? 500 : 10_000));
  printImportBench(await runImportBench(files));
}
// Library analysis (issue 42): the imported files measured by the server in the background,
// beside today's per-file path in the same run, and the album page's p99 during it vs idle.
if (runs('analysis')) {
  const files = Number(process.env.BENCH_ANALYSIS_FILES ?? (quick ? 200 : 10_000));
  printAnalysisBench(await runAnalysisBench(files));
}
// First play of demo tracks never played before, next to one already rendered.
if (runs('first-play', false)) await runFirstPlayBench();
// OpenSubsonic: a library sync through search3 and album lists under load (issue 18).
if (runs('subsonic', false)) {
  printSubsonicBench(await runSubsonicBench(Number(process.env.BENCH_SUBSONIC_TRACKS ?? 100_000)));
}
// Transcoding (issue 38.6): first byte of an uncached transcode and real-time transcodes at
// once, beside ffmpeg bare; in a quick run three requests and at most two streams.
if (runs('transcoding')) {
  await runTranscodeBench(quick ? QUICK_TRANSCODE_PLAN : FULL_TRANSCODE_PLAN);
}
// Insights (issue 11): the rollup job over 1,000,000 plays and insights answers at 1 connection.
if (runs('insights', false)) await runInsightsBench();
// Several instances (issue 42): two behind nginx on PostgreSQL, Redis and s3rver, against one,
// one stopped mid-load, and a scheduled task's runs per period.
if (runs('instances', false)) await runInstancesBench();

printSummary();
// The history keeps whole runs; a quick or partial (BENCH_ONLY) run is kept only when asked.
const history = process.env.BENCH_RESULTS ?? (quick || only ? undefined : 'bench/results.json');
if (history) await appendResults(ROOT, history, quick, only ?? ['all']);
else
  console.info(
    '\nNot added to bench/results.json (quick or BENCH_ONLY run; BENCH_RESULTS=<file> keeps it).',
  );
console.info(`\nBench done in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
