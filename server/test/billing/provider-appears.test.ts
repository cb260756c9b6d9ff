import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { startInstanceProcess, type InstanceProcess } from '../helpers/instance.ts';
import { startPaypalStandIn, type PaypalStandIn } from '../helpers/paypal-server.ts';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-server.ts';
import { PRO_PLAN } from './setup.ts';

/*
 * Issue 36.2: a paid plan saved before a payment provider's keys were set stayed unknown to
 * that provider until an admin saved it again, so nobody could buy it there. A start with the
 * provider configured pushes it; checkout pushes what is still missing.
 */

let stripe: StripeStandIn;
let paypal: PaypalStandIn;
let t: TestApp;
let instance: InstanceProcess | undefined;

beforeAll(async () => {
  [stripe, paypal] = await Promise.all([startStripeStandIn(), startPaypalStandIn()]);
  // Started without any provider, as a site whose admin set the keys later.
  t = await createTestApp({ overrides: { billing: { stripe: null, paypal: null } } });
  await t.app.services.settings.set({ 'billing.enable': true });
}, 60_000);
afterAll(async () => {
  await instance?.kill();
  await t?.close();
  await Promise.all([stripe?.close(), paypal?.close()]);
});

/** The provider ids of a plan's prices (admins do not see them). */
const priceIds = (app: TestApp, productId: number) =>
  app.database.db
    .selectFrom('billing_prices')
    .select(['stripe_id', 'paypal_id'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();

describe('plans meet a payment provider configured after they were saved', () => {
  it('a start with the Stripe keys set pushes the plan and its prices to Stripe', async () => {
    const plan = await t.app.services.plans.create(PRO_PLAN);
    expect(plan.stripe_id).toBeNull();
    expect(stripe.products.size).toBe(0);

    instance = await startInstanceProcess({
      ...t.config,
      billing: { stripe: stripe.config, paypal: null },
    });
    await expect
      .poll(async () => (await t.app.services.plans.found(plan.id)).stripe_id, {
        timeout: 30_000,
      })
      .not.toBeNull();
    await expect
      .poll(async () => (await priceIds(t, plan.id)).every((row) => row.stripe_id), {
        timeout: 30_000,
      })
      .toBe(true);
    const synced = await t.app.services.plans.found(plan.id);
    expect(stripe.products.get(synced.stripe_id!)).toMatchObject({ name: 'Pro' });
    const amounts = (await priceIds(t, plan.id)).map(
      (row) => stripe.prices.get(row.stripe_id!)?.unit_amount,
    );
    expect(amounts).toEqual(PRO_PLAN.prices.map((price) => price.amount));
    await instance.kill();
    instance = undefined;
  }, 120_000);

  it('checkout with PayPal, added after Stripe, pushes the plan to PayPal first', async () => {
    const both = await createTestApp({
      overrides: { billing: { stripe: stripe.config, paypal: paypal.config } },
    });
    try {
      await both.app.services.settings.set({ 'billing.enable': true });
      const created = await both.app.services.plans.create(PRO_PLAN);
      // As saved while only Stripe was configured: PayPal knows nothing of it.
      const { db } = both.database;
      await db.updateTable('billing_products').set({ paypal_id: null }).execute();
      await db.updateTable('billing_prices').set({ paypal_id: null }).execute();
      const plan = await both.app.services.plans.found(created.id);
      expect(plan.stripe_id).not.toBeNull();
      expect(plan.paypal_id).toBeNull();

      const user = await createUser(both.app);
      const browser = await guestBrowser(both.app);
      await browser.login(user.email, user.password);
      const started = await browser.post('/api/v1/billing/checkout', {
        product_id: plan.id,
        price_id: plan.prices[0]!.id,
        gateway: 'paypal',
      });
      expect(started.statusCode, started.body).toBe(200);
      const synced = await both.app.services.plans.found(plan.id);
      expect(synced.paypal_id).not.toBeNull();
      const [price] = await priceIds(both, plan.id);
      expect(price!.paypal_id).not.toBeNull();
    } finally {
      await both.close();
    }
  }, 60_000);
});
