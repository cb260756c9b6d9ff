import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { appliedMigrations } from '../../db/migrations/index.ts';
import { nowIso } from '../../db/database.ts';
import { copyDatabase } from './database-copy.ts';
import { copySecret, copyTree, type CopiedFiles } from './files-copy.ts';
import { writeManifest, type Manifest } from './manifest.ts';
import { createBackupsRepository, type BackupRow } from './repository.ts';

/** Where backups made from the admin area go, under the storage folder. */
export const ADMIN_BACKUPS_FOLDER = 'backups';

export interface BackupOptions {
  /** The folder to write; it must not exist yet or be empty. */
  directory: string;
  /** Copy the uploaded files too (local storage only). */
  files: boolean;
  onProgress?: (step: string, copied?: CopiedFiles) => void;
}

export class BackupRefused extends Error {}

/** The storage folder's parts that are not uploaded files: the live database and the key. */
function storageSkip(config: Config, directory: string) {
  const own = relative(config.storagePath, directory).split('\\').join('/');
  const live = new Set([
    'database.sqlite',
    'database.sqlite-wal',
    'database.sqlite-shm',
    'app.key',
  ]);
  return (path: string) =>
    live.has(path) ||
    path === ADMIN_BACKUPS_FOLDER ||
    // Transcodes and other caches are made again on demand (modules/transcoding).
    path === 'cache' ||
    // The backup's own folder, when it is made inside the storage folder.
    path === own ||
    // Files of the bench's and tests' own, and SQLite's journal of a copy being made.
    path.endsWith('-journal');
}

/**
 * Backups (issue 39.3): a consistent online copy of the database, the app key and, optionally,
 * the uploaded files, while the server keeps serving; and the record of each one made.
 */
export function createBackupsService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  const repository = createBackupsRepository(db);

  return {
    async create(options: BackupOptions): Promise<BackupRow> {
      const directory = resolve(options.directory);
      if (existsSync(directory) && (await readdir(directory)).length > 0) {
        throw new BackupRefused(`${directory} is not empty: choose a new folder for the backup.`);
      }
      const started = Date.now();
      const startedAt = nowIso();
      await mkdir(directory, { recursive: true, mode: 0o700 });

      options.onProgress?.('database');
      const lastMigration = (await appliedMigrations(db)).at(-1) ?? null;
      const copy = await copyDatabase(db, config.database, directory);

      const keyFile = join(config.storagePath, 'app.key');
      const keyInFile =
        existsSync(keyFile) && readFileSync(keyFile, 'utf8').trim() === config.appKey;
      if (keyInFile) await copySecret(keyFile, join(directory, 'app.key'));

      let files: Manifest['files'];
      if (!options.files) {
        files = { included: false, reason: 'Not asked for (--files copies them).' };
      } else if (config.storage.driver !== 'local') {
        files = {
          included: false,
          reason:
            'The files are in an S3 bucket: copy the bucket with its own tools (aws s3 sync, rclone), or turn on its versioning.',
        };
      } else {
        options.onProgress?.('files');
        const copied = await copyTree(
          config.storagePath,
          join(directory, 'files'),
          storageSkip(config, directory),
          (progress) => options.onProgress?.('files', progress),
        );
        files = { included: true, ...copied };
      }

      await writeManifest(directory, {
        format: 1,
        app: 'backbeat',
        createdAt: startedAt,
        database: {
          driver: config.database.driver,
          file: basename(copy.file),
          bytes: copy.bytes,
          lastMigration,
        },
        appKey: keyInFile ? 'file' : 'environment',
        files,
      });
      return repository.record({
        directory,
        database: config.database.driver,
        database_bytes: copy.bytes,
        files_included: files.included ? 1 : 0,
        files_count: files.included ? files.count : 0,
        files_bytes: files.included ? files.bytes : 0,
        app_key_included: keyInFile ? 1 : 0,
        duration_ms: Date.now() - started,
        started_at: startedAt,
      });
    },

    /** A backup into a new folder under storage/backups, named by its time. */
    createInStorage(files: boolean): Promise<BackupRow> {
      const name = nowIso().replace(/[:.]/g, '-');
      return this.create({
        directory: join(config.storagePath, ADMIN_BACKUPS_FOLDER, name),
        files,
      });
    },

    list: (query: { page: number; perPage: number }) => repository.page(query),
    latest: () => repository.latest(),
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
