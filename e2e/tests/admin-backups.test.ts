import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

/*
 * Backups and operations in the admin area (issues 39.3, 39.5): an admin finds the screen in
 * the Site menu, sees that none was made, makes one with the uploaded files, finds it listed,
 * and finds it on the operations page beside the state of each part of the site.
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('admin backups', () => {
  it('an admin makes a backup with the files and sees it listed', async () => {
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, ADMIN);
    await page.goto(`${server.url}/admin/settings`);
    await page.getByRole('link', { name: 'Backups' }).click();
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    await page.getByText('No backup has been made yet.').waitFor();

    await page.getByLabel('Include the uploaded files').check();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText(/Backup made in .*backups/).waitFor();

    const made = page.getByRole('list', { name: 'Backups made' }).getByRole('listitem');
    await made.first().waitFor();
    expect(await made.count()).toBe(1);
    const row = (await made.first().innerText()).replace(/\s+/g, ' ');
    expect(row).toContain('SQLite');
    expect(row).toMatch(/Database \d/);
    expect(row).toMatch(/\d+ files \(/);
    expect(row).toContain('App key');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the operations page shows each part of the site and the backup just made', async () => {
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, ADMIN);
    await page.goto(`${server.url}/admin/backups`);
    await page.getByRole('link', { name: 'Operations' }).click();
    await page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
    const parts = page.getByRole('list', { name: 'Parts of the site' });
    const card = (title: string) =>
      parts.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });
    await card('Database').waitFor();
    expect(await card('Database').innerText()).toContain('SQLite');
    expect(await card('Database').innerText()).not.toContain('Needs attention');
    expect(await card('Audio decoder (ffmpeg)').innerText()).toContain('ffmpeg version');
    expect(await card('Email').innerText()).toContain('outgoing-email log');
    expect(await card('Last backup').locator('time').count()).toBe(1);
    expect(await card('Metrics').innerText()).toContain('Set METRICS_TOKEN');
    await card('Last backup').getByRole('link', { name: 'Backups' }).click();
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
