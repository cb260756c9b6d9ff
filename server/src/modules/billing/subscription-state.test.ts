import { describe, expect, it } from 'vitest';
import type { ProviderSubscription } from './gateways/types.ts';
import { columnsFromProvider, isValid } from './subscription-state.ts';
import type { SubscriptionRow } from './subscriptions-repository.ts';

const NOW = new Date('2030-06-01T00:00:00.000Z');
const row = (changes: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  id: 1,
  user_id: 7,
  product_id: 2,
  price_id: 3,
  gateway: 'stripe',
  gateway_id: 'sub_1',
  gateway_customer_id: 'cus_1',
  status: 'active',
  cancel_at_period_end: 0,
  renews_at: '2030-07-01T00:00:00.000Z',
  ends_at: null,
  grace_ends_at: null,
  created_at: '2030-05-01T00:00:00.000Z',
  updated_at: '2030-05-01T00:00:00.000Z',
  ...changes,
});
const report = (changes: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  gatewayId: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  priceGatewayId: 'price_1',
  cancelAtPeriodEnd: false,
  periodEnd: '2030-07-01T00:00:00.000Z',
  endedAt: null,
  userId: 7,
  ...changes,
});

describe('subscription validity', () => {
  it('is valid while active until it ends, and while past due until the grace period ends', () => {
    expect(isValid(row(), NOW)).toBe(true);
    expect(isValid(row({ ends_at: '2030-05-31T00:00:00.000Z' }), NOW)).toBe(false);
    expect(
      isValid(row({ status: 'past_due', grace_ends_at: '2030-06-02T00:00:00.000Z' }), NOW),
    ).toBe(true);
    expect(
      isValid(row({ status: 'past_due', grace_ends_at: '2030-05-31T00:00:00.000Z' }), NOW),
    ).toBe(false);
    expect(isValid(row({ status: 'canceled' }), NOW)).toBe(false);
    expect(isValid(row({ status: 'incomplete' }), NOW)).toBe(false);
  });
});

describe('columns from a provider report', () => {
  it('ends a cancelled-at-period-end subscription when its period ends', () => {
    const columns = columnsFromProvider(
      'stripe',
      report({ cancelAtPeriodEnd: true }),
      row(),
      null,
      7,
      NOW,
    );
    expect(columns).toMatchObject({ cancel_at_period_end: 1, ends_at: '2030-07-01T00:00:00.000Z' });
  });

  it('starts a 7-day grace period on the first failed payment and keeps it on repeats', () => {
    const first = columnsFromProvider(
      'stripe',
      report({ status: 'past_due' }),
      row(),
      null,
      7,
      NOW,
    );
    expect(first.grace_ends_at).toBe('2030-06-08T00:00:00.000Z');
    const later = new Date('2030-06-05T00:00:00.000Z');
    const again = columnsFromProvider(
      'stripe',
      report({ status: 'past_due' }),
      row({ status: 'past_due', grace_ends_at: first.grace_ends_at }),
      null,
      7,
      later,
    );
    expect(again.grace_ends_at).toBe(first.grace_ends_at);
    const paid = columnsFromProvider(
      'stripe',
      report(),
      row({ status: 'past_due' }),
      null,
      7,
      later,
    );
    expect(paid.grace_ends_at).toBeNull();
  });

  it('reads a PayPal suspension it asked for as a cancellation at period end', () => {
    const columns = columnsFromProvider(
      'paypal',
      report({ status: 'suspended' }),
      row({ gateway: 'paypal', cancel_at_period_end: 1 }),
      null,
      7,
      NOW,
    );
    expect(columns).toMatchObject({
      status: 'active',
      cancel_at_period_end: 1,
      ends_at: '2030-07-01T00:00:00.000Z',
    });
    const unasked = columnsFromProvider(
      'paypal',
      report({ status: 'suspended' }),
      row({ gateway: 'paypal' }),
      null,
      7,
      NOW,
    );
    expect(unasked.status).toBe('suspended');
  });

  it('marks an ended subscription with the time the provider ended it', () => {
    const columns = columnsFromProvider(
      'stripe',
      report({ status: 'canceled', endedAt: '2030-05-20T00:00:00.000Z' }),
      row(),
      null,
      7,
      NOW,
    );
    expect(columns).toMatchObject({
      status: 'canceled',
      ends_at: '2030-05-20T00:00:00.000Z',
      renews_at: null,
    });
  });
});
