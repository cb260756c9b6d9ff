/**
 * compose.yaml started as a self-hoster starts it (README, "Deploying" > "In containers"): the
 * file itself, unchanged, beside a `.env` made from deploy/compose.env.example, with Debian's
 * podman-compose on this machine's podman. Its third-party images are the stand-ins
 * `.ci/container-image` makes (.ci/stand-ins/), and the backbeat service's image is the one it
 * built from the Dockerfile.
 *
 * podman-compose 1.0.3 (Debian bookworm's; `podman compose` came with podman 4.7, and Debian's
 * docker-compose 1.29 refuses the file's top-level `name`) makes the containers, volumes,
 * ports, environment and healthchecks from the file, but ignores three of its parts, which this
 * module does from the same file:
 * - the top-level `name`: given as the project name (podman-compose takes the folder's name);
 * - the default network's `ipam` subnet and gateway (the gateway is the app's
 *   TRUSTED_PROXIES): the network is made with them before podman-compose sees it;
 * - `depends_on` conditions (it starts every container at once): the containers are created
 *   with `up --no-start`, then started here in dependency order, each once what it depends on
 *   is started, healthy, or completed successfully, as the condition says.
 * Podman times healthchecks with systemd timers, and this machine has no systemd, so the
 * healthchecks the file and the image declare are run here (`podman healthcheck run`) while
 * they are waited for.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { CONTAINER_IMAGE, PODMAN_LIMIT_FLAGS, PODMAN_RUNTIME_FLAGS } from './container-site.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

interface ComposeService {
  image?: string;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { interval?: string; retries?: number };
  ports?: string[];
}
interface ComposeFile {
  name: string;
  services: Record<string, ComposeService>;
  networks?: { default?: { ipam?: { config?: { subnet?: string; gateway?: string }[] } } };
}

export interface ComposeStack {
  /** Where compose.yaml publishes Backbeat (its `ports`), as the host's proxy reaches it. */
  url: string;
  /**
   * The admin account the backbeat service made on its first start (ADMIN_EMAIL in `.env`; the
   * password is read from the start's log once `start` has answered).
   */
  admin: { email: string; password: string };
  /** The values `.env` was given. */
  env: Record<string, string>;
  /** The container of a service (podman-compose names it `<project>_<service>_1`). */
  container(service: string): string;
  /** A service's address on the compose network, as the other services reach it. */
  address(service: string): Promise<string>;
  podman(...args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** The end of a service's log, for a failure's message. */
  logs(service: string): Promise<string>;
  /**
   * Starts the stack from a clean state (a project of the same name left over is taken down
   * first); `prepareMusic` fills MUSIC_HOST_FOLDER before.
   */
  start(prepareMusic: (folder: string) => Promise<void>): Promise<void>;
  /** Takes everything down, volumes too; safe while `start` is still waiting. */
  close(): Promise<void>;
}

/** Values of `.env` (deploy/compose.env.example's variables) besides the music folder. */
const testValues = () => ({
  APP_URL: 'http://127.0.0.1:8000',
  APP_KEY: randomBytes(32).toString('base64url'),
  POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
  MINIO_PASSWORD: randomBytes(12).toString('hex'),
  ADMIN_EMAIL: 'admin@compose.test',
  MUSIC_FOLDERS: '/music',
  LOG_LEVEL: 'warn',
});

/** Durations as compose files write them (`5s`, `1m30s`), in milliseconds. */
function milliseconds(duration: string | undefined, fallback: number): number {
  if (!duration) return fallback;
  let total = 0;
  for (const [, amount, unit] of duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(amount) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms'];
  }
  return total;
}

const dependencies = (service: ComposeService): [string, string][] =>
  Array.isArray(service.depends_on)
    ? service.depends_on.map((name) => [name, 'service_started'])
    : Object.entries(service.depends_on ?? {}).map(([name, { condition }]) => [
        name,
        condition ?? 'service_started',
      ]);

/** The services in an order where each comes after everything it depends on. */
function startOrder(services: Record<string, ComposeService>): string[] {
  const order: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (order.includes(name)) return;
    if (path.includes(name))
      throw new Error(`compose.yaml: a dependency cycle ${path.join(' → ')}`);
    for (const [dependency] of dependencies(services[name]!)) visit(dependency, [...path, name]);
    order.push(name);
  };
  for (const name of Object.keys(services)) visit(name, []);
  return order;
}

