import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage } from '../src/browser.ts';
import { acceptCookies, seedCatalog } from '../src/catalog.ts';
import { startServer, type TestServer } from '../src/server.ts';

/** Issue 16: a listener past the search limit is told so, in words, where they search. */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SEARCH_RATE_LIMIT: '3' } }),
    launchBrowser(),
  ]);
  await seedCatalog(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('search past the rate limit', () => {
  it('explains the wait in the suggestions and on the search page', async () => {
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    // Three searches use up this guest's allowance.
    for (const query of ['a', 'b', 'c']) {
      const response = await context.request.get(`${server.url}/api/v1/search?query=${query}`);
      if (response.status() !== 200) throw new Error(`search answered ${response.status()}`);
    }

    await page.goto(server.url);
    await page.getByRole('combobox', { name: 'Search' }).fill('koji');
    await page.getByText('Too many searches. Wait a moment, then try again.').waitFor();

    await page.goto(`${server.url}/search/koji`);
    await page.getByText('Too many searches', { exact: true }).waitFor();
    await page
      .getByText('You are searching faster than we can keep up.', { exact: false })
      .waitFor();
  }, 60_000);
});
