import { readFileSync } from 'node:fs';

const nodeRun = JSON.parse(
  readFileSync(new URL('../../server/node-flags.json', import.meta.url), 'utf8'),
) as { flags: string[]; env: Record<string, string> };

/** The Node flags `npm start` runs the server with, so the benchmarks measure the same process. */
export const SERVER_NODE_FLAGS: string[] = nodeRun.flags;
/** The environment `npm start` adds for the server (its memory allocator's settings). */
export const SERVER_NODE_ENV: Record<string, string> = nodeRun.env;
