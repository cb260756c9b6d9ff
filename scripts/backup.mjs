// `npm run backup -- <folder> [--files]` and `npm run restore -- <folder> [--force]`
// (issue 39.3): builds the server if needed, then runs its backup or restore command.
import { spawn } from 'node:child_process';
import { isStale, root, run } from './lib.mjs';

if (isStale('server/dist/cli.js', ['server/src', 'common/src'])) {
  await run('npm', ['run', 'build', '-w', 'server']);
}
const child = spawn(process.execPath, ['server/dist/cli.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
child.on('exit', (code) => process.exit(code ?? 1));
