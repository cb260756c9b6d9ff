import type Stripe from 'stripe';
import { lazyRequire } from '../../../lib/lazy-require.ts';
import type { SubscriptionStatus } from '@backbeat/common/billing/schemas';
import {
  isoFromUnix,
  type PlanToSync,
  type PriceToSync,
  type ProviderInvoice,
  type ProviderSubscription,
} from './types.ts';

/** Stripe's SDK (~15 MB resident) loads when billing first talks to Stripe. */
const loadStripe = lazyRequire<typeof Stripe | { default: typeof Stripe }>('stripe');

/** Stripe's signature tolerance: an event signed longer ago than this is refused. */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (tests point it at a local stand-in); null is Stripe. */
  apiBase: string | null;
}

const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'suspended',
  paused: 'suspended',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  canceled: 'canceled',
};

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export function presentStripeSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const userId = Number(subscription.metadata?.user_id);
  return {
    gatewayId: subscription.id,
    customerId: idOf(subscription.customer),
    status: STATUS[subscription.status] ?? 'incomplete',
    priceGatewayId: item?.price.id ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    periodEnd: isoFromUnix(item?.current_period_end),
    endedAt: isoFromUnix(subscription.ended_at),
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
  };
}

function presentInvoice(invoice: Stripe.Invoice): ProviderInvoice | null {
  if (!invoice.id) return null;
  const parent = invoice.parent?.subscription_details?.subscription;
  return {
    gatewayId: invoice.id,
    subscriptionGatewayId: idOf(parent),
    amount: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency.toUpperCase(),
    status: invoice.status === 'paid' ? 'paid' : invoice.status === 'open' ? 'open' : 'failed',
    url: invoice.hosted_invoice_url ?? null,
  };
}

/** Stripe through its official SDK: products and prices, Checkout, subscriptions, webhooks. */
export function createStripeGateway(settings: StripeSettings) {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const sdk = loadStripe();
  const StripeSdk = 'default' in sdk ? sdk.default : sdk;
  const stripe = new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  return {
    async syncProduct(plan: PlanToSync): Promise<string> {
      const fields = { name: plan.name, description: plan.description || undefined };
      if (plan.gatewayId) {
        await stripe.products.update(plan.gatewayId, fields);
        return plan.gatewayId;
      }
      const product = await stripe.products.create({
        ...fields,
        metadata: { backbeat_product_id: String(plan.id) },
      });
      return product.id;
    },

    async createPrice(productGatewayId: string, price: PriceToSync): Promise<string> {
      const created = await stripe.prices.create({
        product: productGatewayId,
        unit_amount: price.amount,
        currency: price.currency.toLowerCase(),
        recurring: { interval: price.interval, interval_count: price.interval_count },
      });
      return created.id;
    },

    async archivePrice(gatewayId: string): Promise<void> {
      await stripe.prices.update(gatewayId, { active: false });
    },

    /** A Stripe Checkout page for a subscription to one price. */
    async checkout(input: {
      priceGatewayId: string;
      userId: number;
      email: string;
      customerId: string | null;
      successUrl: string;
      cancelUrl: string;
    }): Promise<string> {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: input.priceGatewayId, quantity: 1 }],
        client_reference_id: String(input.userId),
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        subscription_data: { metadata: { user_id: String(input.userId) } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a page.');
      return session.url;
    },

    /** The subscription a completed Checkout session made, and whom the session was for. */
    async subscriptionOfSession(
      sessionId: string,
    ): Promise<{ userId: number | null; subscription: ProviderSubscription | null }> {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const subscriptionId = idOf(session.subscription);
      const userId = Number(session.client_reference_id);
      return {
        userId: Number.isInteger(userId) && userId > 0 ? userId : null,
        subscription:
          session.status === 'complete' && subscriptionId
            ? presentStripeSubscription(await stripe.subscriptions.retrieve(subscriptionId))
            : null,
      };
    },

    async subscription(gatewayId: string): Promise<ProviderSubscription> {
      return presentStripeSubscription(await stripe.subscriptions.retrieve(gatewayId));
    },

    async setCancelAtPeriodEnd(gatewayId: string, cancel: boolean) {
      return presentStripeSubscription(
        await stripe.subscriptions.update(gatewayId, { cancel_at_period_end: cancel }),
      );
    },

    async cancelNow(gatewayId: string) {
      return presentStripeSubscription(await stripe.subscriptions.cancel(gatewayId));
    },

    async changePrice(gatewayId: string, priceGatewayId: string) {
      const current = await stripe.subscriptions.retrieve(gatewayId);
      const item = current.items.data[0];
      return presentStripeSubscription(
        await stripe.subscriptions.update(gatewayId, {
          items: [{ ...(item ? { id: item.id } : {}), price: priceGatewayId }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
        }),
      );
    },

    /** A Stripe page in setup mode where the subscriber enters a new card. */
    async paymentMethodSession(input: {
      customerId: string;
      subscriptionGatewayId: string;
      successUrl: string;
      cancelUrl: string;
    }): Promise<string> {
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: input.customerId,
        currency: 'usd',
        setup_intent_data: { metadata: { subscription_id: input.subscriptionGatewayId } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a setup session without a page.');
      return session.url;
    },

    /** Makes the card of a completed setup session the subscription's default. */
    async finishPaymentMethodSession(
      sessionId: string,
      subscriptionGatewayId: string,
    ): Promise<boolean> {
      const session = await stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['setup_intent'],
      });
      const intent = session.setup_intent;
      if (session.status !== 'complete' || !intent || typeof intent === 'string') return false;
      if (intent.metadata?.subscription_id !== subscriptionGatewayId) return false;
      const method = idOf(intent.payment_method);
      if (!method) return false;
      await stripe.subscriptions.update(subscriptionGatewayId, { default_payment_method: method });
      return true;
    },

    async invoicesOf(subscriptionGatewayId: string): Promise<ProviderInvoice[]> {
      const list = await stripe.invoices.list({ subscription: subscriptionGatewayId, limit: 24 });
      return list.data.flatMap((invoice) => presentInvoice(invoice) ?? []);
    },

    presentInvoice,

    /** The event of a webhook delivery, or a throw when its signature does not hold. */
    event(rawBody: Buffer, signature: string): Stripe.Event {
      return stripe.webhooks.constructEvent(
        rawBody,
        signature,
        settings.webhookSecret,
        STRIPE_WEBHOOK_TOLERANCE_S,
      );
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
