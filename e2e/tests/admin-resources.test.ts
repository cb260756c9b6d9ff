import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const genres: [string, number][] = [
    ['Zz Alpha', 1],
    ['Zz Beta', 3],
    ['Zz Gamma', 2],
    ['Other Noise', 9],
  ];
  for (const [name, popularity] of genres) {
    await server.app.services.catalogWrites.insertGenre({
      name: name.toLowerCase(),
      display_name: name,
      image: null,
      popularity,
      created_at: new Date().toISOString(),
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The display names in the genre table, top to bottom. */
const shownNames = (page: Page) =>
  page
    .locator('tbody tr td:nth-child(2)')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));

/** Waits until the table shows exactly these names, in this order. */
async function expectNames(page: Page, names: string[]) {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify(
        Array.from(document.querySelectorAll('tbody tr td:nth-child(2)')).map((cell) =>
          cell.textContent?.trim(),
        ),
      ) === JSON.stringify(expected),
    names,
  );
  expect(await shownNames(page)).toEqual(names);
}

describe('admin genres', () => {
  it('an admin lists, filters, sorts, creates, edits and bulk-deletes genres', async () => {
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, ADMIN);
    await page.goto(`${server.url}/admin/genres`);
    await page.getByRole('heading', { name: 'Genres' }).waitFor();
    // Most popular first until a column is chosen.
    await expectNames(page, ['Other Noise', 'Zz Beta', 'Zz Gamma', 'Zz Alpha']);

    await page.getByLabel('Search genres').fill('zz');
    await expectNames(page, ['Zz Beta', 'Zz Gamma', 'Zz Alpha']);
    await page.getByLabel('Image').selectOption('yes');
    await page.getByText('No genres match.').waitFor();
    await page.getByLabel('Image').selectOption('');

    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expectNames(page, ['Zz Alpha', 'Zz Beta', 'Zz Gamma']);
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expectNames(page, ['Zz Gamma', 'Zz Beta', 'Zz Alpha']);
    expect(page.url()).toContain('sort=display_name');

    // Create: a taken name is refused on its field, which takes focus.
    await page.getByRole('link', { name: 'New genre' }).click();
    await page.getByRole('heading', { name: 'New genre' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('ZZ ALPHA');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The name has already been taken.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.getByLabel('Name', { exact: true }).fill('Zz Delta');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Genres' }).waitFor();
    await expectNames(page, ['Zz Gamma', 'Zz Delta', 'Zz Beta', 'Zz Alpha']);

    // Edit.
    await page.getByRole('link', { name: 'Edit Zz Delta' }).click();
    await page.getByRole('heading', { name: 'Edit "Zz Delta"' }).waitFor();
    await page.getByLabel('Display name').fill('Zz Delta Blues');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectNames(page, ['Zz Gamma', 'Zz Delta Blues', 'Zz Beta', 'Zz Alpha']);

    // Bulk delete two, after confirming.
    await page.getByRole('checkbox', { name: 'Select Zz Alpha' }).check();
    await page.getByRole('checkbox', { name: 'Select Zz Beta' }).check();
    await page.getByRole('button', { name: 'Delete 2 selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Zz Beta, Zz Alpha').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectNames(page, ['Zz Gamma', 'Zz Delta Blues']);
    const left = await server.app.services.catalog.genre('zz alpha');
    expect(left).toBeNull();
    // The one refused save (the taken name) is the only failed request.
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });

  it('sends a listener who opens the admin screen to the not-found page', async () => {
    const email = 'listener-admin-e2e@backbeat.test';
    const password = 'long enough password';
    await server.app.services.users.createUser({ email, password, name: 'Listener' });
    const { context, page } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, { email, password });
    await page.goto(`${server.url}/admin/genres`);
    await page.waitForURL(/\/404$/);
    expect(await page.getByRole('heading', { name: 'Genres' }).count()).toBe(0);
    await context.close();
  });
});
