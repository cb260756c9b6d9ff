// `npm test`: lint, type checks, unit and API tests, then browser tests against the built app.
// With TEST_DATABASE_URL (PostgreSQL) set, the API suite runs a second time on PostgreSQL.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.info("Chromium is missing; installing Debian's chromium package…");
    await run('apt-get', ['update', '-qq']);
    await run('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(
    '\nThe browser tests need Chromium at /usr/bin/chromium. Install it with:\n\n  sudo apt-get install -y chromium\n',
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
step('Unit and API tests (SQLite)');
await run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'api'], {
  env: { ...process.env, TEST_DATABASE_URL: '' },
});
if (process.env.TEST_DATABASE_URL) {
  step('API tests (PostgreSQL)');
  await run('npx', ['vitest', 'run', '--project', 'api']);
}
step('Browser tests (Chromium)');
await ensureChromium();
await run('npx', ['vitest', 'run', '--project', 'e2e']);
console.info('\n✔ All checks passed');
