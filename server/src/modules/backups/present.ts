import type { Backup } from '@backbeat/common/admin/backups';
import type { BackupRow } from './repository.ts';

/** A backup's record as the admin area shows it. */
export const presentBackup = (row: BackupRow): Backup => ({
  id: row.id,
  directory: row.directory,
  database: row.database,
  database_bytes: Number(row.database_bytes),
  files_included: Boolean(row.files_included),
  files_count: row.files_count,
  files_bytes: Number(row.files_bytes),
  app_key_included: Boolean(row.app_key_included),
  duration_ms: row.duration_ms,
  started_at: new Date(row.started_at).toISOString(),
});
