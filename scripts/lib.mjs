import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** Runs a command with inherited output; rejects with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** Newest modification time of any file under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist') walk(join(path, entry));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return newest;
}

/** True when the output is missing or older than any of its sources. */
export function isStale(output, sources) {
  const out = join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newestMtime(sources);
}

/**
 * How Node runs the server and its command-line tools (server/node-flags.json): the flags
 * before the script, V8's background threads for this machine's cores, and the environment
 * added beneath the caller's own.
 */
export function serverNode() {
  const { flags, backgroundThreads, env } = JSON.parse(
    readFileSync(join(root, 'server/node-flags.json'), 'utf8'),
  );
  const threads = Math.max(1, Math.min(backgroundThreads.max, availableParallelism() - 1));
  return {
    flags: [...flags, `--v8-pool-size=${threads}`],
    env: (own = process.env) => ({ ...env, ...own }),
  };
}
