import {
  BILLING_GRACE_DAYS,
  FREE_PLAN_NAME,
  type Invoice,
  type Subscription,
} from '@backbeat/common/billing/schemas';
import type { AdminPlan } from '@backbeat/common/billing/schemas';
import type { ProviderSubscription } from './gateways/types.ts';
import type { PriceRow, ProductsRepository } from './products-repository.ts';
import { presentPrice } from './products-repository.ts';
import type {
  InvoiceRow,
  SubscriptionColumns,
  SubscriptionRow,
  SubscriptionsRepository,
} from './subscriptions-repository.ts';

const DAY_MS = 86_400_000;

/**
 * Valid means it grants its plan now: active or trialing until it ends, or past due while
 * the grace period after a failed payment lasts (then it is downgraded).
 */
export function isValid(row: SubscriptionRow, now = new Date()): boolean {
  const at = now.toISOString();
  if (row.status === 'past_due') return row.grace_ends_at !== null && row.grace_ends_at > at;
  if (row.status !== 'active' && row.status !== 'trialing') return false;
  return row.ends_at === null || row.ends_at > at;
}

/**
 * The columns a provider's report gives a local subscription. Reports are applied whole (the
 * provider is re-read first), so one that arrives late or twice leaves the same state.
 */
export function columnsFromProvider(
  gateway: 'stripe' | 'paypal',
  report: ProviderSubscription,
  existing: SubscriptionRow | null,
  price: PriceRow | null,
  userId: number,
  now = new Date(),
): SubscriptionColumns {
  let { status, cancelAtPeriodEnd } = report;
  // PayPal cannot end later: a cancellation at period end suspends it until then (gateways/paypal.ts).
  if (gateway === 'paypal' && status === 'suspended' && existing?.cancel_at_period_end) {
    status = 'active';
    cancelAtPeriodEnd = true;
  }
  const periodEnd = report.periodEnd ?? existing?.renews_at ?? null;
  const graceEnds =
    status === 'past_due'
      ? (existing?.grace_ends_at ??
        new Date(now.getTime() + BILLING_GRACE_DAYS * DAY_MS).toISOString())
      : null;
  return {
    user_id: userId,
    product_id: price?.product_id ?? existing?.product_id ?? null,
    price_id: price?.id ?? existing?.price_id ?? null,
    gateway,
    gateway_id: report.gatewayId,
    gateway_customer_id: report.customerId ?? existing?.gateway_customer_id ?? null,
    status,
    cancel_at_period_end: cancelAtPeriodEnd ? 1 : 0,
    renews_at: status === 'canceled' ? null : periodEnd,
    ends_at:
      status === 'canceled'
        ? (report.endedAt ?? now.toISOString())
        : cancelAtPeriodEnd
          ? periodEnd
          : null,
    grace_ends_at: graceEnds,
  };
}

/** Presents subscriptions with their plan's name and price, and their owner when asked. */
export function createSubscriptionPresenter(deps: {
  products: Pick<ProductsRepository, 'find' | 'findPrice'>;
  subscriptions: Pick<SubscriptionsRepository, 'usersOf'>;
}) {
  return async function present(
    rows: SubscriptionRow[],
    withUsers = false,
  ): Promise<Subscription[]> {
    const plans = new Map<number, AdminPlan | null>();
    const prices = new Map<number, PriceRow | null>();
    for (const row of rows) {
      if (row.product_id && !plans.has(row.product_id)) {
        plans.set(row.product_id, await deps.products.find(row.product_id));
      }
      if (row.price_id && !prices.has(row.price_id)) {
        prices.set(row.price_id, await deps.products.findPrice(row.price_id));
      }
    }
    const users = withUsers
      ? new Map(
          (await deps.subscriptions.usersOf([...new Set(rows.map((r) => r.user_id))])).map((u) => [
            u.id,
            u,
          ]),
        )
      : new Map<number, { id: number; name: string; email: string }>();
    const now = new Date();
    return rows.map((row) => {
      const price = row.price_id ? prices.get(row.price_id) : null;
      const valid = isValid(row, now);
      return {
        id: row.id,
        user_id: row.user_id,
        user: users.get(row.user_id) ?? null,
        product_id: row.product_id,
        price_id: row.price_id,
        plan_name: (row.product_id ? plans.get(row.product_id)?.name : null) ?? FREE_PLAN_NAME,
        price: price ? presentPrice(price) : null,
        gateway: row.gateway,
        gateway_id: row.gateway_id,
        status: row.status,
        cancel_at_period_end: row.cancel_at_period_end === 1,
        renews_at: row.renews_at,
        ends_at: row.ends_at,
        grace_ends_at: row.grace_ends_at,
        valid,
        active: valid,
        created_at: row.created_at,
      };
    });
  };
}

export const presentInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  subscription_id: row.subscription_id,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  url: row.url,
  created_at: row.created_at,
});
