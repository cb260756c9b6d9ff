// `npm run import -- <folder> [--name <name>]`: builds the server if needed, then adds the
// folder to the library and scans it, with a progress bar (issue 18).
import { spawn } from 'node:child_process';
import { isStale, root, run, serverNode } from './lib.mjs';

if (isStale('server/dist/library-import-cli.js', ['server/src', 'common/src'])) {
  await run('npm', ['run', 'build', '-w', 'server']);
}
// Run as the server is (npm start): the same Node flags and memory allocator settings.
const { flags, env } = serverNode();
const child = spawn(
  process.execPath,
  [...flags, 'server/dist/library-import-cli.js', ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root, env: env() },
);
child.on('exit', (code) => process.exit(code ?? 1));
