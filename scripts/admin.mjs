// `npm run admin -- reset-password <email> | create <email>`: builds the server if needed,
// then runs its admin command (for owners locked out of their site).
import { spawn } from 'node:child_process';
import { isStale, root, run } from './lib.mjs';

if (isStale('server/dist/admin-cli.js', ['server/src', 'common/src'])) {
  await run('npm', ['run', 'build', '-w', 'server']);
}
const child = spawn(process.execPath, ['server/dist/admin-cli.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
});
child.on('exit', (code) => process.exit(code ?? 1));
