import type Stripe from 'stripe';
import type { BillingService } from './billing-service.ts';
import type { ProviderInvoice } from './gateways/types.ts';
import { presentStripeSubscription } from './gateways/stripe.ts';
import type { BillingGateways } from './plans-service.ts';
import type { SubscriptionsRepository } from './subscriptions-repository.ts';

/** What became of a webhook delivery. */
export type WebhookOutcome = 'handled' | 'ignored' | 'duplicate' | 'forged';

interface PaypalEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    billing_agreement_id?: string;
    amount?: { total?: string; currency?: string };
    billing_info?: {
      last_failed_payment?: { amount?: { value?: string; currency_code?: string } };
    };
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * The providers' webhooks (issue 15). Each delivery is verified over its raw bytes, claimed
 * by its event id (a repeat does nothing), and then the subscription it names is read again
 * from the provider, so events that arrive late, out of order or twice leave the state the
 * provider has now. A failed renewal payment makes the subscription past due: it stays valid
 * for the grace period, and is downgraded after (subscription-state.ts).
 */
export function createWebhooksService(deps: {
  gateways: BillingGateways;
  subscriptions: SubscriptionsRepository;
  billing: Pick<BillingService, 'apply'>;
}) {
  const { gateways, subscriptions, billing } = deps;

  async function once(
    gateway: 'stripe' | 'paypal',
    eventId: string,
    type: string,
    handle: () => Promise<boolean>,
  ): Promise<WebhookOutcome> {
    if (!(await subscriptions.claimEvent(gateway, eventId, type))) return 'duplicate';
    try {
      return (await handle()) ? 'handled' : 'ignored';
    } catch (error) {
      // Given back, so the provider's next delivery of it is handled.
      await subscriptions.releaseEvent(gateway, eventId);
      throw error;
    }
  }

  async function recordInvoice(
    gateway: 'stripe' | 'paypal',
    subscriptionGatewayId: string,
    invoice: ProviderInvoice,
  ) {
    const row = await subscriptions.findByGatewayId(gateway, subscriptionGatewayId);
    if (!row) return;
    await subscriptions.upsertInvoice({
      subscription_id: row.id,
      user_id: row.user_id,
      gateway,
      gateway_id: invoice.gatewayId,
      amount: invoice.amount,
      currency: invoice.currency,
      status: invoice.status,
      url: invoice.url,
    });
  }

  async function syncStripe(id: string, failedPayment = false, payload?: Stripe.Subscription) {
    const stripe = gateways.stripe!;
    let report;
    try {
      report = await stripe.subscription(id);
    } catch (error) {
      // Deleted at Stripe: the event's own copy is the last word.
      if (!payload || (error as { statusCode?: number }).statusCode !== 404) throw error;
      report = presentStripeSubscription(payload);
    }
    if (failedPayment && report.status === 'active')
      report = { ...report, status: 'past_due' as const };
    return billing.apply('stripe', report);
  }

  return {
    async stripe(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      const stripe = gateways.stripe;
      if (!stripe || !signature) return 'forged';
      let event: Stripe.Event;
      try {
        event = stripe.event(rawBody, signature);
      } catch {
        return 'forged';
      }
      return once('stripe', event.id, event.type, async () => {
        switch (event.type) {
          case 'checkout.session.completed': {
            const session = event.data.object;
            const id = idOf(session.subscription);
            if (session.mode !== 'subscription' || !id) return false;
            const userId = Number(session.client_reference_id);
            const report = await stripe.subscription(id);
            await billing.apply(
              'stripe',
              report,
              Number.isInteger(userId) && userId > 0 ? userId : null,
            );
            return true;
          }
          case 'customer.subscription.created':
          case 'customer.subscription.updated':
          case 'customer.subscription.deleted':
          case 'customer.subscription.paused':
          case 'customer.subscription.resumed':
            await syncStripe(event.data.object.id, false, event.data.object);
            return true;
          case 'invoice.paid':
          case 'invoice.payment_succeeded':
          case 'invoice.payment_failed': {
            const invoice = stripe.presentInvoice(event.data.object);
            const id = invoice?.subscriptionGatewayId;
            if (!invoice || !id) return false;
            await syncStripe(id, event.type === 'invoice.payment_failed');
            await recordInvoice('stripe', id, {
              ...invoice,
              status: event.type === 'invoice.payment_failed' ? 'failed' : 'paid',
            });
            return true;
          }
          default:
            return false;
        }
      });
    },

    async paypal(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookOutcome> {
      const paypal = gateways.paypal;
      if (!paypal) return 'forged';
      let event: PaypalEvent;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as PaypalEvent;
      } catch {
        return 'forged';
      }
      if (!event.id || !event.event_type) return 'forged';
      if (!(await paypal.verify(headers, rawBody.toString('utf8')))) return 'forged';
      const type = event.event_type;
      const eventId = event.id;
      return once('paypal', eventId, type, async () => {
        const resource = event.resource ?? {};
        if (type === 'PAYMENT.SALE.COMPLETED' && resource.billing_agreement_id && resource.id) {
          await billing.apply('paypal', await paypal.subscription(resource.billing_agreement_id));
          await recordInvoice('paypal', resource.billing_agreement_id, {
            gatewayId: resource.id,
            subscriptionGatewayId: resource.billing_agreement_id,
            amount: Math.round(Number(resource.amount?.total ?? 0) * 100),
            currency: (resource.amount?.currency ?? 'USD').toUpperCase(),
            status: 'paid',
            url: null,
          });
          return true;
        }
        if (!type.startsWith('BILLING.SUBSCRIPTION.') || !resource.id) return false;
        let report = await paypal.subscription(resource.id);
        const failed = type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED';
        if (failed && report.status === 'active') report = { ...report, status: 'past_due' };
        await billing.apply('paypal', report);
        const missed = resource.billing_info?.last_failed_payment?.amount;
        if (failed) {
          await recordInvoice('paypal', resource.id, {
            gatewayId: eventId,
            subscriptionGatewayId: resource.id,
            amount: Math.round(Number(missed?.value ?? 0) * 100),
            currency: (missed?.currency_code ?? 'USD').toUpperCase(),
            status: 'failed',
            url: null,
          });
        }
        return true;
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
