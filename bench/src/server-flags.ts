import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { root, serverNode } from '../../scripts/lib.mjs';

/** The Node flags and environment `npm start` runs the server with (scripts/lib.mjs). */
const nodeRun = serverNode();

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
  /** Another Node binary than the bench's own (start-up on each supported Node). */
  node?: string;
}): ChildProcess {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const command = [
    ...(options.prefix ?? []),
    options.node ?? process.execPath,
    ...nodeRun.flags,
    options.script,
    ...(options.args ?? []),
  ];
  return spawn(command[0]!, command.slice(1), {
    cwd: root,
    stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'],
    env: nodeRun.env({ ...inherited, ...options.env }),
  });
}
