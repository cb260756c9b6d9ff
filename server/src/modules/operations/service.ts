import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as IORedis from 'ioredis';
import type { Backup } from '@backbeat/common/admin/backups';
import type { OperationsStatus } from '@backbeat/common/admin/operations';
import type { LibraryAnalysisProgress, LibraryFolder } from '@backbeat/common';
import type { Config } from '../../config.ts';
import { isDatabaseReachable, type Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { ffmpegVersion, findFfmpeg } from '../../lib/audio/ffmpeg.ts';
import { lazyRequire } from '../../lib/lazy-require.ts';
import { databaseBytes } from './repository.ts';

const loadRedis = lazyRequire<typeof IORedis>('ioredis');

/** Asks Redis for a PONG on a connection of its own, within two seconds. */
async function pingRedis(url: string): Promise<{ reachable: boolean; error: string | null }> {
  const client = new (loadRedis().Redis)(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return { reachable: true, error: null };
  } catch (error) {
    return { reachable: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    client.disconnect();
  }
}

/** The version in the project's package.json. */
export function appVersion(projectRoot: string): string {
  try {
    return (
      JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return 'unknown';
  }
}

export interface OperationsDeps {
  /** The project's folder (server/src's and server/dist's parent's parent). */
  projectRoot: string;
  db: Db;
  config: Config;
  jobs: JobQueue;
  storedTotal(): Promise<{ files: number; bytes: number }>;
  libraryFolders(): Promise<LibraryFolder[]>;
  libraryAnalysis(): Promise<LibraryAnalysisProgress>;
  mail(): Promise<{ driver: string; reachable: boolean; error: string | null }>;
  lastBackup(): Promise<Backup | null>;
}

/**
 * The operations page (issue 39.5): each part of the site asked through its own module, all
 * at once, so one slow check (an SMTP server, Redis) costs its own time only.
 */
export function createOperationsService(deps: OperationsDeps) {
  const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();
  const { config } = deps;
  const version = appVersion(deps.projectRoot);

  return {
    async status(): Promise<OperationsStatus> {
      const [reachable, bytes, stored, redis, queues, folders, analysis, mail, ffmpeg, lastBackup] =
        await Promise.all([
          isDatabaseReachable(deps.db),
          databaseBytes(deps.db, config.database),
          deps.storedTotal(),
          config.redisUrl ? pingRedis(config.redisUrl) : null,
          deps.jobs.counts(),
          deps.libraryFolders(),
          deps.libraryAnalysis(),
          deps.mail(),
          ffmpegVersion(),
          deps.lastBackup(),
        ]);
      return {
        version,
        node: process.version,
        started_at: startedAt,
        uptime_seconds: Math.round(process.uptime()),
        database: { driver: config.database.driver, reachable, bytes },
        storage: { driver: config.storage.driver, ...stored },
        redis: {
          configured: config.redisUrl !== null,
          reachable: redis?.reachable ?? null,
          error: redis?.error ?? null,
        },
        jobs: { driver: deps.jobs.driver, queues },
        library_folders: folders.map((folder) => ({
          id: folder.id,
          name: folder.name,
          status: folder.status,
          tracks_count: folder.tracks_count,
          finished_at: folder.last_scan.finished_at,
        })),
        library_analysis: analysis,
        ffmpeg: { found: findFfmpeg() !== null, path: findFfmpeg(), version: ffmpeg },
        mail,
        metrics_enabled: config.metricsToken !== null,
        last_backup: lastBackup,
      };
    },
  };
}

export type OperationsService = ReturnType<typeof createOperationsService>;
