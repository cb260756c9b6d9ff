import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan, Subscription } from '@backbeat/common/billing/schemas';
import type { BootstrapData } from '@backbeat/common';
import { signedInUser } from '../helpers/accounts.ts';
import {
  PRO_PLAN,
  canPlay,
  createPlan,
  myBilling,
  startBillingWorld,
  subscribeWithStripe,
  type BillingWorld,
} from './setup.ts';

let world: BillingWorld;
let pro: AdminPlan;
let premium: AdminPlan;
beforeAll(async () => {
  world = await startBillingWorld();
  pro = await createPlan(world.admin, PRO_PLAN);
  premium = await createPlan(world.admin, { ...PRO_PLAN, name: 'Premium', recommended: false });
});
afterAll(() => world.close());

const listener = () => signedInUser(world.app, { roleNames: ['browsers'] });

describe('checkout with Stripe', () => {
  it('subscribes after paying on Stripe, and the plan grants playing without ads', async () => {
    const { browser } = await listener();
    expect(await canPlay(browser)).toBe(false);
    const subscription = await subscribeWithStripe(world, browser, pro, 1);
    expect(subscription).toMatchObject({
      plan_name: 'Pro',
      gateway: 'stripe',
      status: 'active',
      valid: true,
      cancel_at_period_end: false,
      price: { amount: 9900, interval: 'year' },
    });
    expect(subscription.renews_at).not.toBeNull();
    expect(await canPlay(browser)).toBe(true);
    const permissions = (await browser.get('/api/v1/subscription/permissions')).json() as {
      permissions: Record<string, unknown>;
    };
    expect(permissions.permissions).toMatchObject({
      current_plan: 'Pro',
      ads_enabled: false,
      has_subscription: true,
    });
    const bootstrap = (await browser.get('/api/v1/bootstrap-data')).json() as {
      bootstrapData: BootstrapData;
    };
    expect(bootstrap.bootstrapData.user?.subscriptions).toEqual([
      { id: subscription.id, valid: true, active: true },
    ]);
    const billing = await myBilling(browser);
    expect(billing.invoices).toEqual([expect.objectContaining({ status: 'paid', amount: 9900 })]);
  });

  it('sends Stripe the price, the user and the return pages', async () => {
    const { browser, id } = await listener();
    const response = await browser.post('/api/v1/billing/checkout', {
      product_id: pro.id,
      price_id: pro.prices[0]!.id,
      gateway: 'stripe',
    });
    const url = new URL((response.json() as { url: string }).url);
    const session = world.stripe.sessions.get(url.pathname.split('/').pop()!)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(id),
      success_url: expect.stringContaining(
        `/checkout/${pro.id}/${pro.prices[0]!.id}/stripe/done?session_id={CHECKOUT_SESSION_ID}`,
      ),
    });
  });

  it('does not record a session that is not paid yet, nor someone else’s', async () => {
    const { browser } = await listener();
    const started = await browser.post('/api/v1/billing/checkout', {
      product_id: pro.id,
      price_id: pro.prices[0]!.id,
      gateway: 'stripe',
    });
    const sessionId = new URL((started.json() as { url: string }).url).pathname.split('/').pop()!;
    expect(
      (await browser.post('/api/v1/billing/stripe/done', { session_id: sessionId })).statusCode,
    ).toBe(409);
    world.stripe.pay(sessionId);
    const other = await listener();
    expect(
      (await other.browser.post('/api/v1/billing/stripe/done', { session_id: sessionId }))
        .statusCode,
    ).toBe(404);
    expect(await canPlay(other.browser)).toBe(false);
  });

  it('refuses a second checkout while subscribed, a wrong price, and a free plan', async () => {
    const { browser } = await listener();
    await subscribeWithStripe(world, browser, pro);
    const again = await browser.post('/api/v1/billing/checkout', {
      product_id: pro.id,
      price_id: pro.prices[0]!.id,
      gateway: 'stripe',
    });
    expect(again.statusCode).toBe(409);
    const other = await listener();
    const mismatched = await other.browser.post('/api/v1/billing/checkout', {
      product_id: pro.id,
      price_id: premium.prices[0]!.id,
      gateway: 'stripe',
    });
    expect(mismatched.statusCode).toBe(422);
    const free = await createPlan(world.admin, { name: 'Free tier', free: true });
    const freeCheckout = await other.browser.post('/api/v1/billing/checkout', {
      product_id: free.id,
      price_id: 1,
      gateway: 'stripe',
    });
    expect(freeCheckout.statusCode).toBe(422);
  });
});

