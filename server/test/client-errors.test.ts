import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser, signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const REPORTS = '/api/v1/logs/client-errors';

describe('POST logs/client-errors', () => {
  it('writes a web error into the error log the admin reads, with who saw it', async () => {
    const { id, browser } = await signedInUser(testApp.app);
    const response = await browser.post(REPORTS, {
      message: 'x is undefined',
      stack: 'TypeError: x is undefined\n    at AlbumPage (album-page.tsx:12:3)',
      url: 'http://localhost/album/1',
    });
    expect(response.statusCode).toBe(204);
    const file = await testApp.app.services.fileLogs.latest('error');
    const lines = (await readFile(file!, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({
      source: 'web',
      message: 'x is undefined',
      url: 'http://localhost/album/1',
      user_id: id,
    });
  });

  it('refuses a report without a message or with an oversized trace', async () => {
    const guest = await guestBrowser(testApp.app);
    const empty = await guest.post(REPORTS, { stack: 'at somewhere' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toHaveProperty('errors.message');
    const huge = await guest.post(REPORTS, { message: 'boom', stack: 'x'.repeat(10_001) });
    expect(huge.statusCode).toBe(422);
  });

  it('limits how often one address may report', async () => {
    const guest = await guestBrowser(testApp.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await guest.post(REPORTS, { message: `error ${i}` })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 204)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
