import type { SettingsEnvironmentKey } from '@backbeat/common/admin/settings';
import type { Config } from '../../config.ts';

/**
 * What the environment chose for each infrastructure part, as the admin settings screen shows
 * it (read-only; common/admin/settings.ts says how each is changed). Read once at start, as
 * the server itself reads these.
 */
export function settingsEnvironment(
  config: Config,
  running: { dialect: 'sqlite' | 'postgres'; logDirectory: string },
): Record<SettingsEnvironmentKey, string> {
  const redis = config.redisUrl !== null;
  const postgres = running.dialect === 'postgres';
  const provider = (configured: boolean) =>
    configured ? 'Configured' : 'Not configured: checkout cannot use it';
  return {
    address: config.appUrl
      ? `APP_URL: ${config.appUrl}`
      : 'APP_URL is not set; the site address below is used',
    stripe: provider(config.billing.stripe !== null),
    paypal: provider(config.billing.paypal !== null),
    cache: redis ? 'Redis, shared by every instance' : 'In memory, per instance',
    queue: redis ? 'Redis (BullMQ)' : 'In process',
    job_concurrency: String(config.jobConcurrency),
    job_worker: config.jobWorker ? 'Yes' : 'No',
    websockets: redis ? 'Redis pub/sub' : 'In process (one instance)',
    search: postgres ? 'PostgreSQL full text' : 'SQLite FTS5',
    search_rate_limit: String(config.searchRateLimit),
    logging: running.logDirectory,
    log_level: config.logLevel,
    storage: config.storage.driver === 's3' ? 'S3' : 'Local disk',
    database: postgres ? 'PostgreSQL' : 'SQLite',
  };
}
