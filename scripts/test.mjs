// `npm test`: lint, type checks, unit and API tests, then browser tests against the built app.
// With TEST_DATABASE_URL (PostgreSQL) set, the API suite runs a second time on PostgreSQL.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';

/**
 * The browser suite drives Debian's Chromium and runs the site behind Debian's nginx and
 * Debian's Caddy (e2e/tests/reverse-proxy*.test.ts): installed here as root, else the command
 * to run.
 */
async function ensureDebianPackages() {
  const missing = [
    [CHROMIUM, 'chromium'],
    [NGINX, 'nginx'],
    [CADDY, 'caddy'],
  ].filter(([path]) => !existsSync(path));
  if (missing.length === 0) return;
  const packages = missing.map(([, name]) => name);
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.info(`Missing ${packages.join(', ')}; installing Debian's packages…`);
    await run('apt-get', ['update', '-qq']);
    await run('apt-get', ['install', '-y', '-qq', ...packages], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    // Where systemd runs, installing caddy starts its service on :80; the test runs caddy
    // itself on free ports, so the package's service is stopped and kept from starting at boot.
    if (packages.includes('caddy') && existsSync('/run/systemd/system')) {
      await run('systemctl', ['disable', '--now', 'caddy']).catch(() => {});
    }
    return;
  }
  console.error(
    `\nThe browser tests need ${missing.map(([path]) => path).join(' and ')}. Install them with:\n\n  sudo apt-get install -y ${packages.join(' ')}\n`,
  );
  process.exit(1);
}

const step = (title) => console.info(`\n▶ ${title}`);

step('Lint and format');
await run('npm', ['run', 'lint']);
step('Type check');
await run('npm', ['run', 'typecheck']);
step('Build');
await run('npm', ['run', 'build']);
// API files mostly wait (sockets, child processes, ffmpeg, databases): three at a time keep two
// cores busy where Vitest's default (one per core) left them half idle.
const API_WORKERS = '--maxWorkers=3';
step('Unit and API tests (SQLite)');
await run('npx', ['vitest', 'run', API_WORKERS, '--project', 'unit', '--project', 'api'], {
  env: { ...process.env, TEST_DATABASE_URL: '' },
});
if (process.env.TEST_DATABASE_URL) {
  step('API tests (PostgreSQL)');
  await run('npx', ['vitest', 'run', API_WORKERS, '--project', 'api']);
}
step('Browser tests (Chromium; nginx and Caddy in front of two instances)');
await ensureDebianPackages();
await run('npx', ['vitest', 'run', '--project', 'e2e']);
console.info('\n✔ All checks passed');
