// `npm run import -- <folder> [--name <name>]`: builds the server if needed, then adds the
// folder to the library and scans it, with a progress bar (issue 18).
import { spawn } from 'node:child_process';
import { isStale, root, run } from './lib.mjs';

if (isStale('server/dist/library-import-cli.js', ['server/src', 'common/src'])) {
  await run('npm', ['run', 'build', '-w', 'server']);
}
const child = spawn(
  process.execPath,
  ['server/dist/library-import-cli.js', ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root },
);
child.on('exit', (code) => process.exit(code ?? 1));
