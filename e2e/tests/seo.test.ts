import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumLink, playlistLink } from '@backbeat/common';
import { createAlbum, createArtist } from '../../server/test/helpers/catalog.ts';
import { createUser } from '../../server/test/helpers/factories.ts';
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

describe('the heads of playlist, channel and profile pages', () => {
  it('an editorial playlist, a channel and a profile each describe what they have', async () => {
    const now = new Date().toISOString();
    const { id } = await server.app.services.database.db
      .insertInto('playlists')
      .values({
        name: 'Staff Picks',
        owner_id: null,
        is_public: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await createUser(server.app, { name: 'Cleo Night' });
    const pages = [
      {
        path: playlistLink({ id, name: 'Staff Picks' }),
        heading: 'Staff Picks',
        title: 'Staff Picks · Backbeat',
        description: 'Listen to Staff Picks, a playlist on Backbeat.',
      },
      {
        path: '/popular-tracks',
        heading: 'Popular tracks',
        title: 'Popular tracks · Backbeat',
        description: 'Listen to Popular tracks on Backbeat.',
      },
      {
        path: `/user/${user.id}/cleo-night`,
        heading: 'Cleo Night',
        title: 'Cleo Night · Backbeat',
        description: 'Tracks, albums and playlists by Cleo Night on Backbeat.',
      },
    ];
    const { page, context } = await newPage(browser);
    for (const expected of pages) {
      const response = await page.goto(`${server.url}${expected.path}`);
      expect(response?.status(), expected.path).toBe(200);
      // The served head, before the app has run: what a crawler and a link preview read.
      const served = await response!.text();
      expect(served).toContain(`<title>${expected.title}</title>`);
      await page.getByRole('heading', { name: expected.heading, level: 1 }).waitFor();
      const content = (selector: string) => page.locator(selector).getAttribute('content');
      expect(await content('meta[name="description"]'), expected.path).toBe(expected.description);
      expect(await content('meta[property="og:title"]'), expected.path).toBe(expected.title);
      expect(await content('meta[property="og:description"]'), expected.path).toBe(
        expected.description,
      );
      expect(await content('meta[name="twitter:description"]'), expected.path).toBe(
        expected.description,
      );
    }
    await context.close();
  });
});
