/**
 * A site deployed the way README's "Deploying" describes: a proxy with TLS (Debian's nginx with
 * deploy/nginx.conf, or Debian's Caddy with deploy/Caddyfile; a self-signed certificate made at
 * start) in front of two built Backbeat servers (`node server/dist/main.js`, configured by
 * environment only) sharing one fresh PostgreSQL database, Redis and an S3-compatible bucket
 * (s3rver).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startS3, type TestS3 } from '../../server/test/helpers/s3-server.ts';
import { root, serverNode } from '../../scripts/lib.mjs';
import { PROXIES, type ProxyKind } from './proxy-servers.ts';

export type { ProxyKind } from './proxy-servers.ts';
/**
 * The site's admin, with an address of its own per test file: sign-in limits are counted in
 * the shared Redis by email and client address (five a minute), and the nginx and Caddy files
 * each sign in about six times from 127.0.0.1 within a minute of each other.
 */
export const SITE_ADMIN = {
  email: `admin-${randomBytes(3).toString('hex')}@proxied.test`,
  password: 'proxied admin password',
};
const DATABASE_SERVER =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

export interface ProxiedInstance {
  port: number;
  /** Its own STORAGE_PATH (its logs, the schedule log among them). */
  storagePath: string;
  /** Its process id (of the current start). */
  pid(): number | undefined;
  /** Everything the instance printed (one JSON line per request at LOG_LEVEL=info). */
  output(): string;
  /** Stops this instance (SIGTERM, as systemd does) and resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and storage, and resolves once it is ready. */
  restart(): Promise<void>;
}

export interface ProxiedSite {
  proxy: ProxyKind;
  /** The public address: https://localhost:<port>, as APP_URL says. */
  url: string;
  /** The proxy's plain-HTTP listener, which only redirects (with this status). */
  plainUrl: string;
  redirectStatus: number;
  /** The self-signed certificate clients are told to trust. */
  certificate: string;
  instances: ProxiedInstance[];
  close(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

function requireTools(proxy: ProxyKind) {
  const { binary, package: name } = PROXIES[proxy];
  if (!existsSync(binary)) {
    throw new Error(
      `${proxy} is missing at ${binary}. Install Debian's: apt-get install -y ${name} (npm test does it as root)`,
    );
  }
  if (!existsSync(join(root, 'server/dist/main.js'))) {
    throw new Error('The built server is missing: run npm run build first.');
  }
}

/** A key and a certificate for localhost and 127.0.0.1, made with openssl. */
function makeCertificate(directory: string) {
  const key = join(directory, 'privkey.pem');
  const cert = join(directory, 'fullchain.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-keyout', key, '-out', cert, '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return { key, cert };
}

async function createDatabase() {
  const name = `bb_proxy_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: DATABASE_SERVER });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(DATABASE_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
      );
      await admin(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

async function waitFor(check: () => Promise<boolean>, what: string, describeFailure: () => string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} in 120 s\n${describeFailure()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function startInstance(port: number, env: Record<string, string>) {
  const { flags, env: withNodeEnv } = serverNode();
  const { DATABASE_URL: _d, REDIS_URL: _r, APP_URL: _a, ...inherited } = process.env;
  const child = spawn(process.execPath, [...flags, 'server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: withNodeEnv({ ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' }),
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const ready = () =>
    waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error('exited');
        return (await fetch(`http://127.0.0.1:${port}/health/ready`)).ok;
      },
      `The Backbeat instance on port ${port} did not get ready`,
      () => output.slice(-3000),
    );
  return { child, port, output: () => output, ready };
}

function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface ProxiedSiteOptions {
  proxy?: ProxyKind;
  /** More variables for both instances (the bench lifts the search limit, logs less). */
  env?: Record<string, string>;
  /**
   * Runs once the database and the bucket exist, before the first instance starts, with the
   * instances' variables: the bench fills the catalog here.
   */
  prepare?: (env: Record<string, string>) => Promise<void>;
}

export async function startProxiedSite({
  proxy = 'nginx',
  env = {},
  prepare,
}: ProxiedSiteOptions = {}): Promise<ProxiedSite> {
  requireTools(proxy);
  const directory = mkdtempSync(join(tmpdir(), 'backbeat-proxy-'));
  const tls = makeCertificate(directory);
  const [https, http, first, second] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const url = `https://localhost:${https}`;
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    const database = await createDatabase();
    cleanups.push(database.drop);
    const s3: TestS3 = await startS3();
    cleanups.push(() => s3.close());
    const shared = {
      NODE_ENV: 'production',
      APP_URL: url,
      APP_KEY: randomBytes(32).toString('base64url'),
      DATABASE_URL: database.url,
      REDIS_URL,
      JOB_QUEUE_PREFIX: `backbeat-proxy-${randomBytes(4).toString('hex')}`,
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: SITE_ADMIN.email,
      ADMIN_PASSWORD: SITE_ADMIN.password,
      ...s3.env,
      ...env,
    };
    await prepare?.(shared);
    // Each instance has storage of its own (its logs; nothing shared): the site lives in
    // PostgreSQL, Redis and the bucket. The first start migrates and seeds alone; the second
    // starts once it is ready and finds the site made.
    const instances: ProxiedInstance[] = [];
    for (const [index, port] of [first, second].entries()) {
      const storagePath = join(directory, `storage-${index}`);
      const start = () => startInstance(port, { ...shared, STORAGE_PATH: storagePath });
      let running = start();
      cleanups.push(() => stop(running.child));
      await running.ready();
      instances.push({
        port,
        storagePath,
        pid: () => running.child.pid,
        output: () => running.output(),
        stop: () => stop(running.child),
        restart: async () => {
          await stop(running.child);
          running = start();
          await running.ready();
        },
      });
    }

    const { redirectStatus, start } = PROXIES[proxy];
    const running = start(directory, { https, http, upstreams: [first, second] }, tls);
    cleanups.push(() => stop(running.child));
    await waitFor(
      async () => {
        if (running.child.exitCode !== null) throw new Error('exited');
        const answer = await fetch(`http://127.0.0.1:${http}/`, { redirect: 'manual' });
        return answer.status === redirectStatus;
      },
      `${proxy} did not start`,
      running.output,
    );
    const warnings = running.warnings();
    if (warnings.length > 0) {
      throw new Error(`${proxy} finds fault with its shipped file:\n${warnings.join('\n')}`);
    }
    return {
      proxy,
      url,
      plainUrl: `http://localhost:${http}`,
      redirectStatus,
      certificate: readFileSync(tls.cert, 'utf8'),
      instances,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
