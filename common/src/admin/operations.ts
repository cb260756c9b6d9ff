import { z } from 'zod';
import { backupSchema } from './backups.ts';
import { libraryAnalysisProgressSchema } from '../library-folders/schemas.ts';
import { endpoint } from '../contract.ts';

/*
 * The operations page (issue 39.5): whether the site is healthy, at a glance. The same answer
 * feeds the admin screen and outside monitoring that reads JSON; /metrics (off by default,
 * token-protected) has the counters in Prometheus' text format.
 */
export const operationsStatusSchema = z.object({
  version: z.string(),
  node: z.string(),
  started_at: z.string(),
  uptime_seconds: z.number(),
  database: z.object({
    driver: z.enum(['sqlite', 'postgres']),
    reachable: z.boolean(),
    bytes: z.number().nullable(),
  }),
  storage: z.object({ driver: z.enum(['local', 's3']), files: z.number(), bytes: z.number() }),
  redis: z.object({
    configured: z.boolean(),
    reachable: z.boolean().nullable(),
    error: z.string().nullable(),
  }),
  jobs: z.object({
    driver: z.enum(['memory', 'redis']),
    queues: z.array(
      z.object({
        name: z.string(),
        waiting: z.number(),
        running: z.number(),
        failed: z.number(),
      }),
    ),
  }),
  library_folders: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      status: z.string(),
      tracks_count: z.number(),
      finished_at: z.string().nullable(),
    }),
  ),
  library_analysis: libraryAnalysisProgressSchema,
  ffmpeg: z.object({
    found: z.boolean(),
    path: z.string().nullable(),
    version: z.string().nullable(),
  }),
  mail: z.object({ driver: z.string(), reachable: z.boolean(), error: z.string().nullable() }),
  metrics_enabled: z.boolean(),
  last_backup: backupSchema.nullable(),
});
export type OperationsStatus = z.infer<typeof operationsStatusSchema>;

export const getOperationsStatus = endpoint({
  method: 'GET',
  path: '/api/v1/admin/operations',
  access: 'settings.update',
  summary:
    'Version, uptime, database, storage, Redis, jobs, scans, ffmpeg, mail and the last backup (needs admin.access too)',
  tags: ['admin: settings'],
  response: z.object({ status: operationsStatusSchema }),
});
