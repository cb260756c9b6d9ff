import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The production web build (npm run build), or another folder built by parallel work.
const WEB_DIST = process.env.WEB_DIST_PATH ?? new URL('../../web/dist', import.meta.url).pathname;

/** The JavaScript every page loads before anything lazy: the entry and what it preloads. */
function firstJavaScript(): string {
  const page = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const files = [
    ...page.matchAll(/<script type="module"[^>]*src="([^"]+\.js)"/g),
    ...page.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  expect(files.length).toBeGreaterThan(1);
  return files.map((file) => readFileSync(join(WEB_DIST, file), 'utf8')).join('\n');
}

// web/contract-schemas-plugin.ts rewrites common/'s endpoint contracts as the bundler reads them
// (Rolldown's parser and its AST shape): if it silently stopped matching, zod and every schema
// would be back in the first JavaScript a listener downloads (about 30 KB gzip, issue 22).
describe('the web build leaves the contracts’ schemas out of the first JavaScript', () => {
  it('keeps a contract’s method and path with its schemas replaced', () => {
    const rewritten = /method:["'`]GET["'`],path:["'`]\/api\/v1\/bootstrap-data["'`],response:0\}/;
    // A boolean, so a failure does not print the whole bundle.
    expect(rewritten.test(firstJavaScript()), 'bootstrap-data contract with response:0').toBe(true);
  });

  it('carries no zod in what every page loads', () => {
    expect(firstJavaScript().includes('$ZodObject'), 'zod in the first JavaScript').toBe(false);
  });
});
