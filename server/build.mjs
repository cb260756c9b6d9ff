// Bundles the server into one file (and each command-line tool into one ES module). Our own
// workspaces are bundled in, and so is Kysely: loaded as hundreds of separate ES modules it
// cost ~3 MB more memory. So are the pure-JS packages every start loads (fastify with its
// plugins and their dependencies, zod): found, read and wrapped one file at a time from
// node_modules they were about a third of the CPU time from spawn to the first authenticated
// answer (issue 22). Other npm packages stay external: native modules (better-sqlite3, sharp,
// argon2) must be loaded from node_modules, and the ones loaded on first use
// (lib/lazy-require.ts, lib/import-package.ts) cost nothing until then.
import { build } from 'esbuild';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const BUNDLED_PACKAGES = new Set([
  'kysely',
  'fastify',
  'fastify-plugin',
  'fastify-type-provider-zod',
  'zod',
  '@fastify/cookie',
  '@fastify/formbody',
  '@fastify/multipart',
  '@fastify/rate-limit',
  '@fastify/static',
  '@fastify/websocket',
  // Fastify's logger; bundled it is compiled with the rest from the code cache (~15 ms less
  // start, issue 22). Its worker-thread transports, which need files beside it, are not used.
  'pino',
  // The WebSocket server under @fastify/websocket (its optional native helpers stay outside).
  'ws',
]);
const bundled = (name) => name.startsWith('@backbeat/') || BUNDLED_PACKAGES.has(name);
const external = [
  ...Object.keys(pkg.dependencies).filter((name) => !bundled(name)),
  'bufferutil',
  'utf-8-validate',
];

// SERVER_DIST_PATH builds elsewhere (a bench of parallel work keeps its own folder, whose
// parents must find node_modules as server/dist does).
const outdir = process.env.SERVER_DIST_PATH
  ? pathToFileURL(`${resolve(process.env.SERVER_DIST_PATH)}/`)
  : new URL('./dist/', import.meta.url);
const common = {
  outdir: outdir.pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
};

// The server itself is a CommonJS bundle (dist/server.cjs) that dist/main.js (src/launch.ts)
// runs through node:vm with V8's code cache, which Node 20 offers for scripts, not for ES
// modules (issue 22). import.meta becomes what CommonJS has; the bundle's code was an ES
// module, so it stays in strict mode.
await build({
  ...common,
  entryPoints: { server: new URL('./src/main.ts', import.meta.url).pathname },
  format: 'cjs',
  // V8 keeps the source for lazy compilation for the process's whole life: without layout
  // and with shorter syntax it is 3.4 MB, not 5.0 (names stay; errors map back through the source map).
  minifyWhitespace: true,
  minifySyntax: true,
  outExtension: { '.js': '.cjs' },
  define: {
    'import.meta.url': '__bundleUrl',
    'import.meta.dirname': '__dirname',
    'import.meta.filename': '__filename',
  },
  // The CommonJS wrapper is the file's own (on its first line, so line numbers hold): the
  // launcher compiles the text as it is read, with no second 5 MB copy joined around it.
  banner: {
    js: '(function (exports, require, module, __filename, __dirname) { "use strict"; var __bundleUrl = require("node:url").pathToFileURL(__filename).href;',
  },
  footer: { js: '})' },
});

await build({
  ...common,
  entryPoints: {
    main: new URL('./src/launch.ts', import.meta.url).pathname,
    cli: new URL('./src/cli.ts', import.meta.url).pathname,
    'admin-cli': new URL('./src/admin-cli.ts', import.meta.url).pathname,
    'library-import-cli': new URL('./src/library-import-cli.ts', import.meta.url).pathname,
    // The demo-audio render thread (modules/demo-audio/renderer.ts starts it by this name).
    'demo-render-worker': new URL('./src/modules/demo-audio/render-worker.ts', import.meta.url)
      .pathname,
  },
  format: 'esm',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// V8 keeps a script's source for lazy compilation, one byte a character only when every
// character is Latin-1: a single "§" or "—" left in a comment (esbuild keeps some, from
// packages too) stored the 5 MB bundle as 10 MB of two-byte text for the process's whole life.
// Escaping what is not ASCII keeps it at 5 MB; in comments, strings and regular expressions
// the escape means the same character.
for (const name of readdirSync(outdir).filter((file) => /\.c?js$/.test(file))) {
  const file = new URL(name, outdir);
  const code = readFileSync(file, 'utf8');
  const ascii = code.replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (ascii !== code) writeFileSync(file, ascii);
}
