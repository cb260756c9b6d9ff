import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createArtist, createTrack } from '../../server/test/helpers/catalog.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

let server: TestServer;
let browser: Browser;
const OWNER = { email: 'owner@backbeat.test', password: 'long enough password' };
const LISTENER = { email: 'fan@backbeat.test', password: 'long enough password' };
let artist: { id: number; name: string };
let hit: { id: number; name: string };
let deepCut: { id: number; name: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const { users } = server.app.services;
  const ownerId = await users.createUser({ ...OWNER, name: 'Olive Owner' });
  await users.createUser({ ...LISTENER, name: 'Fran Fan' });
  artist = await createArtist(server.app, { name: 'The Insightfuls' });
  await server.app.services.database.db
    .updateTable('artists')
    .set({ owner_id: ownerId })
    .where('id', '=', artist.id)
    .execute();
  const album = await createAlbum(server.app, { name: 'Charts', artistIds: [artist.id] });
  hit = await createTrack(server.app, {
    name: 'Big Hit',
    artistIds: [artist.id],
    albumId: album.id,
  });
  deepCut = await createTrack(server.app, {
    name: 'Deep Cut',
    artistIds: [artist.id],
    albumId: album.id,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Plays a track as the player does (start, then how long it was heard), through the API. */
async function listen(context: BrowserContext, trackId: number, source: string, ms: number) {
  const xsrf = async () =>
    (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': await xsrf(), Accept: 'application/json' };
  const started = await context.request.post(`${server.url}/api/v1/tracks/${trackId}/plays`, {
    headers,
    data: { source },
  });
  expect(started.ok()).toBe(true);
  const { play_id } = (await started.json()) as { play_id: number };
  const reported = await context.request.post(`${server.url}/api/v1/plays/${play_id}?_method=PUT`, {
    headers: { ...headers, 'X-HTTP-Method-Override': 'PUT' },
    data: { listened_ms: ms, completed: ms >= 180_000 },
  });
  expect(reported.ok()).toBe(true);
}

/** The figure shown on a headline card. */
const figure = (page: Page, label: string) =>
  page.getByRole('group', { name: label, exact: true }).locator('p').nth(1);

describe('insights', () => {
  it('an artist opens insights after some plays and sees the chart and the numbers of those plays', async () => {
    const fan = await newPage(browser);
    await loginThroughApi(fan.context, server.url, LISTENER);
    await listen(fan.context, hit.id, 'search', 180_000);
    await listen(fan.context, hit.id, 'search', 60_000);
    await listen(fan.context, deepCut.id, 'playlist', 180_000);
    const guest = await newPage(browser);
    await guest.context.request.get(`${server.url}/`);
    await listen(guest.context, hit.id, 'radio', 30_000);

    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, OWNER);
    await page.goto(`${server.url}/backstage/artists/${artist.id}/insights`);
    await page.getByRole('heading', { name: 'The Insightfuls' }).waitFor();
    await page.locator('[data-chart-ready="true"] canvas').waitFor();

    expect(await figure(page, 'Plays').textContent()).toBe('4');
    expect(await figure(page, 'Listeners').textContent()).toBe('2');
    expect(await figure(page, 'Completion rate').textContent()).toBe('50%');
    // (180 + 60 + 180 + 30) s / 4 plays.
    expect(await figure(page, 'Average listen').textContent()).toBe('1:53');
    const topTracks = page.getByRole('region', { name: 'Top tracks' });
    expect(await topTracks.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Big Hit'),
      expect.stringContaining('Deep Cut'),
    ]);
    expect(await topTracks.getByRole('listitem').first().textContent()).toContain('3 plays');
    const sources = page.getByRole('region', { name: 'Traffic sources' });
    expect(await sources.getByRole('listitem').first().textContent()).toContain('Search');
    const listeners = page.getByRole('region', { name: 'Top listeners (all time)' });
    expect(await listeners.textContent()).toContain('Fran Fan');
    // The chart's figures, as screen readers get them: today's bucket holds the four plays.
    const lastRow = page.locator('figure table tbody tr').last();
    expect(await lastRow.locator('td').first().textContent()).toBe('4');

    // A longer range groups by month; a track's own insights are one click away.
    await page.getByRole('button', { name: 'Last 12 months' }).click();
    await page.waitForURL(/range=365d/);
    await page.locator('[data-chart-ready="true"] canvas').waitFor();
    expect(await figure(page, 'Plays').textContent()).toBe('4');
    await topTracks.getByRole('link', { name: 'Big Hit' }).click();
    await page.getByRole('heading', { name: 'Big Hit' }).waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[role="group"][aria-label="Plays"] p:nth-of-type(2)')
          ?.textContent === '3',
    );
    expect(errors).toEqual([]);
    await Promise.all([context.close(), fan.context.close(), guest.context.close()]);
  });

  it("someone else's artist is not found", async () => {
    const { context, page } = await newPage(browser);
    await loginThroughApi(context, server.url, LISTENER);
    await page.goto(`${server.url}/backstage/artists/${artist.id}/insights`);
    await page.getByText("Looks like you've found the doorway to the great nothing").waitFor();
    await context.close();
  });

  it('the admin dashboard shows the plays, and its plays and visitors views', async () => {
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, ADMIN);
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.locator('[data-chart-ready="true"] canvas').waitFor();
    expect(await figure(page, 'Plays').textContent()).toBe('4');
    const topTracks = page.getByRole('region', { name: 'Top tracks' });
    expect(await topTracks.getByRole('listitem').first().textContent()).toContain('Big Hit');
    const topArtists = page.getByRole('region', { name: 'Top artists' });
    expect(await topArtists.textContent()).toContain('The Insightfuls');

    await page.getByRole('link', { name: 'Plays', exact: true }).click();
    await page.getByRole('region', { name: 'Traffic sources' }).waitFor();
    await page.getByRole('link', { name: 'Visitors', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // This very page counted as a visit when the app started.
    await page.waitForFunction(
      () =>
        Number(
          document.querySelector('[role="group"][aria-label="Visitors"] p:nth-of-type(2)')
            ?.textContent ?? '0',
        ) >= 1,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
