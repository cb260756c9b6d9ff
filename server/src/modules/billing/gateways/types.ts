import type { SubscriptionStatus } from '@backbeat/common/billing/schemas';

/** A subscription as a payment provider reports it, in the provider-neutral shape. */
export interface ProviderSubscription {
  gatewayId: string;
  customerId: string | null;
  status: SubscriptionStatus;
  /** The provider's id of the price (Stripe price, PayPal plan). */
  priceGatewayId: string | null;
  cancelAtPeriodEnd: boolean;
  /** The end of the paid period: the next charge. */
  periodEnd: string | null;
  endedAt: string | null;
  /** Who it belongs to, as told to the provider at checkout. */
  userId: number | null;
}

export interface ProviderInvoice {
  gatewayId: string;
  subscriptionGatewayId: string | null;
  amount: number;
  currency: string;
  status: 'paid' | 'failed' | 'open';
  url: string | null;
}

export interface PlanToSync {
  id: number;
  name: string;
  description: string | null;
  gatewayId: string | null;
}

export interface PriceToSync {
  amount: number;
  currency: string;
  interval: 'day' | 'month' | 'year';
  interval_count: number;
}

export const isoFromUnix = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;