/** compose.yaml's project, set up in a folder of its own; nothing runs before `start`. */
export function composeStack(): ComposeStack {
  const file = parse(readFileSync(join(root, 'compose.yaml'), 'utf8')) as ComposeFile;
  const project = file.name;
  const network = `${project}_default`;
  const container = (service: string) => `${project}_${service}_1`;
  // podman-compose names the image of a service that only has `build:` `<project>_<service>`.
  const builtImage = `localhost/${project}_backbeat`;

  // A project folder as README's steps make one: compose.yaml and the .env beside it.
  const folder = mkdtempSync(join(tmpdir(), 'backbeat-compose-'));
  const musicFolder = join(folder, 'music');
  mkdirSync(musicFolder);
  copyFileSync(join(root, 'compose.yaml'), join(folder, 'compose.yaml'));
  const env: Record<string, string> = { ...testValues(), MUSIC_HOST_FOLDER: musicFolder };
  writeFileSync(join(folder, '.env'), envFile(env));
  // This machine's podman flags (container-site.ts), for every podman podman-compose runs.
  const [ulimitNofile, ulimitNproc] = PODMAN_LIMIT_FLAGS.filter((flag) => flag !== '--ulimit');
  writeFileSync(
    join(folder, 'containers.conf'),
    [
      '[containers]',
      `default_ulimits = ["${ulimitNofile}", "${ulimitNproc}"]`,
      '[engine]',
      `runtime = "${PODMAN_RUNTIME_FLAGS[1]}"`,
      '',
    ].join('\n'),
  );
  const processEnv = { ...process.env, CONTAINERS_CONF: join(folder, 'containers.conf') };
  const podman = (...args: string[]) =>
    run('podman', args, { env: processEnv, maxBuffer: 64 * 1024 * 1024 });
  const compose = (...args: string[]) =>
    run('podman-compose', ['--project-name', project, '--file', 'compose.yaml', ...args], {
      cwd: folder,
      env: processEnv,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(
        `podman-compose ${args.join(' ')} failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`.slice(
          -6000,
        ),
      );
    });

  const tearDown = async () => {
    await compose('down', '--volumes').catch(() => {});
    await podman('network', 'rm', '--force', network).catch(() => {});
  };
  const close = async () => {
    await tearDown();
    // Only this name: `podman untag` with none untags every name of the image.
    await podman('untag', builtImage, builtImage).catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  };
  const logs = async (service: string) => {
    const { stdout, stderr } = await podman('logs', container(service));
    return `${service}:\n${(stdout + stderr).slice(-3000)}`;
  };

  const published = file.services.backbeat?.ports?.[0]?.split(':') ?? [];
  const admin = { email: env.ADMIN_EMAIL!, password: '' };

  const start = async (prepareMusic: (folder: string) => Promise<void>) => {
    await requireTools(podman, [
      CONTAINER_IMAGE,
      ...Object.values(file.services).flatMap((service) => service.image ?? []),
    ]);
    await prepareMusic(musicFolder);
    await podman('tag', CONTAINER_IMAGE, builtImage);
    await tearDown();
    await requireFreePort(published);
    const ipam = file.networks?.default?.ipam?.config?.[0] ?? {};
    await podman(
      'network',
      'create',
      ...['--label', `io.podman.compose.project=${project}`],
      ...(ipam.subnet ? ['--subnet', ipam.subnet] : []),
      ...(ipam.gateway ? ['--gateway', ipam.gateway] : []),
      network,
    );
    await compose('up', '--no-build', '--no-start');

    for (const name of startOrder(file.services)) {
      for (const [dependency, condition] of dependencies(file.services[name]!)) {
        const failed = async (error: Error) => {
          throw new Error(
            `${name} waits for ${dependency}: ${error.message}\n${await logs(dependency)}`,
          );
        };
        if (condition === 'service_healthy') {
          const check = file.services[dependency]!.healthcheck ?? {};
          await waitHealthy(podman, container(dependency), {
            intervalMs: milliseconds(check.interval, 30_000),
            retries: check.retries ?? 3,
          }).catch(failed);
        } else if (condition === 'service_completed_successfully') {
          await waitCompleted(podman, container(dependency), 120_000).catch(failed);
        }
      }
      await podman('start', container(name));
    }

    // The image's own HEALTHCHECK (ready: migrated, seeded, the database answering).
    await waitHealthy(podman, container('backbeat'), { intervalMs: 1000, retries: 180 }).catch(
      async (error: Error) => {
        throw new Error(`${error.message}\n${await logs('backbeat')}`);
      },
    );
    // Printed once on the first start, as README says (ADMIN_PASSWORD is not in compose.yaml).
    const { stdout, stderr } = await podman('logs', container('backbeat'));
    admin.password = /password: (\S+)/.exec(stdout + stderr)?.[1] ?? '';
    if (!admin.password) {
      throw new Error(`No admin account in the first start's log\n${stdout}${stderr}`);
    }
  };

  return {
    url: `http://${published[0]}:${published[1]}`,
    admin,
    env,
    container,
    address: async (service) => {
      const { stdout: address } = await podman(
        'inspect',
        '--format',
        `{{(index .NetworkSettings.Networks "${network}").IPAddress}}`,
        container(service),
      );
      return address.trim();
    },
    podman,
    logs,
    start,
    close,
  };
}

