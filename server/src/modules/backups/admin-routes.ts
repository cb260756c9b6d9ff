import type { Backup } from '@backbeat/common/admin/backups';
import { createBackup, listBackups } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { adminOnly } from '../../resources/define-resource.ts';
import type { BackupRow } from './repository.ts';

const present = (row: BackupRow): Backup => ({
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

/** Backups in the admin area (issue 39.3): the list of those made, and one made now. */
export const backupsAdminRoutes: RoutesPlugin = async (app) => {
  const { backups } = app.services;
  registerEndpoint(
    app,
    listBackups,
    async (request) => {
      const page = await backups.list(request.query);
      return { pagination: { ...page, data: page.data.map(present) } };
    },
    adminOnly(),
  );
  registerEndpoint(
    app,
    createBackup,
    async (request) => ({ backup: present(await backups.createInStorage(request.body.files)) }),
    adminOnly(),
  );
};
