import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan } from '@backbeat/common/billing/schemas';
import { signedInUser } from '../helpers/accounts.ts';
import {
  PRO_PLAN,
  canPlay,
  createPlan,
  myBilling,
  paypalWebhook,
  startBillingWorld,
  stripeWebhook,
  subscribeWithStripe,
  type BillingWorld,
} from './setup.ts';

let world: BillingWorld;
let pro: AdminPlan;
beforeAll(async () => {
  world = await startBillingWorld();
  pro = await createPlan(world.admin, PRO_PLAN);
});
afterAll(() => world.close());

const listener = () => signedInUser(world.app, { roleNames: ['browsers'] });

/** A user who paid on Stripe but never came back to /stripe/done: only webhooks tell us. */
async function paidWithoutReturning() {
  const account = await listener();
  const started = await account.browser.post('/api/v1/billing/checkout', {
    product_id: pro.id,
    price_id: pro.prices[0]!.id,
    gateway: 'stripe',
  });
  const sessionId = new URL((started.json() as { url: string }).url).pathname.split('/').pop()!;
  const { subscription, invoice } = world.stripe.pay(sessionId);
  return {
    ...account,
    session: world.stripe.sessions.get(sessionId)!,
    subscription: subscription!,
    invoice: invoice!,
  };
}

