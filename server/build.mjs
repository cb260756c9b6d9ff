// Bundles the server into one ESM file. npm packages stay external (native modules such as
// better-sqlite3 must be loaded from node_modules); our own workspaces are bundled in.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@backbeat/'));

await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    cli: new URL('./src/cli.ts', import.meta.url).pathname,
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
