import type { Generated } from 'kysely';

/** Billing tables (migration 0016). Flags are 0/1, timestamps ISO strings, JSON as text. */
export interface BillingProductsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  hidden: number;
  recommended: number;
  free: number;
  no_ads: number;
  position: number;
  feature_list: string;
  permissions: string;
  stripe_id: string | null;
  paypal_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface BillingPricesTable {
  id: Generated<number>;
  product_id: number;
  amount: number;
  currency: string;
  interval: 'day' | 'month' | 'year';
  interval_count: number;
  position: number;
  stripe_id: string | null;
  paypal_id: string | null;
  created_at: string;
}

export interface BillingSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number | null;
  price_id: number | null;
  gateway: 'stripe' | 'paypal' | 'none';
  gateway_id: string | null;
  gateway_customer_id: string | null;
  status: 'active' | 'trialing' | 'past_due' | 'incomplete' | 'suspended' | 'canceled';
  cancel_at_period_end: number;
  renews_at: string | null;
  ends_at: string | null;
  grace_ends_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BillingInvoicesTable {
  id: Generated<number>;
  subscription_id: number | null;
  user_id: number;
  gateway: 'stripe' | 'paypal' | 'none';
  gateway_id: string;
  amount: number;
  currency: string;
  status: 'paid' | 'failed' | 'open';
  url: string | null;
  created_at: string;
}

export interface BillingWebhookEventsTable {
  gateway: 'stripe' | 'paypal';
  event_id: string;
  type: string;
  received_at: string;
}

export interface BillingTables {
  billing_products: BillingProductsTable;
  billing_prices: BillingPricesTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_invoices: BillingInvoicesTable;
  billing_webhook_events: BillingWebhookEventsTable;
}
