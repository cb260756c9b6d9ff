// `npm run import -- <folder> [--name <name>]`: adds a folder of this machine to the library
// (or finds it there) and scans it here and now, with a progress bar on stderr and a summary
// on stdout. Files are read where they are, never copied nor changed (issue 18).
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addLibraryFolderSchema, type LibraryScanFigures } from '@backbeat/common';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { DomainError } from './lib/domain-errors.ts';
import { createFileLogs } from './logging/file-logs.ts';
import { closeServices, createServices } from './services.ts';

const USAGE = 'Usage: npm run import -- <folder> [--name <name>]';
const BAR_WIDTH = 30;

type Figures = Omit<LibraryScanFigures, 'started_at' | 'finished_at'>;

/** A one-line bar redrawn in place on a terminal; one line per update otherwise (logs). */
export function progressLine(figures: Figures, width = BAR_WIDTH): string {
  const ratio = figures.total ? Math.min(1, figures.seen / figures.total) : 0;
  const filled = Math.round(ratio * width);
  return (
    `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${figures.seen}/${figures.total} files` +
    ` · ${figures.added} added · ${figures.updated} updated · ${figures.failed} failed`
  );
}

function parseArgs(args: string[]): { folder: string; name?: string } | null {
  let folder: string | undefined;
  let name: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--name') name = args[++i];
    else if (arg.startsWith('--name=')) name = arg.slice('--name='.length);
    else if (!folder && !arg.startsWith('--')) folder = arg;
    else return null;
  }
  return folder ? { folder, name } : null;
}

async function main(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the project root; a relative folder is the caller's.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), parsed.folder);
  const input = addLibraryFolderSchema.safeParse({ path, name: parsed.name });
  if (!input.success) {
    console.error(input.error.issues.map((issue) => issue.message).join('\n'));
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  const services = createServices(config, database, createFileLogs(config.storagePath));
  try {
    await migrateToLatest(database.db);
    const folders = services.libraryFolders;
    let folder = await folders.findByPath(path);
    if (!folder) {
      try {
        folder = await folders.add(input.data, { scan: false });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        console.error(`${path}: ${error.message}`);
        return 1;
      }
      console.info(`Added ${folder.path} to the library as “${folder.name}”.`);
    }
    const tty = process.stderr.isTTY;
    let shown = '';
    const { folder: result, ran } = await folders.scanNow(folder.id, {
      // The tracks are in the catalog once their tags are read; the server decodes them after.
      analyse: false,
      onProgress: (figures) => {
        const line = progressLine(figures);
        if (line === shown) return;
        shown = line;
        process.stderr.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
      },
    });
    if (tty && shown) process.stderr.write('\n');
    if (!ran) {
      console.info(`${result.name} is being scanned by the server; it scans again once done.`);
      return 0;
    }
    const scan = result.last_scan;
    console.info(
      `${result.name}: ${scan.seen} files seen, ${scan.added} added, ${scan.updated} updated, ` +
        `${scan.removed} removed, ${scan.failed} failed; ${result.tracks_count} tracks in the library.`,
    );
    for (const failure of result.failures)
      console.info(`  failed: ${failure.path}: ${failure.reason}`);
    if (result.last_scan.added + result.last_scan.updated) {
      console.info('The server measures the new tracks’ waveform and loudness in the background.');
    }
    if (result.error) {
      console.error(result.error);
      return 1;
    }
    return 0;
  } finally {
    await closeServices(services, 0);
    await database.destroy();
  }
}

// Run as a command (not when a test imports progressLine).
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
