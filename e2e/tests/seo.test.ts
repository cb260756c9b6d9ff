import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumLink } from '@backbeat/common';
import { createAlbum, createArtist } from '../../server/test/helpers/catalog.ts';
import { launchBrowser, newPage } from '../src/browser.ts';
import { startServer, type TestServer } from '../src/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('pages as search engines and visitors get them', () => {
  it('answers an unknown address with 404 and still shows the not-found screen', async () => {
    const { page, context } = await newPage(browser);
    const response = await page.goto(`${server.url}/no/such/page/here`);
    expect(response?.status()).toBe(404);
    await page.getByText("Looks like you've found the doorway to the great nothing").waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await context.close();
  });

  it('opens an album page whose head names the album, and the page itself works', async () => {
    const artist = await createArtist(server.app, { name: 'Harbor Lights' });
    const album = await createAlbum(server.app, { name: 'Low Tide', artistIds: [artist.id] });
    const path = albumLink({ ...album, image: null, artists: [{ ...artist, image: null }] });
    const { page, context, errors } = await newPage(browser);
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Low Tide' }).waitFor();
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
      'Low Tide by Harbor Lights · Backbeat',
    );
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'MusicAlbum', name: 'Low Tide' });
    // The page's JSON-LD is data, not script: the CSP reports nothing.
    expect(errors).toEqual([]);
    await context.close();
  });
});
