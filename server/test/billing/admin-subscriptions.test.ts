import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan, Subscription } from '@backbeat/common/billing/schemas';
import { signedInUser } from '../helpers/accounts.ts';
import {
  PRO_PLAN,
  canPlay,
  createPlan,
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
  premium = await createPlan(world.admin, { ...PRO_PLAN, name: 'Premium' });
});
afterAll(() => world.close());

const listener = () => signedInUser(world.app, { roleNames: ['browsers'] });
const one = (response: { json(): unknown }) =>
  (response.json() as { subscription: Subscription }).subscription;

describe('admin subscriptions (subscriptions.update)', () => {
  it('grants a manual subscription that gives the plan, then cancels it at once', async () => {
    const { browser, id } = await listener();
    const granted = await world.admin.post('/api/v1/admin/subscriptions', {
      user_id: id,
      product_id: pro.id,
    });
    expect(granted.statusCode).toBe(201);
    const subscription = one(granted);
    expect(subscription).toMatchObject({ gateway: 'none', plan_name: 'Pro', valid: true });
    expect(subscription.user).toMatchObject({ id });
    expect(await canPlay(browser)).toBe(true);

    const cancelled = await world.admin.post(
      `/api/v1/admin/subscriptions/${subscription.id}/cancel`,
      { at_once: true },
    );
    expect(one(cancelled)).toMatchObject({ status: 'canceled', valid: false });
    expect(await canPlay(browser)).toBe(false);
  });

  it('refuses a grant for a user or price that does not exist', async () => {
    const missingUser = await world.admin.post('/api/v1/admin/subscriptions', {
      user_id: 999_999,
      product_id: pro.id,
    });
    expect(missingUser.statusCode).toBe(422);
    const { id } = await listener();
    const wrongPrice = await world.admin.post('/api/v1/admin/subscriptions', {
      user_id: id,
      product_id: pro.id,
      price_id: premium.prices[0]!.id,
    });
    expect(wrongPrice.statusCode).toBe(422);
  });

  it('lists and filters subscriptions, and shows one', async () => {
    const { browser, email } = await listener();
    const subscription = await subscribeWithStripe(world, browser, pro);
    const list = await world.admin.get(
      `/api/v1/admin/subscriptions?gateway=stripe&status=valid&query=${encodeURIComponent(email)}`,
    );
    const rows = (list.json() as { pagination: { data: Subscription[] } }).pagination.data;
    expect(rows.map((row) => row.id)).toEqual([subscription.id]);
    expect(rows[0]!.user?.email).toBe(email);
    const none = await world.admin.get(
      `/api/v1/admin/subscriptions?gateway=paypal&query=${encodeURIComponent(email)}`,
    );
    expect((none.json() as { pagination: { total: number } }).pagination.total).toBe(0);
    expect((await world.admin.get('/api/v1/admin/subscriptions?status=bogus')).statusCode).toBe(
      422,
    );
    const shown = await world.admin.get(`/api/v1/admin/subscriptions/${subscription.id}`);
    expect(one(shown)).toMatchObject({ id: subscription.id, gateway: 'stripe' });
  });

  it('cancels at period end and resumes a Stripe subscription at Stripe, and changes its plan', async () => {
    const { browser } = await listener();
    const subscription = await subscribeWithStripe(world, browser, pro);
    const cancelled = await world.admin.post(
      `/api/v1/admin/subscriptions/${subscription.id}/cancel`,
      {},
    );
    expect(one(cancelled)).toMatchObject({ cancel_at_period_end: true, valid: true });
    expect(world.stripe.subscriptions.get(subscription.gateway_id!)?.cancel_at_period_end).toBe(
      true,
    );
    const resumed = await world.admin.post(`/api/v1/admin/subscriptions/${subscription.id}/resume`);
    expect(one(resumed)).toMatchObject({ cancel_at_period_end: false });
    const changed = await world.admin.put(`/api/v1/admin/subscriptions/${subscription.id}`, {
      product_id: premium.id,
      price_id: premium.prices[0]!.id,
    });
    expect(one(changed)).toMatchObject({ plan_name: 'Premium' });
    expect(
      world.stripe.subscriptions.get(subscription.gateway_id!)!.items.data[0]!.price.product,
    ).toBe(premium.stripe_id);
  });

  it('is refused to a listener', async () => {
    const { browser } = await listener();
    expect((await browser.get('/api/v1/admin/subscriptions')).statusCode).toBe(403);
    expect((await browser.post('/api/v1/admin/subscriptions/1/cancel', {})).statusCode).toBe(403);
  });
});

describe('billing off (the default)', () => {
  it('grants nothing from plans and reports no subscriptions', async () => {
    const { browser, id } = await listener();
    await world.admin.post('/api/v1/admin/subscriptions', { user_id: id, product_id: pro.id });
    await world.app.services.settings.set({ 'billing.enable': false });
    try {
      world.app.services.users.forgetGrants(id);
      expect(await canPlay(browser)).toBe(false);
      const permissions = (await browser.get('/api/v1/subscription/permissions')).json() as {
        permissions: Record<string, unknown>;
      };
      expect(permissions.permissions).toMatchObject({
        current_plan: 'Free',
        has_subscription: false,
      });
    } finally {
      await world.app.services.settings.set({ 'billing.enable': true });
    }
  });
});
