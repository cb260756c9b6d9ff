import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { startServer, type TestServer } from '../src/server.ts';

let server: TestServer;
let browser: Browser;
const GERMAN_ADMIN = { email: 'zahlen@backbeat.test', password: 'a long enough password' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const { db } = server.app.services.database;
  const at = new Date().toISOString();
  await db
    .insertInto('localizations')
    .values({ language: 'de', name: 'Deutsch', lines: '{}', created_at: at, updated_at: at })
    .execute();
  const id = await server.app.services.users.createUser({ ...GERMAN_ADMIN, roleNames: ['admin'] });
  await server.app.services.users.setLanguage(id, 'de');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('numbers in admin forms (spec §5, issue 36.10)', () => {
  it('takes a price the way German writes it, and refuses what is no number', async () => {
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, GERMAN_ADMIN);
    await page.goto(`${server.url}/admin/plans/new`);
    await page.getByLabel('Name').fill('Zq Komma');
    await page.getByRole('button', { name: 'Add price' }).click();
    const amount = page.getByLabel('Amount');
    // Typed key by key: the "e" a number input lets through is refused, the comma is decimal.
    await amount.pressSequentially('9e,99');
    expect(await amount.inputValue()).toBe('9,99');
    const position = page.getByLabel('Position');
    await position.fill('');
    await position.pressSequentially('x3');
    expect(await position.inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${server.url}/admin/plans`);

    const { db } = server.app.services.database;
    const plan = await db
      .selectFrom('billing_products')
      .select(['id', 'position'])
      .where('name', '=', 'Zq Komma')
      .executeTakeFirstOrThrow();
    expect(plan.position).toBe(3);
    const prices = await db
      .selectFrom('billing_prices')
      .select(['amount', 'currency'])
      .where('product_id', '=', plan.id)
      .execute();
    expect(prices).toEqual([{ amount: 999, currency: 'USD' }]);
    await context.close();
  });
});
