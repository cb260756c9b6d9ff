import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceMappedStack } from './source-mapped-stack.ts';

const folder = mkdtempSync(join(tmpdir(), 'backbeat-stack-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('sourceMappedStack', () => {
  it('points frames of a bundle at the TypeScript line that threw', async () => {
    const source = join(folder, 'thrower.ts');
    writeFileSync(
      source,
      [
        'const padding: number[] = [1, 2, 3];',
        'export function explode(): never {',
        "  throw new Error('boom ' + padding.length);",
        '}',
        'try {',
        '  explode();',
        '} catch (error) {',
        '  console.log((error as Error).stack);',
        '}',
      ].join('\n'),
    );
    const bundle = join(folder, 'bundle.mjs');
    await build({
      entryPoints: [source],
      outfile: bundle,
      bundle: true,
      format: 'esm',
      platform: 'node',
      sourcemap: true,
    });
    // Run by plain Node in its own process: the test runner would map the stack itself.
    const stack = execFileSync(process.execPath, [bundle], { encoding: 'utf8' });
    expect(stack).toContain('bundle.mjs:');
    const mapped = sourceMappedStack(stack);
    expect(mapped).toMatch(new RegExp(`at explode \\(${source.replaceAll('/', '\\/')}:3:\\d+\\)`));
    expect(mapped).not.toContain('bundle.mjs:');
  });

  it('leaves frames without a source map as they are', () => {
    const stack = 'Error: x\n    at run (node:internal/main:1:2)\n    at /nowhere/app.js:10:5';
    expect(sourceMappedStack(stack)).toBe(stack);
  });
});
