import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../src/browser.ts';
import { acceptCookies, seedCatalog } from '../src/catalog.ts';
import { startServer, type TestServer } from '../src/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await seedCatalog(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const seconds = (text: string | null) => {
  const [m = '0', s = '0'] = (text ?? '0:00').split(':');
  return Number(m) * 60 + Number(s);
};

describe('finding music', () => {
  it('finds an artist by a partial name typed without accents, and opens it', async () => {
    const { page, context, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await page.goto(server.url);
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill('amel soren');
    const option = page.getByRole('option', { name: 'Amélie Sørensen Artist' });
    await option.click();
    await page.getByRole('heading', { level: 1, name: 'Amélie Sørensen' }).waitFor();
    expect(page.url()).toContain('/artist/');

    // The full results page, with its tabs, from the same partial name.
    await search.fill('koji');
    await search.press('Enter');
    await page.waitForURL(/\/search\/koji$/);
    await page.getByRole('link', { name: 'Kōji Tanaka' }).first().waitFor();
    await page
      .getByRole('navigation', { name: 'Result types' })
      .getByRole('link', { name: 'Tracks' })
      .click();
    await page.waitForURL(/\/search\/koji\/tracks$/);
    await page.getByTestId('track-row').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a result clicked while still typing opens, even when its page loads slowly', async () => {
    const { page, context, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    // The artist page's code arrives after the search's typing pause: the search page must
    // not then write the new text into the address and cancel the navigation under way.
    await page.route('**/assets/artist-page-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto(`${server.url}/search/koji`);
    const artist = page.getByRole('link', { name: 'Kōji Tanaka' }).first();
    await artist.waitFor();
    await page.getByRole('main').getByRole('searchbox', { name: 'Search' }).fill('koji tan');
    await artist.click();
    await page.getByRole('heading', { level: 1, name: 'Kōji Tanaka' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/artist\//);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts a radio from an artist and plays it', async () => {
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await page.goto(`${server.url}/artist/2`);
    const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('button', { name: 'Start radio' }).click();
    await page.getByRole('heading', { level: 1, name: `${name} radio` }).waitFor();
    expect(page.url()).toContain('/radio/artist/2/');
    const station = page.getByRole('list', { name: 'Station tracks' });
    expect(await station.getByTestId('track-row').count()).toBeGreaterThan(3);
    const first = await station.getByTestId('track-row').first().getAttribute('aria-label');
    await expect
      .poll(() => page.getByTestId('player-track-name').textContent(), { timeout: 5_000 })
      .toBe(first);
    await expect
      .poll(async () => seconds(await page.getByTestId('player-position').textContent()), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('plays an album embedded in another site', async () => {
    const { page, context, errors } = await newPage(browser);
    const { db } = server.app.services.database;
    const album = await db
      .selectFrom('tracks')
      .select('album_id')
      .groupBy('album_id')
      .having((eb) => eb.fn.countAll(), '>', 2)
      .executeTakeFirstOrThrow();
    // Another site (another port is another origin) framing the album's embed.
    const blog = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<h1>A blog post</h1><iframe title="Album" src="${server.url}/album/${album.album_id}/artist/album/embed" width="600" height="380"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = blog.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/`);
      const frame = page.frameLocator('iframe[title="Album"]');
      await frame.getByRole('list', { name: 'Tracks' }).waitFor();
      await frame.getByRole('button', { name: 'Play', exact: true }).click();
      await expect
        .poll(async () => seconds(await frame.getByTestId('player-position').textContent()), {
          timeout: 15_000,
        })
        .toBeGreaterThanOrEqual(1);
      expect(await frame.getByRole('button', { name: 'Pause', exact: true }).isVisible()).toBe(
        true,
      );
      // The embed keeps no queue of its own in the listener's browser.
      const saved = await page.frames()[1]!.evaluate(() => localStorage.getItem('backbeat.player'));
      expect(saved).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      blog.close();
    }
  });

  it('shows the lyrics of a track in time with the music', async () => {
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await server.app.services.catalogWrites.setLyrics(
      3,
      '[00:00.20]First line\n[00:01.50]Second line\n[00:30.00]Much later',
      true,
    );
    await page.goto(`${server.url}/track/3/x`);
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('link', { name: 'Lyrics' })
      .click();
    await page.waitForURL(/\/lyrics$/);
    const lines = page.getByRole('list', { name: 'Lyrics' });
    await lines.waitFor();
    await expect
      .poll(() => lines.locator('[aria-current="true"]').textContent(), { timeout: 15_000 })
      .toBe('Second line');
    await context.close();
  });
});
