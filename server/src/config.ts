import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SEARCH_RATE_LIMIT } from '@backbeat/common';
import { appKeyWeakness } from './lib/crypto.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const oauthEndpointsSchema = z.record(
  z.string(),
  z.strictObject({ authorize: z.url(), token: z.url(), profile: z.url() }),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  APP_URL: z.url().optional(),
  APP_DEBUG: flag.default(false),
  // Unset means "generate one under storage/"; set but empty is a mistake, refused below.
  APP_KEY: z.string().optional(),
  STORAGE_PATH: z.string().default(join(repoRoot, 'storage')),
  WEB_DIST_PATH: z.string().default(join(repoRoot, 'web', 'dist')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  REDIS_URL: z.string().optional(),
  TRUSTED_PROXIES: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  SESSION_LIFETIME_MINUTES: z.coerce.number().int().positive().default(120),
  REMEMBER_LIFETIME_DAYS: z.coerce.number().int().positive().default(30),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SEARCH_RATE_LIMIT: z.coerce.number().int().positive().default(SEARCH_RATE_LIMIT.max),
  /** Background jobs (media processing) one instance runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Whether this instance works on background jobs (an instance may only serve requests). */
  JOB_WORKER: flag.default(true),
  /** How long a job's lock lasts unrenewed: a killed instance's job is taken up after this. */
  JOB_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Redis key prefix of the job queues: sites (or test runs) sharing a Redis keep apart. */
  JOB_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,100}$/)
    .default('backbeat:jobs'),
  /** Turns on /metrics (Prometheus), readable with `Authorization: Bearer <token>` (issue 39.5). */
  METRICS_TOKEN: z
    .string()
    .min(24, 'METRICS_TOKEN must be at least 24 characters (a long random secret)')
    .optional(),
  ADMIN_EMAIL: z.email().default('admin@backbeat.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_KEY: z.string().min(1).optional(),
  S3_SECRET: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  // Payment providers (issue 15): secrets only; a provider without its keys is not offered.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_API_BASE: z.url().default('https://api-m.paypal.com'),
  /** Library folders registered (and rescanned) at start, colon- or comma-separated (issue 18). */
  MUSIC_FOLDERS: z.string().default(''),
  /**
   * Other addresses for a social sign-in provider's endpoints, as JSON (a self-hosted or
   * stand-in provider): {"google":{"authorize":"…","token":"…","profile":"…"}}.
   */
  OAUTH_ENDPOINTS: z
    .string()
    .optional()
    .transform((text, context) => {
      if (!text) return {};
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: 'OAUTH_ENDPOINTS must be JSON' });
        return z.NEVER;
      }
      const parsed = oauthEndpointsSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues)
        context.addIssue({
          code: 'custom',
          message: `OAUTH_ENDPOINTS.${issue.path.join('.')}: ${issue.message}`,
        });
      return z.NEVER;
    }),
  /** Where reCAPTCHA tokens are verified (Google's siteverify unless set). */
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
});

/** `MUSIC_FOLDERS`: commas anywhere; colons too, except on Windows (drive letters). */
export function musicFoldersOf(value: string, platform = process.platform): string[] {
  const separators = platform === 'win32' ? /[,;]/ : /[,:]/;
  return value
    .split(separators)
    .map((path) => path.trim())
    .filter(Boolean);
}

/** Stripe and PayPal, each null until its keys are set (tests point the bases at stand-ins). */
export interface BillingConfig {
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | null } | null;
  paypal: { clientId: string; secret: string; webhookId: string; apiBase: string } | null;
}

function billingConfigOf(e: z.output<typeof envSchema>): BillingConfig {
  return {
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE ?? null,
          }
        : null,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_SECRET && e.PAYPAL_WEBHOOK_ID
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            secret: e.PAYPAL_SECRET,
            webhookId: e.PAYPAL_WEBHOOK_ID,
            apiBase: e.PAYPAL_API_BASE,
          }
        : null,
  };
}

/** Where uploaded and generated files live (DESIGN §1): local disk, or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      /** Unset for AWS itself; set for MinIO, R2, s3rver and the like. */
      endpoint: string | null;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

