// `npm run backup -- <dir> [--files]` and `npm run restore -- <dir> [--force]` (issue 39.3):
// the commands behind them, run from server/dist/cli.js. A backup runs beside the serving
// server (its own connection reads one snapshot); a restore runs with the server stopped.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { BackupRefused, createBackupsService } from './modules/backups/service.ts';
import { RestoreRefused, restoreBackup } from './modules/backups/restore.ts';

const USAGE = {
  backup: 'Usage: npm run backup -- <folder> [--files]',
  restore: 'Usage: npm run restore -- <folder> [--force]',
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Progress on stderr, one line rewritten in place on a terminal. */
function progress(step: string, copied?: { count: number; bytes: number }) {
  const line =
    step === 'files' && copied
      ? `Copying files… ${copied.count} (${megabytes(copied.bytes)})`
      : step === 'files'
        ? 'Copying files…'
        : 'Copying the database…';
  if (process.stderr.isTTY) process.stderr.write(`\r${line}\u001b[K`);
  else if (!copied || copied.count % 1000 === 0) console.error(line);
}

function split(args: string[]) {
  const flags = new Set(args.filter((arg) => arg.startsWith('--')));
  const folders = args.filter((arg) => !arg.startsWith('--'));
  return { flags, folder: folders.length === 1 ? folders[0] : undefined };
}

export async function runBackupCommand(args: string[]): Promise<number> {
  const { flags, folder } = split(args);
  const unknown = [...flags].filter((flag) => flag !== '--files');
  if (!folder || unknown.length) {
    console.error(USAGE.backup);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    const backup = await createBackupsService({ db: database.db, config }).create({
      directory: folder,
      files: flags.has('--files'),
      onProgress: progress,
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    console.info(
      `Backup made in ${backup.directory} (${(backup.duration_ms / 1000).toFixed(1)} s): ` +
        `database ${megabytes(Number(backup.database_bytes))}` +
        (backup.app_key_included ? ', app key' : ', app key kept in APP_KEY (not copied)') +
        (backup.files_included
          ? `, ${backup.files_count} files (${megabytes(Number(backup.files_bytes))})`
          : ', no files'),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupRefused)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.destroy();
  }
}

export async function runRestoreCommand(args: string[]): Promise<number> {
  const { flags, folder } = split(args);
  const unknown = [...flags].filter((flag) => flag !== '--force');
  if (!folder || unknown.length) {
    console.error(USAGE.restore);
    return 2;
  }
  const config = loadConfig();
  try {
    const manifest = await restoreBackup(config, {
      directory: folder,
      force: flags.has('--force'),
      onProgress: progress,
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    console.info(
      `Restored the backup of ${manifest.createdAt} into ${config.storagePath}` +
        (config.database.driver === 'postgres' ? ' and the configured PostgreSQL database' : '') +
        '. Start the server with npm start.',
    );
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(error.message);
    return 1;
  }
}
