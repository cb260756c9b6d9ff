// `npm start`: builds whatever is missing or out of date, then serves everything on one port.
import { isStale, root, run, serverNode } from './lib.mjs';

if (isStale('web/dist/index.html', ['web/src', 'web/index.html', 'web/public', 'common/src'])) {
  console.info('Building the web app…');
  await run('npm', ['run', 'build', '-w', 'web']);
}
if (isStale('server/dist/main.js', ['server/src', 'common/src'])) {
  console.info('Building the server…');
  await run('npm', ['run', 'build', '-w', 'server']);
}

const { flags, env } = serverNode();
const server = (await import('node:child_process')).spawn(
  process.execPath,
  [...flags, 'server/dist/main.js'],
  { stdio: 'inherit', cwd: root, env: env() },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
