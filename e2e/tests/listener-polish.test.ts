import type { Browser, BrowserContext, Page } from 'playwright-core';
import { albumLink } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createArtist, createTrack } from '../../server/test/helpers/catalog.ts';
import { demoAudioKey } from '../../server/src/modules/demo-audio/generator.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies, seedCatalog } from '../src/catalog.ts';
import { startServer, type TestServer } from '../src/server.ts';

let server: TestServer;
let browser: Browser;
let counter = 0;
/** An album of one never-played demo track: its audio does not exist until it is played. */
let single: { path: string; trackId: number; trackName: string; key: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await seedCatalog(server);
  const artist = await createArtist(server.app, { name: 'Lone Voice' });
  const album = await createAlbum(server.app, { name: 'Only One', artistIds: [artist.id] });
  const key = demoAudioKey(9001, 20, 'house');
  const track = await createTrack(server.app, {
    name: 'Single Song',
    albumId: album.id,
    artistIds: [artist.id],
    audioPath: key,
  });
  single = {
    path: albumLink({ ...album, image: null, artists: [{ ...artist, image: null }] }),
    trackId: track.id,
    trackName: 'Single Song',
    key,
  };
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function listenerPage(options: Parameters<typeof newPage>[1] = {}) {
  const email = `polish${++counter}@backbeat.test`;
  const password = 'long enough password';
  await server.app.services.users.createUser({ email, password, name: `Polish ${counter}` });
  const opened = await newPage(browser, options);
  await acceptCookies(opened.context, server.url);
  await loginThroughApi(opened.context, server.url, { email, password });
  return opened;
}

/** Records a play the way the player does, through the API. */
async function recordPlay(context: BrowserContext, trackId: number) {
  const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const response = await context.request.post(`${server.url}/api/v1/tracks/${trackId}/plays`, {
    headers: { 'X-XSRF-TOKEN': xsrf ?? '', Accept: 'application/json' },
    data: {},
  });
  expect(response.ok()).toBe(true);
}

const seconds = (text: string | null) => {
  const [m = '0', s = '0'] = (text ?? '0:00').split(':');
  return Number(m) * 60 + Number(s);
};
const playingPosition = async (page: Page) =>
  seconds(await page.getByTestId('player-position').textContent());

describe('a listener', () => {
  it('plays a demo track nobody played before, and the tab names it', async () => {
    expect(await server.app.services.storage.stat(single.key)).toBeNull();
    const { page, context, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await page.goto(server.url + single.path);
    await page.getByRole('heading', { level: 1, name: 'Only One' }).waitFor();
    // One track: "1 track", never "1 tracks".
    await page.getByText(/^· 1 track$/).waitFor();
    const pageTitle = await page.title();

    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => playingPosition(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.title()).toBe('Single Song · Lone Voice');

    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('button', { name: 'Pause', exact: true })
      .click();
    await expect.poll(() => page.title()).toBe(pageTitle);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sees the cookie notice on a first visit without it covering the player bar', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url);
    const notice = page.getByTestId('cookie-notice');
    await notice.waitFor();
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.waitFor();
    const [noticeBox, barBox] = [await notice.boundingBox(), await bar.boundingBox()];
    expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(barBox!.y + 0.5);
    // The bar's controls stay usable under the notice.
    expect(await bar.getByRole('button', { name: 'Play', exact: true }).isVisible()).toBe(true);
    await notice.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await context.close();
  });

  it('finds recently played music on home and in the history, with repeats collapsed', async () => {
    const { page, context } = await listenerPage();
    const [first] = await server.app.services.database.db
      .selectFrom('tracks')
      .select(['id', 'name'])
      .where('id', '!=', single.trackId)
      .orderBy('id')
      .limit(1)
      .execute();
    await recordPlay(context, single.trackId);
    await recordPlay(context, first!.id);
    await recordPlay(context, first!.id);

    await page.goto(server.url);
    const recent = page.getByRole('list', { name: 'Recently played' });
    await recent.getByTestId('track-row').first().waitFor();
    expect(await recent.getByTestId('track-row').evaluateAll((rows) => rows.length)).toBe(2);
    expect(await recent.getByTestId('track-row').first().getAttribute('aria-label')).toBe(
      first!.name,
    );
    await page.getByRole('heading', { name: 'Jump back in' }).waitFor();

    await page.goto(`${server.url}/library/history`);
    const history = page.getByRole('list', { name: 'Recently played' });
    await history.getByTestId('track-row').first().waitFor();
    expect(await history.getByTestId('track-row').evaluateAll((rows) => rows.length)).toBe(2);
    const newest = history.getByTestId('track-row').first();
    expect(await newest.textContent()).toContain('2 plays in a row');
    expect(await newest.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await context.close();
  });

  it('sees every library tab on a phone', async () => {
    const { page, context } = await listenerPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${server.url}/library/songs`);
    const history = page.getByRole('navigation', { name: 'Library' }).getByRole('link', {
      name: 'History',
    });
    await history.waitFor();
    const box = await history.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await history.click();
    await page.waitForURL(/\/library\/history$/);
    await context.close();
  });

  it('keeps home track titles readable with the queue open at 1440 px', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await acceptCookies(context, server.url);
    await page.goto(server.url);
    const popular = page.getByRole('list', { name: 'Popular tracks' });
    const row = popular.getByTestId('track-row').first();
    await row.waitFor();
    const name = (await row.getAttribute('aria-label')) ?? '';
    await popular.getByRole('button', { name: `Play ${name}` }).click();
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('button', { name: 'Queue' })
      .click();
    await page.getByRole('heading', { name: 'Queue' }).first().waitFor();
    // Room for about 20 characters at least, not 5.
    const title = row.getByRole('link', { name, exact: true });
    expect(await title.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(
      Math.min(140, (await title.evaluate((el) => el.scrollWidth)) - 1),
    );
    await context.close();
  });

  it('skips to the page with the first Tab, and hears the account button by its text', async () => {
    const { page, context } = await listenerPage();
    await page.goto(server.url);
    await page.getByTestId('track-row').first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    // Named by what it shows (the name), then what it is.
    const account = page.getByRole('button', { name: /^Polish \d+ Account menu$/ });
    expect(await account.count()).toBe(1);
    await context.close();
  });

  it('reads a channel page heading once', async () => {
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await page.goto(`${server.url}/channel/popular-tracks`);
    await page.getByTestId('track-row').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Popular tracks' }).count()).toBe(1);
    await context.close();
  });
});
