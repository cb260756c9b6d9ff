import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { appliedMigrations, MIGRATION_NAMES } from '../../db/migrations/index.ts';
import { restoreDatabase } from './database-copy.ts';
import { copySecret, copyTree, type CopiedFiles } from './files-copy.ts';
import { readManifest, type Manifest } from './manifest.ts';

export class RestoreRefused extends Error {}

export interface RestoreOptions {
  directory: string;
  /** Replace a database that already holds a site (the server must be stopped). */
  force: boolean;
  onProgress?: (step: string, copied?: CopiedFiles) => void;
}

/** Whether the configured database already holds a site (any migration recorded). */
async function targetInUse(database: Config['database']): Promise<boolean> {
  if (database.driver === 'sqlite' && !existsSync(database.file)) return false;
  const handle = openDatabase(database);
  try {
    return (await appliedMigrations(handle.db)).length > 0;
  } finally {
    await handle.destroy();
  }
}

/**
 * `npm run restore -- <dir>`: puts a backup in place of the configured database and storage.
 * It refuses a backup of the other database kind, one made by a newer Backbeat (its last
 * migration is unknown here), and a target that already holds a site unless forced. The next
 * `npm start` runs any migrations this code has beyond the backup's.
 */
export async function restoreBackup(config: Config, options: RestoreOptions): Promise<Manifest> {
  const directory = resolve(options.directory);
  const manifest = await readManifest(directory);
  if (manifest.database.driver !== config.database.driver) {
    throw new RestoreRefused(
      `This backup holds a ${manifest.database.driver} database; the site is configured for ${config.database.driver}.`,
    );
  }
  const last = manifest.database.lastMigration;
  if (last && !MIGRATION_NAMES.includes(last)) {
    throw new RestoreRefused(
      `This backup was made by a newer Backbeat (its database has migration ${last}). Upgrade first.`,
    );
  }
  if (!options.force && (await targetInUse(config.database))) {
    throw new RestoreRefused(
      'The configured database already holds a site. Stop the server, then run the restore again with --force to replace it.',
    );
  }

  options.onProgress?.('database');
  await mkdir(config.storagePath, { recursive: true });
  await restoreDatabase(config.database, directory);
  if (manifest.appKey === 'file') {
    await copySecret(join(directory, 'app.key'), join(config.storagePath, 'app.key'));
  }
  if (manifest.files.included) {
    options.onProgress?.('files');
    await copyTree(
      join(directory, 'files'),
      config.storagePath,
      () => false,
      (copied) => options.onProgress?.('files', copied),
    );
  }
  return manifest;
}
