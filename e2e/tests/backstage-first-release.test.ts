import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryMp3, solidJpeg } from '../../server/test/helpers/library-audio.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

/*
 * Issue 36.1 and 36.1b, tried as a new artist would: a listener finds "Become an artist" in
 * the account menu, the admin sees the waiting request on the dashboard, the approved artist
 * finds Backstage in the same menu, uploads a file with embedded artwork, saves and publishes
 * the album with it, and another listener sees the cover. A save the server refuses says why.
 */

let server: TestServer;
let browser: Browser;
const files = mkdtempSync(join(tmpdir(), 'backbeat-first-release-'));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(files, { recursive: true, force: true });
});

async function account(email: string, name: string) {
  const password = 'long enough password';
  const id = await server.app.services.users.createUser({ email, password, name });
  return { id, email, password, name };
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menu').waitFor();
}

/** Whether the image showing `src` on the page has loaded (a broken one has no width). */
const loadedImage = (page: Page, src: string) =>
  page
    .locator(`img[src="${src}"]`)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe('a listener’s first release', () => {
  it('finds the way to backstage, and publishes an album with its embedded artwork that everyone sees', async () => {
    const user = await account('newcomer@backbeat.test', 'Nia Newcomer');
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, user);

    // 1b. The account menu leads a listener to the request.
    await page.goto(server.url);
    await openAccountMenu(page);
    expect(await page.getByRole('menuitem', { name: 'Backstage' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Become an artist' }).click();
    await page.getByLabel('Artist name').fill('Harbour Lights');
    await page.getByLabel('Your role').fill('Singer');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('heading', { name: 'Request submitted' }).waitFor();

    // The admin's dashboard counts it and leads to the queue.
    const admin = await newPage(browser);
    await acceptCookies(admin.context, server.url);
    await loginThroughApi(admin.context, server.url, ADMIN);
    await admin.page.goto(`${server.url}/admin`);
    await admin.page.getByRole('link', { name: '1 new artist request waits for review' }).click();
    await admin.page.getByRole('link', { name: 'Review Harbour Lights' }).click();
    await admin.page.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText('Request approved').waitFor();
    await admin.context.close();

    // The approved artist finds Backstage in the same menu.
    await page.goto(server.url);
    await openAccountMenu(page);
    expect(await page.getByRole('menuitem', { name: 'Become an artist' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Backstage' }).click();
    await page.waitForURL(/\/backstage\/upload$/);

    // 1. A file with its cover embedded, uploaded through the panel.
    const path = join(files, 'harbour.mp3');
    writeFileSync(
      path,
      await libraryMp3(
        { title: 'Low Tide', artist: 'Harbour Lights', album: 'Night Harbour', track: 1 },
        { seed: 361, seconds: 3, picture: await solidJpeg([200, 120, 40]) },
      ),
    );
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose files' }).click(),
    ]);
    await chooser.setFiles([path]);
    const group = page.getByRole('region', { name: 'Album Night Harbour' });
    await group.waitFor({ timeout: 30_000 });
    await group.getByRole('link', { name: 'Edit album' }).click();
    await page.getByRole('heading', { name: 'Edit "Night Harbour"' }).waitFor();

    // The editor shows the cover, and saves the address it filled in.
    const address = page.getByLabel('Image address');
    const image = await address.inputValue();
    expect(image).toMatch(/^\/storage\/public\/artwork\/[\w-]+\.webp$/);
    await expect.poll(() => loadedImage(page, image)).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Album saved').waitFor();

    // A refused save says why, in a toast, beside the field's own message.
    await address.fill('ftp://example.com/cover.jpg');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The image must be a web address or a path on this site.' })
      .waitFor();
    await address.fill(image);

    await page.getByRole('button', { name: 'Publish album' }).click();
    await page.getByText('Album published').waitFor();
    await context.close();

    // Another listener sees the cover on the album's page.
    const album = await server.app.services.database.db
      .selectFrom('albums')
      .select(['id', 'image'])
      .where('name', '=', 'Night Harbour')
      .executeTakeFirstOrThrow();
    expect(album.image).toBe(image);
    const listener = await account('listener36@backbeat.test', 'Lee Listener');
    const other = await newPage(browser);
    await acceptCookies(other.context, server.url);
    await loginThroughApi(other.context, server.url, listener);
    await other.page.goto(`${server.url}/album/${album.id}/harbour-lights/night-harbour`);
    await other.page.getByRole('heading', { name: 'Night Harbour' }).waitFor();
    await expect.poll(() => loadedImage(other.page, image)).toBe(true);
    await other.context.close();
  }, 90_000);
});