/** deploy/compose.env.example with its variables given `values` (comments kept). */
function envFile(values: Record<string, string>): string {
  const example = readFileSync(join(root, 'deploy/compose.env.example'), 'utf8');
  const lines = example.split('\n').map((line) => {
    const name = /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
    return name && name in values ? `${name}=${values[name]}` : line;
  });
  const missing = Object.keys(values).filter((name) => !example.includes(`\n${name}=`));
  return [...lines, ...missing.map((name) => `${name}=${values[name]}`)].join('\n');
}

/** Runs a container's healthcheck until it passes (podman's systemd timer would, every interval). */
async function waitHealthy(
  podman: (...args: string[]) => Promise<unknown>,
  name: string,
  { intervalMs, retries }: { intervalMs: number; retries: number },
) {
  // The first checks run sooner than the interval: this waits for the first pass, not a timer.
  const pause = Math.min(intervalMs, 1000);
  const attempts = Math.ceil((intervalMs * retries) / pause);
  for (let attempt = 1; ; attempt++) {
    const healthy = await podman('healthcheck', 'run', name).then(
      () => true,
      () => false,
    );
    if (healthy) return;
    const { stdout: state } = (await podman('inspect', '--format', '{{.State.Status}}', name)) as {
      stdout: string;
    };
    if (state.trim() !== 'running' || attempt >= attempts) {
      throw new Error(`${name} did not get healthy (${state.trim()}, ${attempt} checks)`);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Waits for a container to end (a one-off job), and fails unless it ended with 0. */
async function waitCompleted(
  podman: (...args: string[]) => Promise<{ stdout: string }>,
  name: string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { stdout } = await podman(
      'inspect',
      '--format',
      '{{.State.Status}} {{.State.ExitCode}}',
      name,
    );
    const [state, code] = stdout.trim().split(' ');
    if (state === 'exited') {
      if (code !== '0') throw new Error(`${name} ended with ${code}, not 0`);
      return;
    }
    if (Date.now() > deadline)
      throw new Error(`${name} still ${state} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function requireTools(podman: (...args: string[]) => Promise<unknown>, images: string[]) {
  const missing = await run('podman-compose', ['version']).then(
    () => false,
    () => true,
  );
  if (missing) {
    throw new Error("podman-compose is missing: apt-get install -y podman-compose (Debian's).");
  }
  for (const image of images) {
    await podman('image', 'exists', image).catch(() => {
      throw new Error(
        `The image ${image} is missing: .ci/container-image makes it (the stand-ins: .ci/stand-ins/).`,
      );
    });
  }
}

async function requireFreePort([host, port]: string[]) {
  const taken = await new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(true))
      .listen(Number(port), host, () => probe.close(() => resolve(false)));
  });
  if (taken) throw new Error(`compose.yaml publishes Backbeat on ${host}:${port}, which is taken.`);
}
