import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan } from '@backbeat/common/billing/schemas';
import { startStripeStandIn, type StripeStandIn } from '../../server/test/helpers/stripe-server.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { startServer, type TestServer, setSettings } from '../src/server.ts';

let server: TestServer;
let browser: Browser;
let stripe: StripeStandIn;
let pro: AdminPlan;
let premium: AdminPlan;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  [server, browser] = await Promise.all([
    startServer({
      env: {
        STRIPE_SECRET_KEY: stripe.config.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.config.webhookSecret,
        STRIPE_API_BASE: stripe.config.apiBase,
      },
    }),
    launchBrowser(),
  ]);
  await setSettings(server, { 'billing.enable': true });
  const { plans } = server.app.services;
  const prices = (monthly: number, yearly: number) => [
    { amount: monthly, currency: 'USD', interval: 'month' as const, interval_count: 1 },
    { amount: yearly, currency: 'USD', interval: 'year' as const, interval_count: 1 },
  ];
  await plans.create({ name: 'Listener', free: true, feature_list: ['Radio'] });
  pro = await plans.create({
    name: 'Pro',
    recommended: true,
    feature_list: ['Unlimited listening', 'No ads'],
    prices: prices(1000, 10000),
  });
  premium = await plans.create({
    name: 'Premium',
    feature_list: ['Everything in Pro', 'Uploads'],
    prices: prices(2000, 16000),
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stripe?.close();
});

describe('billing in the browser', () => {
  it('a guest chooses a plan, registers, pays on Stripe, changes plan and cancels', async () => {
    const { page, context, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await page.goto(`${server.url}/pricing`);

    // Yearly first: Pro shows $100.00 / year and the best saving (Premium: 240 vs 160 = 50%).
    await page.getByRole('heading', { name: 'Choose the right plan for you' }).waitFor();
    await page.getByRole('radio', { name: 'Annual', checked: true }).waitFor();
    await page.getByText('Save up to 50%').waitFor();
    const proCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Pro', exact: true }) });
    await proCard.getByText('Most popular').waitFor();
    await proCard.getByText('$100.00').waitFor();
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await proCard.getByText('$10.00').waitFor();
    const freeCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Listener' }) });
    expect(await freeCard.getByRole('link').textContent()).toBe('Get started');
    await page
      .getByRole('heading', { name: 'Do you have any questions about our plans?' })
      .waitFor();

    await proCard.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL('**/register?redirectFrom=pricing');
    const email = `payer${Date.now()}@backbeat.test`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('long enough password');
    await page.getByLabel('Confirm password').fill('long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();

    // The monthly Pro price chosen before registering is the one checked out.
    await page.waitForURL(`**/checkout/${pro.id}/${pro.prices[0]!.id}`);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay with card' }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(`${server.url}/billing`);
    await expectPlan(page, 'Pro');
    await page.getByText(/^Next charge on /).waitFor();
    await page.getByRole('cell', { name: 'Paid' }).waitFor();

    // The billing entry of the account menu shows to a subscriber.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Billing' }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Change plan' }).click();
    await page.waitForURL('**/billing/change-plan');
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await page.getByRole('link', { name: 'Choose Premium' }).click();
    await page.waitForURL(`**/billing/change-plan/${premium.id}/${premium.prices[0]!.id}/confirm`);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${server.url}/billing`);
    await expectPlan(page, 'Premium');
    const atStripe = [...stripe.subscriptions.values()].at(-1)!;
    expect(atStripe.items.data[0]!.price.product).toBe(premium.stripe_id);

    await page.getByRole('link', { name: 'Cancel plan' }).click();
    await page.waitForURL('**/billing/cancel');
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.waitForURL(`${server.url}/billing`);
    await page.getByText(/^Your plan was cancelled and ends on /).waitFor();
    await page.getByRole('link', { name: 'Renew plan' }).waitFor();
    expect(atStripe.cancel_at_period_end).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends an unsubscribed user on a guarded route to /pricing', async () => {
    const email = `unsubscribed${Date.now()}@backbeat.test`;
    const password = 'long enough password';
    await server.app.services.users.createUser({ email, password, name: 'No Plan' });
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, { email, password });
    await page.goto(`${server.url}/billing`);
    await page.waitForURL(`${server.url}/pricing`);
    const proCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Pro', exact: true }) });
    // Signed in and not subscribed: the button leads straight to checkout.
    expect(await proCard.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      `/checkout/${pro.id}/${pro.prices[1]!.id}`,
    );
    await context.close();
  });

  it('a plan priced so its saving is out of range hides only its own saving', async () => {
    // 12 × $10 against $10 a year: 1,100%, outside 1-200; Pro saves 20%, Premium 50%.
    const mistyped = await server.app.services.plans.create({
      name: 'Studio',
      prices: [
        { amount: 1000, currency: 'USD', interval: 'month', interval_count: 1 },
        { amount: 1000, currency: 'USD', interval: 'year', interval_count: 1 },
      ],
    });
    const { page, context } = await newPage(browser);
    try {
      await acceptCookies(context, server.url);
      await page.goto(`${server.url}/pricing`);
      const card = (name: string) =>
        page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name, exact: true }) });
      await card('Studio').getByText('$10.00').waitFor();
      await page.getByText('Save up to 50%').waitFor();
      await card('Pro').getByText('Save 20% with annual billing').waitFor();
      await card('Premium').getByText('Save 50% with annual billing').waitFor();
      expect(await card('Studio').getByText(/^Save/).count()).toBe(0);
      // Monthly prices show no yearly saving on the cards; the switch still tells it.
      await page.getByRole('radio', { name: 'Monthly' }).click();
      await card('Pro').getByText('$10.00').waitFor();
      expect(
        await card('Pro')
          .getByText(/with annual billing/)
          .count(),
      ).toBe(0);
      await page.getByText('Save up to 50%').waitFor();
    } finally {
      await context.close();
      await server.app.services.plans.deleteMany([mistyped.id]);
    }
  });
});

async function expectPlan(page: Page, name: string) {
  await page.getByTestId('current-plan-name').filter({ hasText: name }).waitFor();
}