describe('Stripe webhooks', () => {
  it('refuses a forged signature, a wrong secret and a stale timestamp with 400', async () => {
    const { session } = await paidWithoutReturning();
    const genuine = world.stripe.signedEvent('checkout.session.completed', session);
    const forged = {
      payload: genuine.payload.replace('complete', 'c0mplete'),
      signature: genuine.signature,
    };
    expect((await stripeWebhook(world, forged)).statusCode).toBe(400);
    const wrongSecret = world.stripe.signedEvent('checkout.session.completed', session, {
      secret: 'whsec_not_ours',
    });
    expect((await stripeWebhook(world, wrongSecret)).statusCode).toBe(400);
    const stale = world.stripe.signedEvent('checkout.session.completed', session, {
      secondsAgo: 301,
    });
    expect((await stripeWebhook(world, stale)).statusCode).toBe(400);
    const noSignature = await world.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: genuine.payload,
    });
    expect(noSignature.statusCode).toBe(400);
    const withinTolerance = world.stripe.signedEvent('checkout.session.completed', session, {
      secondsAgo: 290,
    });
    expect((await stripeWebhook(world, withinTolerance)).statusCode).toBe(200);
  });

  it('checkout.session.completed subscribes the buyer who never came back', async () => {
    const { browser, session } = await paidWithoutReturning();
    expect(await canPlay(browser)).toBe(false);
    const response = await stripeWebhook(
      world,
      world.stripe.signedEvent('checkout.session.completed', session),
    );
    expect(response.json()).toEqual({ received: true, outcome: 'handled' });
    expect(await canPlay(browser)).toBe(true);
  });

  it('processes a replayed event once', async () => {
    const { browser, subscription, session } = await paidWithoutReturning();
    await stripeWebhook(world, world.stripe.signedEvent('checkout.session.completed', session));
    const renewal = world.stripe.invoice(subscription.id, true);
    const event = world.stripe.signedEvent('invoice.paid', renewal);
    expect((await stripeWebhook(world, event)).json()).toMatchObject({ outcome: 'handled' });
    expect((await stripeWebhook(world, event)).json()).toMatchObject({ outcome: 'duplicate' });
    const { invoices } = await myBilling(browser);
    expect(invoices.filter((invoice) => invoice.status === 'paid')).toHaveLength(1);
  });

  it('customer.subscription.updated and deleted follow Stripe, whatever order they arrive in', async () => {
    const { browser, subscription, session } = await paidWithoutReturning();
    await stripeWebhook(world, world.stripe.signedEvent('checkout.session.completed', session));
    const activeCopy = structuredClone(subscription);
    // Stripe ends it; the "deleted" event comes first, a stale "updated" (still active) after.
    subscription.status = 'canceled';
    subscription.ended_at = Math.floor(Date.now() / 1000);
    const deleted = await stripeWebhook(
      world,
      world.stripe.signedEvent('customer.subscription.deleted', subscription),
    );
    expect(deleted.statusCode).toBe(200);
    expect((await myBilling(browser)).subscription).toMatchObject({
      status: 'canceled',
      valid: false,
    });
    await stripeWebhook(
      world,
      world.stripe.signedEvent('customer.subscription.updated', activeCopy),
    );
    expect((await myBilling(browser)).subscription).toMatchObject({
      status: 'canceled',
      valid: false,
    });
    expect(await canPlay(browser)).toBe(false);
  });

  it('customer.subscription.paused stops playback and resumed brings it back', async () => {
    const { browser } = await listener();
    const local = await subscribeWithStripe(world, browser, pro);
    expect(await canPlay(browser)).toBe(true);
    const atStripe = world.stripe.subscriptions.get(local.gateway_id!)!;
    atStripe.status = 'paused';
    const paused = await stripeWebhook(
      world,
      world.stripe.signedEvent('customer.subscription.paused', atStripe),
    );
    expect(paused.statusCode).toBe(200);
    expect((await myBilling(browser)).subscription).toMatchObject({
      status: 'suspended',
      valid: false,
    });
    expect(await canPlay(browser)).toBe(false);

    atStripe.status = 'active';
    await stripeWebhook(world, world.stripe.signedEvent('customer.subscription.resumed', atStripe));
    expect((await myBilling(browser)).subscription).toMatchObject({
      status: 'active',
      valid: true,
    });
    expect(await canPlay(browser)).toBe(true);
  });

  it('customer.subscription.updated records a cancellation at period end made at Stripe', async () => {
    const { browser } = await listener();
    const local = await subscribeWithStripe(world, browser, pro);
    const atStripe = world.stripe.subscriptions.get(local.gateway_id!)!;
    atStripe.cancel_at_period_end = true;
    await stripeWebhook(world, world.stripe.signedEvent('customer.subscription.updated', atStripe));
    expect((await myBilling(browser)).subscription).toMatchObject({
      cancel_at_period_end: true,
      valid: true,
      ends_at: local.renews_at,
    });
  });

  it('a failed payment keeps the plan for the grace period, then downgrades; a payment restores it', async () => {
    const { browser } = await listener();
    const local = await subscribeWithStripe(world, browser, pro);
    const atStripe = world.stripe.subscriptions.get(local.gateway_id!)!;
    atStripe.status = 'past_due';
    const failed = world.stripe.invoice(atStripe.id, false);
    await stripeWebhook(world, world.stripe.signedEvent('invoice.payment_failed', failed));
    const pastDue = (await myBilling(browser)).subscription!;
    expect(pastDue).toMatchObject({ status: 'past_due', valid: true });
    const graceDays = (Date.parse(pastDue.grace_ends_at!) - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(6.9);
    expect(await canPlay(browser)).toBe(true);
    // The grace period runs out.
    await world.testApp.database.db
      .updateTable('billing_subscriptions')
      .set({ grace_ends_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', pastDue.id)
      .execute();
    world.app.services.users.forgetGrants(pastDue.user_id);
    expect((await myBilling(browser)).subscription).toMatchObject({ valid: false });
    expect(await canPlay(browser)).toBe(false);
    // The card is updated and the retry succeeds.
    atStripe.status = 'active';
    const paid = { ...failed, status: 'paid', amount_paid: failed.amount_due };
    await stripeWebhook(world, world.stripe.signedEvent('invoice.paid', paid));
    expect((await myBilling(browser)).subscription).toMatchObject({
      status: 'active',
      valid: true,
      grace_ends_at: null,
    });
    expect(await canPlay(browser)).toBe(true);
    // The failed invoice is the one paid now: two paid invoices, none failed.
    expect((await myBilling(browser)).invoices.map((invoice) => invoice.status)).toEqual([
      'paid',
      'paid',
    ]);
  });

  it('customer.subscription.created alone subscribes the user Stripe names in its metadata', async () => {
    const { browser, subscription } = await paidWithoutReturning();
    const created = await stripeWebhook(
      world,
      world.stripe.signedEvent('customer.subscription.created', subscription),
    );
    expect(created.json()).toMatchObject({ outcome: 'handled' });
    expect((await myBilling(browser)).subscription).toMatchObject({
      plan_name: 'Pro',
      valid: true,
    });
    // invoice.payment_succeeded records the payment like invoice.paid.
    const renewal = world.stripe.invoice(subscription.id, true);
    await stripeWebhook(world, world.stripe.signedEvent('invoice.payment_succeeded', renewal));
    expect((await myBilling(browser)).invoices).toEqual([
      expect.objectContaining({ status: 'paid', amount: 999 }),
    ]);
  });

  it('acknowledges events it has no use for', async () => {
    const response = await stripeWebhook(
      world,
      world.stripe.signedEvent('customer.created', { id: 'cus_1', object: 'customer' }),
    );
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('PayPal webhooks', () => {
  async function paypalSubscriber() {
    const account = await listener();
    const started = await account.browser.post('/api/v1/billing/checkout', {
      product_id: pro.id,
      price_id: pro.prices[0]!.id,
      gateway: 'paypal',
    });
    const id = new URL((started.json() as { url: string }).url).pathname.split('/').pop()!;
    return { ...account, id, subscription: world.paypal.subscriptions.get(id)! };
  }

  it('refuses an event PayPal does not verify with 400', async () => {
    const { subscription } = await paypalSubscriber();
    const forged = world.paypal.signedEvent('BILLING.SUBSCRIPTION.ACTIVATED', subscription, {
      forge: true,
    });
    expect((await paypalWebhook(world, forged)).statusCode).toBe(400);
    const unsigned = await world.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhooks/paypal',
      headers: { 'content-type': 'application/json' },
      payload: forged.payload,
    });
    expect(unsigned.statusCode).toBe(400);
  });

  it('activation, a payment, a failed payment and the cancellation follow PayPal', async () => {
    const { browser, id, subscription } = await paypalSubscriber();
    world.paypal.approve(id);
    await paypalWebhook(
      world,
      world.paypal.signedEvent('BILLING.SUBSCRIPTION.ACTIVATED', subscription),
    );
    expect(await canPlay(browser)).toBe(true);

    const sale = {
      id: 'SALE-1',
      billing_agreement_id: id,
      amount: { total: '9.99', currency: 'USD' },
    };
    const payment = world.paypal.signedEvent('PAYMENT.SALE.COMPLETED', sale);
    expect((await paypalWebhook(world, payment)).json()).toMatchObject({ outcome: 'handled' });
    expect((await paypalWebhook(world, payment)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await myBilling(browser)).invoices).toEqual([
      expect.objectContaining({ status: 'paid', amount: 999 }),
    ]);

    subscription.billing_info.failed_payments_count = 1;
    await paypalWebhook(
      world,
      world.paypal.signedEvent('BILLING.SUBSCRIPTION.PAYMENT.FAILED', subscription),
    );
    expect((await myBilling(browser)).subscription).toMatchObject({
      status: 'past_due',
      valid: true,
    });

    subscription.status = 'CANCELLED';
    await paypalWebhook(
      world,
      world.paypal.signedEvent('BILLING.SUBSCRIPTION.CANCELLED', subscription),
    );
    expect((await myBilling(browser)).subscription).toMatchObject({
      status: 'canceled',
      valid: false,
    });
    // A late "activated" delivery does not bring it back: PayPal is read again.
    await paypalWebhook(
      world,
      world.paypal.signedEvent('BILLING.SUBSCRIPTION.ACTIVATED', {
        ...subscription,
        status: 'ACTIVE',
      }),
    );
    expect((await myBilling(browser)).subscription).toMatchObject({ status: 'canceled' });
    expect(await canPlay(browser)).toBe(false);
  });

  it('a suspension (payments stopped) and an expiry end the plan', async () => {
    const { browser, id, subscription } = await paypalSubscriber();
    world.paypal.approve(id);
    await browser.post('/api/v1/billing/paypal/done', { subscription_id: id });
    expect(await canPlay(browser)).toBe(true);
    subscription.status = 'SUSPENDED';
    await paypalWebhook(
      world,
      world.paypal.signedEvent('BILLING.SUBSCRIPTION.SUSPENDED', subscription),
    );
    expect((await myBilling(browser)).subscription).toMatchObject({
      status: 'suspended',
      valid: false,
    });
    subscription.status = 'EXPIRED';
    await paypalWebhook(
      world,
      world.paypal.signedEvent('BILLING.SUBSCRIPTION.EXPIRED', subscription),
    );
    expect((await myBilling(browser)).subscription).toMatchObject({
      status: 'canceled',
      valid: false,
    });
    expect(await canPlay(browser)).toBe(false);
  });
});
