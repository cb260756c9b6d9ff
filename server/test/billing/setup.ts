import type { FastifyInstance } from 'fastify';
import type { AdminPlan, Subscription } from '@backbeat/common/billing/schemas';
import { guestBrowser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { Browser } from '../helpers/client.ts';
import { startPaypalStandIn, type PaypalStandIn } from '../helpers/paypal-server.ts';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-server.ts';

export interface BillingWorld {
  testApp: TestApp;
  app: FastifyInstance;
  stripe: StripeStandIn;
  paypal: PaypalStandIn;
  admin: Browser;
  close(): Promise<void>;
}

/** The app with billing on, Stripe and PayPal pointed at their local stand-ins. */
export async function startBillingWorld(): Promise<BillingWorld> {
  const [stripe, paypal] = await Promise.all([startStripeStandIn(), startPaypalStandIn()]);
  const testApp = await createTestApp({
    overrides: { billing: { stripe: stripe.config, paypal: paypal.config } },
  });
  const { app } = testApp;
  await app.services.settings.set({ 'billing.enable': true });
  // Listeners of this role may browse but not play: plans grant playing.
  await app.services.roles.createRole({
    name: 'browsers',
    description: 'May look at the catalog but not play it.',
    permissions: ['music.view'],
  });
  const admin = await guestBrowser(app);
  await admin.login(testApp.admin.email, testApp.admin.password);
  return {
    testApp,
    app,
    stripe,
    paypal,
    admin,
    async close() {
      await testApp.close();
      await Promise.all([stripe.close(), paypal.close()]);
    },
  };
}

export const PRO_PLAN = {
  name: 'Pro',
  description: 'Everything, without ads.',
  recommended: true,
  no_ads: true,
  feature_list: ['Unlimited listening', 'No ads'],
  permissions: [{ name: 'music.play', restrictions: [] }],
  prices: [
    { amount: 999, currency: 'usd', interval: 'month' as const, interval_count: 1 },
    { amount: 9900, currency: 'usd', interval: 'year' as const, interval_count: 1 },
  ],
};

export async function createPlan(
  admin: Browser,
  input: Record<string, unknown>,
): Promise<AdminPlan> {
  const response = await admin.post('/api/v1/admin/plans', input);
  if (response.statusCode !== 201) throw new Error(`Plan not created: ${response.body}`);
  return (response.json() as { plan: AdminPlan }).plan;
}

/** Checkout on the Stripe stand-in, paid, and the return page's call made. */
export async function subscribeWithStripe(
  world: BillingWorld,
  browser: Browser,
  plan: AdminPlan,
  priceIndex = 0,
): Promise<Subscription> {
  const price = plan.prices[priceIndex]!;
  const started = await browser.post('/api/v1/billing/checkout', {
    product_id: plan.id,
    price_id: price.id,
    gateway: 'stripe',
  });
  if (started.statusCode !== 200) throw new Error(`Checkout failed: ${started.body}`);
  const sessionId = new URL((started.json() as { url: string }).url).pathname.split('/').pop()!;
  world.stripe.pay(sessionId);
  const done = await browser.post('/api/v1/billing/stripe/done', { session_id: sessionId });
  if (done.statusCode !== 200) throw new Error(`Stripe done failed: ${done.body}`);
  return (done.json() as { subscription: Subscription }).subscription;
}

export async function stripeWebhook(
  world: BillingWorld,
  event: { payload: string; signature: string },
) {
  return world.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

export async function paypalWebhook(
  world: BillingWorld,
  event: { payload: string; headers: Record<string, string> },
) {
  return world.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhooks/paypal',
    headers: event.headers,
    payload: event.payload,
  });
}

export async function myBilling(browser: Browser) {
  return (await browser.get('/api/v1/billing/me')).json() as {
    subscription: Subscription | null;
    invoices: { id: number; status: string; amount: number }[];
  };
}

export async function canPlay(browser: Browser): Promise<boolean> {
  return (
    (await browser.get('/api/v1/subscription/can-play-audio')).json() as { can_play: boolean }
  ).can_play;
}
