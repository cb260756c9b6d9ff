// Library import rows of `npm run bench` (issue 18): `npm run import` of 10,000 tagged files
// on a fresh SQLite database (files a minute, the import process's peak RSS), then the same
// command again with nothing changed. Beside them, the bare work on the same files in this
// run: reading every file's tags with music-metadata in one loop, and listing the folder.
// Run alone with `npx tsx bench/src/import-bench.ts` (BENCH_IMPORT_FILES sets the count).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite as Database } from '../../server/src/db/sqlite-driver.ts';
import { build } from 'esbuild';
import { parseFile } from 'music-metadata';
import { addFigure, addTarget } from './results.ts';
import { spawnServerNode } from './server-flags.ts';
import { taggedLibrary } from './tagged-library.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
/** The command as `npm run import` runs it: bundled (server/build.mjs's options), not via tsx. */
const CLI_DIR = join(ROOT, 'server/dist/bench-import');

export async function bundleCli(): Promise<string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'server/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies).filter(
    (name) => !name.startsWith('@backbeat/') && name !== 'kysely',
  );
  await build({
    entryPoints: { 'library-import-cli': join(ROOT, 'server/src/library-import-cli.ts') },
    outdir: CLI_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((name) => `${name}/*`)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return join(CLI_DIR, 'library-import-cli.js');
}
const GOALS = { filesPerMinute: 90_000, rssMb: 150, rescanMs: 1000 };

export interface ImportBenchResult {
  files: number;
  importMs: number;
  importRssMb: number;
  processMs: number;
  rescanMs: number;
  tracks: number;
  bareTagsMs: number;
  bareListMs: number;
}

const rssMb = (pid: number) => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

/** One `npm run import` (its bundle, with the server's Node flags): wall time and peak RSS. */
export async function runImport(
  cli: string,
  folder: string,
  storage: string,
  env: Record<string, string> = {},
) {
  const started = performance.now();
  const child = spawnServerNode({
    script: cli,
    args: [folder],
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      STORAGE_PATH: storage,
      LOG_LEVEL: 'warn',
      INIT_CWD: ROOT,
      ...env,
    },
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 20);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (!text.startsWith('[') && !text.startsWith('\r[')) output += text;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`npm run import failed (${code}):\n${output}`);
  return { processMs: performance.now() - started, peakRssMb: Math.round(peak), output };
}

/** The last scan's own duration and the library's tracks, from the database. */
function lastScan(storage: string) {
  const db = new Database(join(storage, 'database.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare('SELECT scan_started_at, scan_finished_at FROM library_folders ORDER BY id LIMIT 1')
      .get() as { scan_started_at: string; scan_finished_at: string };
    const tracks = db
      .prepare('SELECT count(*) AS n FROM library_files WHERE track_id IS NOT NULL')
      .get() as { n: number };
    return {
      ms: Date.parse(row.scan_finished_at) - Date.parse(row.scan_started_at),
      tracks: tracks.n,
    };
  } finally {
    db.close();
  }
}

function audioFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((name) => /\.(mp3|flac)$/.test(name))
    .map((name) => join(root, name));
}

export async function runImportBench(files: number): Promise<ImportBenchResult> {
  const folder = await taggedLibrary(files);
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-import-bench-'));
  process.env.APP_KEY ??= randomBytes(32).toString('base64url');
  try {
    // The bare work: list the folder with sizes and times; read each file's tags, one by one.
    let started = performance.now();
    const paths = audioFiles(folder);
    for (const path of paths) statSync(path);
    const bareListMs = performance.now() - started;
    started = performance.now();
    for (const path of paths) await parseFile(path, { duration: false, skipCovers: false });
    const bareTagsMs = performance.now() - started;

    const cli = await bundleCli();
    const first = await runImport(cli, folder, storage);
    const imported = lastScan(storage);
    if (imported.tracks !== files) {
      throw new Error(`import made ${imported.tracks} tracks of ${files}:\n${first.output}`);
    }
    await runImport(cli, folder, storage);
    const rescan = lastScan(storage);
    return {
      files: paths.length,
      importMs: imported.ms,
      importRssMb: first.peakRssMb,
      processMs: Math.round(first.processMs),
      rescanMs: rescan.ms,
      tracks: imported.tracks,
      bareTagsMs: Math.round(bareTagsMs),
      bareListMs: Math.round(bareListMs),
    };
  } finally {
    rmSync(storage, { recursive: true, force: true });
  }
}

export function printImportBench(result: ImportBenchResult): void {
  const mark = (ok: boolean) => (ok ? 'meets' : 'MISSES');
  const perMinute = (ms: number) => Math.round((result.files / ms) * 60_000);
  const ours = perMinute(result.importMs);
  console.info(`\nLibrary import of ${result.files.toLocaleString('en')} tagged files (SQLite)`);
  console.info(
    `  import scan            ${ours.toLocaleString('en')} files/min (${result.importMs} ms; process ${result.processMs} ms)   bare tag read ${perMinute(result.bareTagsMs).toLocaleString('en')} files/min   goal ≥ ${GOALS.filesPerMinute.toLocaleString('en')}   ${mark(ours >= GOALS.filesPerMinute)}`,
  );
  console.info(
    `  import peak RSS        ${result.importRssMb} MB   goal < ${GOALS.rssMb} MB   ${mark(result.importRssMb < GOALS.rssMb)}`,
  );
  addFigure({
    name: `npm run import of ${result.files.toLocaleString('en')} tagged files`,
    value: ours,
    unit: 'files/min',
    ceiling: perMinute(result.bareTagsMs),
    ceilingName: 'bare tag read',
    ratio: ours / perMinute(result.bareTagsMs),
    note: `peak RSS ${result.importRssMb} MB; no-change rescan ${result.rescanMs} ms`,
  });
  addTarget(
    `import of ${result.files.toLocaleString('en')} tagged files`,
    `${ours.toLocaleString('en')} files/min`,
    `≥ ${GOALS.filesPerMinute.toLocaleString('en')} files/min`,
    ours >= GOALS.filesPerMinute,
  );
  console.info(
    `  no-change rescan       ${result.rescanMs} ms   bare listing ${result.bareListMs} ms   goal < ${GOALS.rescanMs} ms   ${mark(result.rescanMs < GOALS.rescanMs)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printImportBench(await runImportBench(Number(process.env.BENCH_IMPORT_FILES ?? 10_000)));
}