function storageConfigOf(e: z.output<typeof envSchema>): StorageConfig {
  if (e.STORAGE_DRIVER === 'local') return { driver: 'local' };
  const missing = (['S3_BUCKET', 'S3_KEY', 'S3_SECRET'] as const).filter((name) => !e[name]);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration:\n  STORAGE_DRIVER=s3 needs ${missing.join(', ')} to be set`,
    );
  }
  return {
    driver: 's3',
    bucket: e.S3_BUCKET!,
    endpoint: e.S3_ENDPOINT ?? null,
    region: e.S3_REGION,
    accessKeyId: e.S3_KEY!,
    secretAccessKey: e.S3_SECRET!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** Public address of the site; when unset it is taken from each request. */
  appUrl: string | null;
  debug: boolean;
  appKey: string;
  storagePath: string;
  webDistPath: string;
  database: { driver: 'sqlite'; file: string } | { driver: 'postgres'; url: string };
  redisUrl: string | null;
  /** Proxy addresses whose X-Forwarded-For is believed; false trusts none. */
  trustProxy: string[] | false;
  logLevel: string;
  bodyLimit: number;
  /** After SIGTERM, how long readiness answers 503 while requests are still served. */
  shutdownDrainMs: number;
  /** Searches one client (account, else address) may run per minute. */
  searchRateLimit: number;
  /** Background jobs one instance runs at once (in process, or its share of the Redis queue). */
  jobConcurrency: number;
  jobQueuePrefix: string;
  jobWorker: boolean;
  jobLockMs: number;
  sessionLifetimeMinutes: number;
  rememberLifetimeDays: number;
  admin: { email: string; password: string | null };
  storage: StorageConfig;
  /** OAuth endpoints per provider; tests point them at a local OAuth server. */
  oauthEndpoints: Partial<Record<string, { authorize: string; token: string; profile: string }>>;
  recaptchaVerifyUrl: string;
  /** Tests deliver Web Push to a local push service; real ones are public HTTPS hosts. */
  allowPrivatePushEndpoints: boolean;
  billing: BillingConfig;
  /** Library folders to register and rescan at start (`MUSIC_FOLDERS`). */
  musicFolders: string[];
  /** The token /metrics asks for; null keeps /metrics off. */
  metricsToken: string | null;
}

/**
 * The app key signs XSRF tokens. It is generated on first start and kept under storage/,
 * never defaulted; several instances must share it through APP_KEY.
 */
function resolveAppKey(storagePath: string, fromEnv: string | undefined): string {
  if (fromEnv !== undefined) return checkedAppKey(fromEnv, 'APP_KEY');
  const keyFile = join(storagePath, 'app.key');
  if (existsSync(keyFile)) return checkedAppKey(readFileSync(keyFile, 'utf8').trim(), keyFile);
  mkdirSync(dirname(keyFile), { recursive: true });
  const key = randomBytes(32).toString('base64url');
  // Only the server's user may read it: whoever has it can forge XSRF tokens.
  writeFileSync(keyFile, key, { mode: 0o600 });
  return key;
}

const GENERATE_KEY_HINT =
  "Generate one with: node -e \"console.log(require('node:crypto').randomBytes(32).toString('base64url'))\"";

function checkedAppKey(key: string, source: string): string {
  const weakness = appKeyWeakness(key);
  if (weakness)
    throw new ConfigError(`Invalid configuration:\n  ${source} ${weakness}. ${GENERATE_KEY_HINT}`);
  return key;
}

export class ConfigError extends Error {}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const storagePath = resolve(overrides.storagePath ?? e.STORAGE_PATH);
  const proxies = e.TRUSTED_PROXIES.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    appUrl: e.APP_URL ? e.APP_URL.replace(/\/+$/, '') : null,
    debug: e.APP_DEBUG,
    appKey: resolveAppKey(storagePath, e.APP_KEY),
    storagePath,
    webDistPath: resolve(e.WEB_DIST_PATH),
    database: e.DATABASE_URL
      ? { driver: 'postgres', url: e.DATABASE_URL }
      : { driver: 'sqlite', file: join(storagePath, 'database.sqlite') },
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: proxies.length ? proxies : false,
    // A line per request is noise on a production console (it scrolled the first admin
    // password away): production logs warnings and errors unless told otherwise.
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'production' ? 'warn' : 'info'),
    bodyLimit: e.BODY_LIMIT,
    searchRateLimit: e.SEARCH_RATE_LIMIT,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobQueuePrefix: e.JOB_QUEUE_PREFIX,
    jobWorker: e.JOB_WORKER,
    jobLockMs: e.JOB_LOCK_MS,
    sessionLifetimeMinutes: e.SESSION_LIFETIME_MINUTES,
    rememberLifetimeDays: e.REMEMBER_LIFETIME_DAYS,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD ?? null },
    storage: storageConfigOf(e),
    oauthEndpoints: e.OAUTH_ENDPOINTS,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    allowPrivatePushEndpoints: false,
    billing: billingConfigOf(e),
    musicFolders: musicFoldersOf(e.MUSIC_FOLDERS),
    metricsToken: e.METRICS_TOKEN ?? null,
    ...overrides,
  };
}
