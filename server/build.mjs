// Bundles the server into one ESM file. Our own workspaces are bundled in, and so is Kysely:
// loaded as hundreds of separate ES modules it cost ~3 MB more memory. So are the pure-JS
// packages every start loads (fastify with its plugins and their dependencies, zod): found,
// read and wrapped one file at a time from node_modules they were about a third of the CPU
// time from spawn to the first authenticated answer (issue 22). Other npm packages stay
// external: native modules (better-sqlite3, sharp, argon2) must be loaded from node_modules,
// and the ones loaded on first use (lib/lazy-require.ts) cost nothing until then.
// @fastify/swagger stays external: it reads its package.json by __dirname, which a bundle lacks.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

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
]);
const bundled = (name) => name.startsWith('@backbeat/') || BUNDLED_PACKAGES.has(name);
const external = Object.keys(pkg.dependencies).filter((name) => !bundled(name));

await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    cli: new URL('./src/cli.ts', import.meta.url).pathname,
    'admin-cli': new URL('./src/admin-cli.ts', import.meta.url).pathname,
    'library-import-cli': new URL('./src/library-import-cli.ts', import.meta.url).pathname,
    // The demo-audio render thread (modules/demo-audio/renderer.ts starts it by this name).
    'demo-render-worker': new URL('./src/modules/demo-audio/render-worker.ts', import.meta.url)
      .pathname,
  },
  outdir: new URL('./dist/', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
