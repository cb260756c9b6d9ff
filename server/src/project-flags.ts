import { isAbsolute, relative } from 'node:path';
import type { serverNode as projectServerNode } from '../../scripts/lib.mjs';

type ServerNode = typeof projectServerNode;

/**
 * The built server is meant to run with the Node flags and environment of server/node-flags.json
 * (about 15 MB less memory, issue 22), which scripts/lib.mjs `serverNode()` applies for npm
 * start, the benches and the test harness. Started by hand without them it still serves, so it
 * says once, on stderr, what is missing and the whole command that has it. serverNode() stays the
 * one source of the flags: it is read from the checkout at run time, not copied into the bundle.
 */
export async function warnWithoutProjectFlags(entry: string): Promise<void> {
  let serverNode: ServerNode;
  try {
    // Beside server/dist in the checkout (the same layout config.ts assumes for web/dist).
    const lib = new URL('../../scripts/lib.mjs', import.meta.url).href;
    ({ serverNode } = (await import(lib)) as { serverNode: ServerNode });
  } catch {
    // A build copied without the repository's scripts: nothing to compare with.
    return;
  }
  const { flags, env } = serverNode();
  const given = new Set(process.execArgv.map(flagName));
  // A flag given with another value is the operator's choice; only an absent one is warned of.
  const missingFlags = flags.filter((flag) => !given.has(flagName(flag)));
  const projectEnv = env({});
  const missingEnv = Object.keys(projectEnv).filter((name) => process.env[name] === undefined);
  if (missingFlags.length === 0 && missingEnv.length === 0) return;

  const command = [
    ...Object.entries(projectEnv).map(([name, value]) => `${name}=${value}`),
    'node',
    ...flags,
    shortestPath(entry),
  ].join(' ');
  process.stderr.write(
    `Backbeat was started without the project's Node settings (${[...missingFlags, ...missingEnv].join(', ')}); ` +
      `it runs, with more memory. Start it with:\n  ${command}\n`,
  );
}

/** The entry relative to the working folder when it lies below it, else its absolute path. */
function shortestPath(entry: string): string {
  const below = relative(process.cwd(), entry);
  return below && !below.startsWith('..') && !isAbsolute(below) ? below : entry;
}

/** `--max-semi-space-size=4` → `--max-semi-space-size` (Node reads _ and - alike in V8 flags). */
function flagName(flag: string): string {
  return flag.split('=')[0]!.replaceAll('_', '-');
}
