// The built server's entry (dist/main.js). It runs the server's bundle (dist/server.cjs, built
// from main.ts) from V8's code cache: compiling the 5 MB bundle and then, one by one, each
// function a start runs was about 280 ms of the CPU from spawn to the first authenticated
// answer (issue 22). The cache is made once per build, Node version and flags, when the
// first start is done, and kept under the system's temporary folder; when it is missing or
// V8 refuses it (another Node, other flags) the bundle is compiled as usual. Node 22's
// module.enableCompileCache() does this for ES modules, but not on Node 20, and not for the
// cache made after the start (which holds the functions the start ran, not only the top level).
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, Script } from 'node:vm';
import { warnWithoutProjectFlags } from './project-flags.ts';

// Started by hand without node-flags.json's settings, it says so once, before anything else.
await warnWithoutProjectFlags(fileURLToPath(import.meta.url));

const bundle = fileURLToPath(new URL('./server.cjs', import.meta.url));
const { size, mtimeMs } = statSync(bundle);
// One folder per bundle path (several checkouts or builds may share the machine), one file per
// build of it, Node version, architecture and Node flags, all inside a folder of this account's
// own: a cache is code V8 runs, so one that another account could plant is never read.
const uid = process.getuid?.();
const cacheRoot = join(tmpdir(), `backbeat-code-cache${uid === undefined ? '' : `-${uid}`}`);
const cacheFolder = join(cacheRoot, createHash('sha256').update(bundle).digest('hex').slice(0, 16));

/** Whether the caches' root is a real folder that only this account may write to. */
function cacheRootIsPrivate(): boolean {
  try {
    mkdirSync(cacheRoot, { mode: 0o700, recursive: true });
    const root = lstatSync(cacheRoot);
    if (!root.isDirectory()) return false;
    // Where there are no user ids (Windows), the temporary folder is the user's own.
    return uid === undefined || (root.uid === uid && (root.mode & 0o077) === 0);
  } catch {
    return false;
  }
}
const cacheUsable = cacheRootIsPrivate();
// V8 refuses a cache made under other flags, so starts with other Node flags (npm start's, or
// none) keep a file each instead of replacing each other's.
const build = `${size}-${Math.round(mtimeMs)}`;
const flags = createHash('sha256').update(process.execArgv.join(' ')).digest('hex').slice(0, 8);
const cacheName = `${process.version}-${process.arch}-${flags}-${build}.bin`;

/**
 * The bundle's text. build.mjs leaves it all ASCII, which read as Latin-1 is the same text
 * without UTF-8 decoding: about 7 of the ~20 ms CPU that reading the 5 MB took at every start
 * (issue 22). Any other byte and it is read as UTF-8, as before.
 */
function bundleText(): string {
  const bytes = readFileSync(bundle);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * The bundle, compiled with the cache when there is one V8 takes. The text and the cache's
 * bytes are locals here, so nothing holds them once V8 has what it keeps.
 */
function compile(): { script: Script; cacheUsed: boolean } {
  let cachedData: Buffer | undefined;
  try {
    if (cacheUsable) cachedData = readFileSync(join(cacheFolder, cacheName));
  } catch {
    // The first start of this build.
  }
  // The file is a function expression taking CommonJS's arguments (build.mjs). An import()
  // written in the bundle still works through Node's loader, with an experimental warning on
  // first use: lib/import-package.ts is the way without it.
  const script = new Script(bundleText(), {
    filename: bundle,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  return { script, cacheUsed: cachedData !== undefined && !script.cachedDataRejected };
}
const { script, cacheUsed } = compile();

/**
 * An import() written in code run through node:vm needs a loader option that is experimental
 * (a warning on first use); the bundle's imports of ES-module packages come here instead
 * (lib/import-package.ts), resolved from this folder as the bundle's would be.
 */
(globalThis as { backbeatImport?: (name: string) => Promise<unknown> }).backbeatImport = (name) =>
  import(name);

function saveCache(): void {
  try {
    mkdirSync(cacheFolder, { recursive: true });
    const temporary = join(cacheFolder, `${cacheName}.${process.pid}.tmp`);
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, join(cacheFolder, cacheName));
    // Earlier builds' caches go.
    for (const name of readdirSync(cacheFolder)) {
      if (!name.endsWith(`-${build}.bin`) && !name.endsWith('.tmp')) {
        rmSync(join(cacheFolder, name), { force: true });
      }
    }
  } catch {
    // A read-only or full temporary folder: the next start compiles again.
  }
}

const module = { exports: {} as { started?: Promise<unknown> } };
(script.runInThisContext() as (...args: unknown[]) => void)(
  module.exports,
  createRequire(bundle),
  module,
  bundle,
  dirname(bundle),
);
// Made once the start is done, so it holds what the start compiled.
if (!cacheUsed && cacheUsable) void module.exports.started?.then(() => setImmediate(saveCache));
