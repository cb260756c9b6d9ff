import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url).pathname;
const nodeRun = JSON.parse(readFileSync(`${ROOT}server/node-flags.json`, 'utf8')) as {
  flags: string[];
  env: Record<string, string>;
};

/** The Node flags `npm start` runs the server with, so the benchmarks measure the same process. */
export const SERVER_NODE_FLAGS: string[] = nodeRun.flags;

/**
 * Runs the built server, or one of its command-line tools, as `npm start` does (its Node flags
 * and memory allocator settings) on the embedded defaults: SQLite and local disk, whatever
 * database or Redis the shell names. `prefix` goes before Node (taskset, to pin it to a core).
 */
export function spawnServerNode(options: {
  script: string;
  args?: string[];
  env?: Record<string, string>;
  stdio?: StdioOptions;
  prefix?: string[];
}): ChildProcess {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const command = [
    ...(options.prefix ?? []),
    process.execPath,
    ...nodeRun.flags,
    options.script,
    ...(options.args ?? []),
  ];
  return spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'],
    env: { ...nodeRun.env, ...inherited, ...options.env },
  });
}
