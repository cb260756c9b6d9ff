// Bundles the server into one ESM file. npm packages stay external (native modules such as
// better-sqlite3 must be loaded from node_modules); our own workspaces are bundled in, and
// so is Kysely: loaded as hundreds of separate ES modules it cost ~3 MB more memory.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const bundled = (name) => name.startsWith('@backbeat/') || name === 'kysely';
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
