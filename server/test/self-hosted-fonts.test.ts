import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { parseFamilies } from '../src/http/self-hosted-fonts.ts';

/*
 * The site's own fonts (issue 14): the CSS2-shaped style sheet names only files the site
 * serves, the files are real WOFF2 fonts cached for a year, and nothing else is reachable.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /fonts/css2 and /fonts/files', () => {
  it('answers @font-face rules for the weights asked, each file served from the site', async () => {
    const css = await t.app.inject({
      url: '/fonts/css2?family=Lora:wght@400;700&display=swap',
    });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain("font-family: 'Lora'");
    expect(css.body).toContain('font-weight: 700;');
    expect(css.body).toContain('font-display: swap;');
    expect(css.body).not.toContain('./files/');
    const urls = [...css.body.matchAll(/url\((\/fonts\/files\/[^)]+\.woff2)\)/g)].map((m) => m[1]!);
    expect(urls).toContain('/fonts/files/lora/lora-latin-400-normal.woff2');
    expect(urls.every((url) => !/^https?:/.test(url))).toBe(true);

    const file = await t.app.inject({ url: '/fonts/files/lora/lora-latin-400-normal.woff2' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
  });

  it('names nothing for a family it does not host, and serves no other file', async () => {
    const unknown = await t.app.inject({ url: '/fonts/css2?family=Comic+Sans:wght@400' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe('');
    for (const url of [
      '/fonts/files/lora/..%2F..%2Fpackage.json',
      '/fonts/files/lora/package.json',
      '/fonts/files/express/index.woff2',
      '/fonts/files/lora/missing-400-normal.woff2',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('reads families and weights the way the CSS2 API writes them', () => {
    expect(parseFamilies(['Open+Sans:wght@400', 'Montserrat:wght@300;900;950;abc'])).toEqual([
      { family: 'Montserrat', weights: [300, 900] },
    ]);
    expect(parseFamilies('inter')).toEqual([{ family: 'Inter', weights: [400] }]);
  });
});
