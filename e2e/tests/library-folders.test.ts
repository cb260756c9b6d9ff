import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryMp3, placeFile, solidJpeg } from '../../server/test/helpers/library-audio.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

/*
 * Bring your own music (issue 18): an admin points Backbeat at a folder on the server, sees
 * the scan's figures and the file it could not read, and the album plays in the web player
 * straight from that folder.
 */

let server: TestServer;
let browser: Browser;
const folder = mkdtempSync(join(tmpdir(), 'backbeat-e2e-library-'));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const album = {
    artist: 'Zq Harbour Band',
    album_artist: 'Zq Harbour Band',
    album: 'Zq Low Tide',
  };
  await placeFile(
    folder,
    'Zq Harbour Band/Zq Low Tide/01 Undertow.mp3',
    await libraryMp3({ ...album, title: 'Zq Undertow', track: 1 }, { seed: 21, seconds: 8 }),
  );
  await placeFile(
    folder,
    'Zq Harbour Band/Zq Low Tide/02 Breakwater.mp3',
    await libraryMp3({ ...album, title: 'Zq Breakwater', track: 2 }, { seed: 22, seconds: 8 }),
  );
  await placeFile(folder, 'Zq Harbour Band/Zq Low Tide/cover.jpg', await solidJpeg());
  await placeFile(folder, 'Zq Harbour Band/broken.mp3', 'these bytes are not audio');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('library folders', () => {
  it('scans a folder the admin adds; its album plays in the web player from where it is', async () => {
    const { page, context, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, ADMIN);
    await page.goto(`${server.url}/admin/library-folders`);
    await page.getByLabel('Folder on the server').fill(folder);
    await page.getByLabel('Name (optional)').fill('Zq Shelf');
    await page.getByRole('button', { name: 'Add folder' }).click();

    // The scan runs in the background; the screen follows it to the end.
    const card = page.getByRole('article').filter({ hasText: 'Zq Shelf' });
    await card.getByText('Up to date').waitFor({ timeout: 60_000 });
    const figure = (label: string) =>
      card.locator('dl > div').filter({ hasText: label }).locator('dd').textContent();
    expect(await figure('Added')).toBe('2');
    expect(await figure('Failed')).toBe('1');
    await card.getByText('1 file could not be added').click();
    await card.getByText('Zq Harbour Band/broken.mp3').waitFor();

    // The album is in the catalog, with the folder's cover, and plays.
    const album = await server.app.services.database.db
      .selectFrom('albums')
      .select(['id', 'image'])
      .where('name', '=', 'Zq Low Tide')
      .executeTakeFirstOrThrow();
    expect(album.image).toBeTruthy();
    await page.goto(`${server.url}/album/${album.id}/zq-harbour-band/zq-low-tide`);
    await page.getByRole('heading', { name: 'Zq Low Tide' }).waitFor();
    const rows = page.getByTestId('track-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().getAttribute('aria-label')).toBe('Zq Undertow');
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('player-track-name').textContent(), { timeout: 10_000 })
      .toBe('Zq Undertow');
    const seconds = async () => {
      const [m = '0', s = '0'] = (
        (await page.getByTestId('player-position').textContent()) ?? ''
      ).split(':');
      return Number(m) * 60 + Number(s);
    };
    await expect.poll(seconds, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
