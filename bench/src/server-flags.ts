import { readFileSync } from 'node:fs';

/** The Node flags `npm start` runs the server with, so the benchmarks measure the same process. */
export const SERVER_NODE_FLAGS: string[] = (
  JSON.parse(readFileSync(new URL('../../server/node-flags.json', import.meta.url), 'utf8')) as {
    flags: string[];
  }
).flags;