describe('checkout with PayPal', () => {
  it('subscribes once the buyer approves on PayPal', async () => {
    const { browser } = await listener();
    const started = await browser.post('/api/v1/billing/checkout', {
      product_id: pro.id,
      price_id: pro.prices[0]!.id,
      gateway: 'paypal',
    });
    expect(started.statusCode).toBe(200);
    const approve = new URL((started.json() as { url: string }).url);
    const id = approve.pathname.split('/').pop()!;
    expect(approve.searchParams.get('return')).toContain(`/checkout/${pro.id}/`);
    expect(
      (await browser.post('/api/v1/billing/paypal/done', { subscription_id: id })).statusCode,
    ).toBe(409);
    world.paypal.approve(id);
    const done = await browser.post('/api/v1/billing/paypal/done', { subscription_id: id });
    expect(done.statusCode).toBe(200);
    expect((done.json() as { subscription: Subscription }).subscription).toMatchObject({
      gateway: 'paypal',
      plan_name: 'Pro',
      valid: true,
    });
    expect(await canPlay(browser)).toBe(true);
  });
});

describe('/billing: the subscriber’s own actions', () => {
  it('cancels at period end (still valid), resumes, and changes plan at the provider', async () => {
    const { browser } = await listener();
    const subscription = await subscribeWithStripe(world, browser, pro);
    const cancelled = await browser.post('/api/v1/billing/me/cancel');
    expect((cancelled.json() as { subscription: Subscription }).subscription).toMatchObject({
      cancel_at_period_end: true,
      valid: true,
      ends_at: subscription.renews_at,
    });
    expect(world.stripe.subscriptions.get(subscription.gateway_id!)?.cancel_at_period_end).toBe(
      true,
    );
    const resumed = await browser.post('/api/v1/billing/me/resume');
    expect((resumed.json() as { subscription: Subscription }).subscription).toMatchObject({
      cancel_at_period_end: false,
      ends_at: null,
    });
    const changed = await browser.post('/api/v1/billing/me/change-plan', {
      product_id: premium.id,
      price_id: premium.prices[1]!.id,
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as { subscription: Subscription }).subscription).toMatchObject({
      plan_name: 'Premium',
      price_id: premium.prices[1]!.id,
    });
    const atStripe = world.stripe.subscriptions.get(subscription.gateway_id!)!;
    expect(atStripe.items.data[0]!.price.product).toBe(premium.stripe_id);
  });

  it('changes the card through a Stripe setup page', async () => {
    const { browser } = await listener();
    const subscription = await subscribeWithStripe(world, browser, pro);
    const started = await browser.post('/api/v1/billing/me/payment-method');
    const sessionId = new URL((started.json() as { url: string }).url).pathname.split('/').pop()!;
    world.stripe.pay(sessionId);
    const done = await browser.post('/api/v1/billing/me/payment-method/done', {
      session_id: sessionId,
    });
    expect(done.statusCode).toBe(200);
    const atStripe = world.stripe.subscriptions.get(subscription.gateway_id!)!;
    const session = world.stripe.sessions.get(sessionId)!;
    expect(session.mode).toBe('setup');
    expect(atStripe.default_payment_method).toMatch(/^pm_/);
  });

  it('cancels and resumes a PayPal subscription by suspending it until the period ends', async () => {
    const { browser } = await listener();
    const started = await browser.post('/api/v1/billing/checkout', {
      product_id: pro.id,
      price_id: pro.prices[0]!.id,
      gateway: 'paypal',
    });
    const id = new URL((started.json() as { url: string }).url).pathname.split('/').pop()!;
    world.paypal.approve(id);
    await browser.post('/api/v1/billing/paypal/done', { subscription_id: id });
    const cancelled = await browser.post('/api/v1/billing/me/cancel');
    expect((cancelled.json() as { subscription: Subscription }).subscription).toMatchObject({
      cancel_at_period_end: true,
      valid: true,
    });
    expect(world.paypal.subscriptions.get(id)?.status).toBe('SUSPENDED');
    await browser.post('/api/v1/billing/me/resume');
    expect(world.paypal.subscriptions.get(id)?.status).toBe('ACTIVE');
    expect((await myBilling(browser)).subscription).toMatchObject({ cancel_at_period_end: false });
  });

  it('answers 404 to billing actions of someone without a subscription', async () => {
    const { browser } = await listener();
    expect((await browser.post('/api/v1/billing/me/cancel')).statusCode).toBe(404);
    expect(await myBilling(browser)).toEqual({ subscription: null, invoices: [] });
  });
});
