import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan } from '@backbeat/common/billing/schemas';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer, setSettings } from '../src/server.ts';

/*
 * Issue 36.2: billing switched on with no payment provider led into a dead end ("Upgrade",
 * then "Payments are not available right now."), and nothing linked to /pricing. The admin
 * is told which providers are set up and warned; the plans are in the menus and never offer a
 * checkout that cannot work.
 */

let server: TestServer;
let browser: Browser;
let pro: AdminPlan;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const { plans } = server.app.services;
  await plans.create({ name: 'Listener', free: true, feature_list: ['Radio'] });
  pro = await plans.create({
    name: 'Pro',
    feature_list: ['Unlimited listening'],
    prices: [{ amount: 1000, currency: 'USD', interval: 'month', interval_count: 1 }],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('billing on a site without a payment provider', () => {
  it('the admin sees no provider configured and is warned on switching subscriptions on', async () => {
    const { page, context, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, ADMIN);
    await page.goto(`${server.url}/admin/settings/subscriptions`);
    for (const provider of ['Stripe', 'PayPal']) {
      const fact = page
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${provider}$`) }) });
      await fact.getByText('Not configured', { exact: false }).waitFor();
    }
    await page.getByText('STRIPE_SECRET_KEY', { exact: false }).waitFor();
    const warning = page
      .getByRole('alert')
      .filter({ hasText: 'No payment provider is configured.' });
    expect(await warning.count()).toBe(0);
    await page.getByRole('switch', { name: 'Enable subscriptions' }).check();
    // Before saving: the admin knows what switching it on means.
    await warning.waitFor();
    await page.getByRole('switch', { name: 'Enable subscriptions' }).uncheck();
    await warning.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a listener finds the plans in the menus; paid ones say they cannot be bought yet', async () => {
    await setSettings(server, { 'billing.enable': true });
    try {
      const email = `no-provider${Date.now()}@backbeat.test`;
      const password = 'long enough password';
      await server.app.services.users.createUser({ email, password, name: 'Curious' });
      const { page, context, errors } = await newPage(browser);
      await acceptCookies(context, server.url);
      await loginThroughApi(context, server.url, { email, password });
      await page.goto(`${server.url}/`);
      // The footer sits inside <main>, so it is no contentinfo landmark.
      await page.locator('footer').getByRole('link', { name: 'Plans' }).waitFor();
      await page
        .getByRole('navigation', { name: 'Primary' })
        .getByRole('link', { name: 'Plans' })
        .click();
      await page.waitForURL(`${server.url}/pricing`);
      await page
        .getByRole('status')
        .filter({ hasText: 'Paid plans cannot be bought yet' })
        .waitFor();
      const card = (name: string) =>
        page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name, exact: true }) });
      await card('Pro').getByText('$10.00').waitFor();
      expect(await card('Pro').getByRole('link').count()).toBe(0);
      expect(await card('Listener').getByRole('link').textContent()).toBe('Get started');

      // A checkout address kept from before still leads somewhere.
      await page.goto(`${server.url}/checkout/${pro.id}/${pro.prices[0]!.id}`);
      await page
        .getByText('This site does not take payments at the moment', { exact: false })
        .waitFor();
      expect(await page.getByRole('button', { name: /Pay with/ }).count()).toBe(0);
      await page.getByRole('link', { name: 'Back to plans' }).click();
      await page.waitForURL(`${server.url}/pricing`);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await setSettings(server, { 'billing.enable': false });
    }
  });
});
