import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { pagedList } from '../paged-list.ts';

/*
 * Backups (issue 39.3): what `npm run backup` and the admin area made, newest first, and a
 * backup made from the admin area into the storage folder's backups/ folder.
 */
export const backupSchema = z.object({
  id: z.number(),
  directory: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  database_bytes: z.number(),
  files_included: z.boolean(),
  files_count: z.number(),
  files_bytes: z.number(),
  app_key_included: z.boolean(),
  duration_ms: z.number(),
  started_at: z.string(),
});
export type Backup = z.infer<typeof backupSchema>;

export const listBackups = pagedList(backupSchema, {
  path: '/api/v1/admin/backups',
  access: 'settings.update',
  summary: 'Backups made, newest first (needs admin.access too)',
  tags: ['admin: settings'],
});

export const createBackupSchema = z.object({
  /** Copy the uploaded files too (local storage only). */
  files: z.boolean().default(false),
});

export const createBackup = endpoint({
  method: 'POST',
  path: '/api/v1/admin/backups',
  access: 'settings.update',
  summary: 'Makes a backup now, into the storage folder (needs admin.access too)',
  tags: ['admin: settings'],
  body: createBackupSchema,
  response: z.object({ backup: backupSchema }),
});
