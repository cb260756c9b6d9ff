import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan, Product } from '@backbeat/common/billing/schemas';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { PRO_PLAN, createPlan, startBillingWorld, type BillingWorld } from './setup.ts';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(() => world.close());

describe('admin plans (plans.update)', () => {
  it('creates a plan with its prices and syncs it to Stripe and PayPal', async () => {
    const plan = await createPlan(world.admin, PRO_PLAN);
    expect(plan).toMatchObject({
      name: 'Pro',
      recommended: true,
      hidden: false,
      free: false,
      no_ads: true,
      feature_list: ['Unlimited listening', 'No ads'],
    });
    expect(plan.prices.map((p) => [p.amount, p.currency, p.interval])).toEqual([
      [999, 'USD', 'month'],
      [9900, 'USD', 'year'],
    ]);
    expect(plan.stripe_id).toMatch(/^prod_/);
    expect(world.stripe.products.get(plan.stripe_id!)?.name).toBe('Pro');
    const stripePrices = [...world.stripe.prices.values()].filter(
      (p) => p.product === plan.stripe_id,
    );
    expect(stripePrices.map((p) => p.unit_amount).sort()).toEqual([9900, 999].sort());
    expect(plan.paypal_id).toMatch(/^PROD-/);
    expect(
      [...world.paypal.plans.values()].filter((p) => p.product_id === plan.paypal_id),
    ).toHaveLength(2);
  });

  it('gives a changed price a new provider price and archives the old one', async () => {
    const plan = await createPlan(world.admin, { ...PRO_PLAN, name: 'Plus' });
    const monthly = plan.prices[0]!;
    const before = [...world.stripe.prices.values()].find(
      (p) => p.product === plan.stripe_id && p.unit_amount === 999,
    )!;
    const response = await world.admin.put(`/api/v1/admin/plans/${plan.id}`, {
      prices: [{ ...monthly, amount: 1299 }, plan.prices[1]],
    });
    expect(response.statusCode).toBe(200);
    const updated = (response.json() as { plan: AdminPlan }).plan;
    expect(updated.prices[0]).toMatchObject({ id: monthly.id, amount: 1299 });
    expect(before.active).toBe(false);
    expect(
      [...world.stripe.prices.values()].some(
        (p) => p.product === plan.stripe_id && p.unit_amount === 1299 && p.active,
      ),
    ).toBe(true);
  });

  it('refuses bad input with field errors', async () => {
    const response = await world.admin.post('/api/v1/admin/plans', {
      name: '',
      prices: [{ amount: 9.5, currency: 'dollars', interval: 'week', interval_count: 0 }],
    });
    expect(response.statusCode).toBe(422);
    const errors = (response.json() as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining([
        'name',
        'prices.0.amount',
        'prices.0.currency',
        'prices.0.interval',
        'prices.0.interval_count',
      ]),
    );
  });

  it('is refused to listeners and guests', async () => {
    const { browser } = await signedInUser(world.app);
    expect((await browser.get('/api/v1/admin/plans')).statusCode).toBe(403);
    expect((await browser.post('/api/v1/admin/plans', PRO_PLAN)).statusCode).toBe(403);
    const guest = await guestBrowser(world.app);
    expect((await guest.get('/api/v1/admin/plans')).statusCode).toBe(401);
  });

  it('lists, filters, shows and deletes plans', async () => {
    const hidden = await createPlan(world.admin, { name: 'Staff', hidden: true, free: true });
    const list = await world.admin.get('/api/v1/admin/plans?hidden=yes');
    const rows = (list.json() as { pagination: { data: AdminPlan[] } }).pagination.data;
    expect(rows.map((row) => row.name)).toEqual(['Staff']);
    expect((await world.admin.get(`/api/v1/admin/plans/${hidden.id}`)).statusCode).toBe(200);
    expect((await world.admin.delete(`/api/v1/admin/plans/${hidden.id}`)).json()).toEqual({
      deleted: 1,
    });
    expect((await world.admin.get(`/api/v1/admin/plans/${hidden.id}`)).statusCode).toBe(404);
  });
});

describe('GET billing/products (spec 2 §7)', () => {
  it('lists the visible plans with their prices for anyone, never hidden ones', async () => {
    await createPlan(world.admin, { name: 'Secret', hidden: true });
    const guest = await guestBrowser(world.app);
    const response = await guest.get('/api/v1/billing/products');
    expect(response.statusCode).toBe(200);
    const products = (response.json() as { pagination: { data: Product[] } }).pagination.data;
    expect(products.map((p) => p.name)).toContain('Pro');
    expect(products.map((p) => p.name)).not.toContain('Secret');
    const pro = products.find((p) => p.name === 'Pro')!;
    expect(pro).not.toHaveProperty('permissions');
    expect(pro.prices[0]).toEqual({
      id: expect.any(Number),
      amount: 999,
      currency: 'USD',
      interval: 'month',
      interval_count: 1,
    });
  });
});
