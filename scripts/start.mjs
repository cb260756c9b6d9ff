// `npm start`: builds whatever is missing or out of date, then serves everything on one port.
import { isStale, root, run, serverNode } from './lib.mjs';

/** Runs one build step, saying what it is doing and how long it took (a first start builds both). */
async function build(what, workspace, expect) {
  const started = Date.now();
  console.info(`▶ Building ${what} (only when its code changed; ${expect} on a first start)…`);
  await run('npm', ['run', 'build', '-w', workspace]);
  console.info(`✔ Built ${what} in ${Math.round((Date.now() - started) / 1000)} s.`);
}

if (isStale('web/dist/index.html', ['web/src', 'web/index.html', 'web/public', 'common/src'])) {
  await build('the web app', 'web', 'about a minute');
}
if (isStale('server/dist/main.js', ['server/src', 'common/src'])) {
  await build('the server', 'server', 'a few seconds');
}
const { flags, env } = serverNode();
// npm and this script stay alive beside the server (~100 MB); a production service runs the
// built server directly, with the same Node settings (README, "Running in production").
const direct = [
  ...Object.entries(env({})).map(([name, value]) => `${name}=${value}`),
  'node',
  ...flags,
  'server/dist/main.js',
].join(' ');
console.info('▶ Starting the server: migrations, then the demo catalog on a first start…');
console.info(`  (Once built, a service runs it without npm: ${direct})`);
const server = (await import('node:child_process')).spawn(
  process.execPath,
  [...flags, 'server/dist/main.js'],
  { stdio: 'inherit', cwd: root, env: env() },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
