// `npm run dev`: rebuilds the web app on change and restarts the server on change.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const children = [
  spawn('npx', ['vite', 'build', '--watch', '--mode', 'development'], {
    cwd: `${root}web`,
    stdio: 'inherit',
  }),
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', APP_DEBUG: 'true', LOG_LEVEL: 'info', ...process.env },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
