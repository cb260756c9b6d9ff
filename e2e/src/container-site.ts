/**
 * Backbeat's container image (the repository's Dockerfile, built by `.ci/container-image`)
 * started with podman the way compose.yaml starts it: configured by environment only, storage
 * and music as volumes, a fresh PostgreSQL database, Redis and an S3-compatible bucket
 * (s3rver) beside it. The container shares the host's network, so it reaches those services on
 * 127.0.0.1 and the test reaches it on a free port.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase } from '../../server/test/helpers/database.ts';
import { startS3 } from '../../server/test/helpers/s3-server.ts';
import { freePort } from './proxy-site.ts';

const run = promisify(execFile);

export const CONTAINER_IMAGE = process.env.BACKBEAT_IMAGE ?? 'localhost/backbeat:ci';
export const CONTAINER_ADMIN = { email: 'admin@container.test', password: 'container admin pw' };
/** The image's own unprivileged user (the node image's `node`), who must own the volumes. */
export const IMAGE_USER_ID = 1000;
export const DATABASE_SERVER =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Flags this machine's podman needs (`.ci/container-image` explains them): runc, because
 * crun refuses the host's hybrid cgroups, and open-file and process limits at or below the
 * host's, which a root without CAP_SYS_RESOURCE cannot raise.
 */
export const PODMAN_RUNTIME_FLAGS = ['--runtime', 'runc'];
export const PODMAN_LIMIT_FLAGS = ['--ulimit', 'nofile=16384:16384', '--ulimit', 'nproc=8192:8192'];

export interface ContainerSite {
  url: string;
  name: string;
  /** The host folder mounted at /music (read-only in the container). */
  musicFolder: string;
  /** The host folder mounted at /data/storage. */
  storageFolder: string;
  /** A command run inside the running container (`podman exec`), as an admin there would. */
  exec(...command: string[]): Promise<{ stdout: string; stderr: string }>;
  /**
   * A command run in a new container of the image with the site's environment (`env` on top)
   * and the given `host:container` volumes, removed when it ends (a restore, with the site's
   * own container left alone).
   */
  runOnce(
    command: string[],
    options: { env?: Record<string, string>; volumes?: string[] },
  ): Promise<{ stdout: string; stderr: string }>;
  /** The container's health as podman's HEALTHCHECK run sees it (true: exit 0). */
  healthy(): Promise<boolean>;
  logs(): Promise<string>;
  close(): Promise<void>;
}

export const podman = (...args: string[]) =>
  run('podman', [...PODMAN_RUNTIME_FLAGS, ...args], { maxBuffer: 64 * 1024 * 1024 });

const envFlags = (env: Record<string, string>) =>
  Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);

async function requireImage() {
  try {
    await podman('image', 'exists', CONTAINER_IMAGE);
  } catch {
    throw new Error(
      `The container image ${CONTAINER_IMAGE} is missing: build it with .ci/container-image (podman, Debian's packages).`,
    );
  }
}

/** Starts the image; `prepareMusic` fills the music folder before the container sees it. */
export async function startContainerSite(
  prepareMusic: (folder: string) => Promise<void>,
): Promise<ContainerSite> {
  await requireImage();
  const directory = mkdtempSync(join(tmpdir(), 'backbeat-container-'));
  const storage = join(directory, 'storage');
  const musicFolder = join(directory, 'music');
  mkdirSync(storage);
  mkdirSync(musicFolder);
  chownSync(storage, IMAGE_USER_ID, IMAGE_USER_ID);
  await prepareMusic(musicFolder);

  const name = `backbeat-test-${randomBytes(4).toString('hex')}`;
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    const database = await createTestDatabase(directory, DATABASE_SERVER);
    cleanups.push(() => database.drop());
    const s3 = await startS3('backbeat');
    cleanups.push(() => s3.close());
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      APP_URL: url,
      APP_KEY: randomBytes(32).toString('base64url'),
      DATABASE_URL: database.config.driver === 'postgres' ? database.config.url : '',
      REDIS_URL,
      JOB_QUEUE_PREFIX: `backbeat-container-${randomBytes(4).toString('hex')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      MUSIC_FOLDERS: '/music',
      ADMIN_EMAIL: CONTAINER_ADMIN.email,
      ADMIN_PASSWORD: CONTAINER_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...s3.env,
    };
    await podman(
      'run',
      '--detach',
      '--name',
      name,
      '--network',
      'host',
      ...PODMAN_LIMIT_FLAGS,
      ...envFlags(env),
      '--volume',
      `${storage}:/data/storage`,
      '--volume',
      `${musicFolder}:/music:ro`,
      CONTAINER_IMAGE,
    );
    cleanups.push(() => podman('rm', '--force', '--time', '10', name));
    const logs = async () => {
      const { stdout, stderr } = await podman('logs', name);
      return stdout + stderr;
    };
    const deadline = Date.now() + 180_000;
    for (;;) {
      const ready = await fetch(`${url}/health/ready`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) break;
      const { stdout: state } = await podman('inspect', '--format', '{{.State.Status}}', name);
      if (state.trim() !== 'running' || Date.now() > deadline) {
        throw new Error(
          `The container did not get ready (${state.trim()}):\n${(await logs()).slice(-4000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return {
      url,
      name,
      musicFolder,
      storageFolder: storage,
      exec: (...command) => podman('exec', name, ...command),
      runOnce: (command, options) =>
        podman(
          'run',
          '--rm',
          '--network',
          'host',
          ...PODMAN_LIMIT_FLAGS,
          ...envFlags({ ...env, ...options.env }),
          ...(options.volumes ?? []).flatMap((volume) => ['--volume', volume]),
          CONTAINER_IMAGE,
          ...command,
        ),
      healthy: () =>
        podman('healthcheck', 'run', name).then(
          () => true,
          () => false,
        ),
      logs,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
