import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryMp3, placeFile } from '../../server/test/helpers/library-audio.ts';
import { seriousAccessibilityProblems } from '../src/axe.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

/*
 * Multi-disc albums (issue 38, item 4): a library album on two discs shows a heading for each
 * disc above its tracks, numbered within the disc, on a phone too; an album of one disc has
 * no disc heading.
 */

let server: TestServer;
let browser: Browser;
const folder = mkdtempSync(join(tmpdir(), 'backbeat-e2e-discs-'));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const album = { artist: 'Zd Band', album_artist: 'Zd Band', album: 'Zd Two Sides' };
  let seed = 3900;
  for (const [disc, path] of [
    [1, 'CD1'],
    [2, 'Disc 2 - Live'],
  ] as const) {
    for (const track of [1, 2]) {
      await placeFile(
        folder,
        `Zd Band/Zd Two Sides/${path}/0${track}.mp3`,
        await libraryMp3(
          { ...album, title: `Zd Side ${disc} Song ${track}`, track, disc },
          { seed: seed++, seconds: 1 },
        ),
      );
    }
  }
  await placeFile(
    folder,
    'Zd Band/Zd One Side/01.mp3',
    await libraryMp3(
      { ...album, album: 'Zd One Side', title: 'Zd Only', track: 1, disc: 1 },
      { seed, seconds: 1 },
    ),
  );
  const folders = server.app.services.libraryFolders;
  const added = await folders.add({ path: folder }, { scan: false });
  await folders.scanNow(added.id, { analyse: false });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const albumId = async (name: string) =>
  (
    await server.app.services.database.db
      .selectFrom('albums')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

describe('album discs', () => {
  it('heads each disc of a two-disc album, tracks numbered within their disc, on a phone', async () => {
    const { page, context, errors } = await newPage(browser, {
      viewport: { width: 390, height: 800 },
    });
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, ADMIN);
    await page.goto(`${server.url}/album/${await albumId('Zd Two Sides')}/zd-band/zd-two-sides`);
    await page.getByRole('heading', { name: 'Zd Two Sides' }).waitFor();

    const first = page.getByRole('region', { name: 'Disc 1' });
    const second = page.getByRole('region', { name: 'Disc 2: Live' });
    await first.getByRole('heading', { level: 2, name: 'Disc 1' }).waitFor();
    await second.getByRole('heading', { level: 2, name: 'Disc 2: Live' }).waitFor();
    const titles = async (disc: typeof first) =>
      disc.getByTestId('track-row').evaluateAll((rows) => rows.map((row) => row.ariaLabel));
    expect(await titles(first)).toEqual(['Zd Side 1 Song 1', 'Zd Side 1 Song 2']);
    expect(await titles(second)).toEqual(['Zd Side 2 Song 1', 'Zd Side 2 Song 2']);
    // Numbered within the disc: the second disc starts again at 1.
    const numbers = await second
      .getByTestId('track-row')
      .evaluateAll((rows) => rows.map((row) => /^\s*(\d+)/.exec(row.textContent ?? '')?.[1]));
    expect(numbers).toEqual(['1', '2']);
    // The headings fit the phone's width (nothing scrolls sideways).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    await page.goto(`${server.url}/album/${await albumId('Zd One Side')}/zd-band/zd-one-side`);
    await page.getByRole('heading', { name: 'Zd One Side' }).waitFor();
    await expect.poll(() => page.getByTestId('track-row').count()).toBe(1);
    expect(await page.getByRole('heading', { name: /^Disc \d/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
