import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTPUT, extractLines } from '../../scripts/extract-lines.mjs';

describe('the collected lines of the app (translate screen)', () => {
  it('lists every line the code passes to the translator', () => {
    const committed = new Set(JSON.parse(readFileSync(OUTPUT, 'utf8')) as string[]);
    const missing = extractLines().filter((line) => !committed.has(line));
    // Run `node scripts/extract-lines.mjs` and commit common/src/i18n/source-lines.json.
    expect(missing).toEqual([]);
  });

  it('finds lines in the web app, the server and the settings declaration', () => {
    const lines = extractLines();
    expect(lines).toContain('Your message has been submitted.');
    expect(lines).toContain(':count track|:count tracks');
    expect(lines).toContain('Site name');
  });
});
