import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryMp3, placeFile } from '../../server/test/helpers/library-audio.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

/*
 * Who sees what (issue 18): an admin restricts a library folder on the admin screen, and a
 * listener who was not chosen no longer finds its album, and finds it again once chosen.
 */

let server: TestServer;
let browser: Browser;
const folder = mkdtempSync(join(tmpdir(), 'backbeat-e2e-access-'));
const LISTENER = { email: 'ada-listener@backbeat.test', password: 'listener password 1' };
const ALBUM = 'Zr Hidden Garden';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await placeFile(
    folder,
    'Zr Moss Quartet/01.mp3',
    await libraryMp3(
      { artist: 'Zr Moss Quartet', album: ALBUM, title: 'Zr Fern Light', track: 1 },
      { seed: 31, seconds: 4 },
    ),
  );
  const { libraryFolders, jobs, users } = server.app.services;
  await libraryFolders.add({ path: folder, name: 'Zr Private Shelf' });
  await jobs.idle();
  await users.createUser({ ...LISTENER, name: 'Ada Listener' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('per-library access', () => {
  it('an admin restricts a folder; a listener no longer finds its album until chosen', async () => {
    const listener = await newPage(browser);
    await acceptCookies(listener.context, server.url);
    await loginThroughApi(listener.context, server.url, LISTENER);
    const albumLink = listener.page.getByRole('main').getByRole('link', { name: ALBUM });
    await listener.page.goto(`${server.url}/search/${encodeURIComponent(ALBUM)}`);
    await albumLink.first().waitFor();

    const admin = await newPage(browser);
    await acceptCookies(admin.context, server.url);
    await loginThroughApi(admin.context, server.url, ADMIN);
    await admin.page.goto(`${server.url}/admin/library-folders`);
    const card = admin.page.getByRole('article').filter({ hasText: 'Zr Private Shelf' });
    await card.getByText('Everyone sees its music').waitFor();
    await card.getByRole('button', { name: 'Change access' }).click();
    await card.getByLabel('Only chosen users and roles').check();
    await card.getByRole('button', { name: 'Save access' }).click();
    await card.getByText('Only music admins see its music').waitFor();
    expect(admin.errors).toEqual([]);

    await listener.page.goto(`${server.url}/search/${encodeURIComponent(ALBUM)}`);
    await listener.page.getByText(`No results for “${ALBUM}”`).waitFor();
    expect(await albumLink.count()).toBe(0);

    // Chosen by name: the listener finds the album again.
    await card.getByRole('button', { name: 'Change access' }).click();
    await card.getByLabel('Find a user').fill('Ada List');
    await card.getByRole('button', { name: 'Add Ada Listener' }).click();
    await card.getByRole('list', { name: 'Chosen users' }).getByText('Ada Listener').waitFor();
    await card.getByRole('button', { name: 'Save access' }).click();
    await card.getByText('Only Ada Listener see its music').waitFor();
    await listener.page.reload();
    await albumLink.first().waitFor();
    expect(listener.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    await listener.context.close();
  }, 120_000);
});
