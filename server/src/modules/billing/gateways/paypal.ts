import type { SubscriptionStatus } from '@backbeat/common/billing/schemas';
import type { PlanToSync, PriceToSync, ProviderSubscription } from './types.ts';

export interface PaypalSettings {
  clientId: string;
  secret: string;
  webhookId: string;
  /** PayPal's REST address (live or sandbox; tests point it at a local stand-in). */
  apiBase: string;
}

interface PaypalSubscription {
  id: string;
  status: string;
  plan_id?: string;
  custom_id?: string;
  billing_info?: { next_billing_time?: string; failed_payments_count?: number };
  status_update_time?: string;
  links?: { rel: string; href: string }[];
}

const STATUS: Record<string, SubscriptionStatus> = {
  APPROVAL_PENDING: 'incomplete',
  APPROVED: 'incomplete',
  ACTIVE: 'active',
  SUSPENDED: 'suspended',
  CANCELLED: 'canceled',
  EXPIRED: 'canceled',
};

const UNIT = { day: 'DAY', month: 'MONTH', year: 'YEAR' } as const;

export class PaypalError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function present(subscription: PaypalSubscription): ProviderSubscription {
  const userId = Number(subscription.custom_id);
  const status = STATUS[subscription.status] ?? 'incomplete';
  return {
    gatewayId: subscription.id,
    customerId: null,
    status:
      status === 'active' && (subscription.billing_info?.failed_payments_count ?? 0) > 0
        ? 'past_due'
        : status,
    priceGatewayId: subscription.plan_id ?? null,
    cancelAtPeriodEnd: false,
    periodEnd: subscription.billing_info?.next_billing_time ?? null,
    endedAt: status === 'canceled' ? (subscription.status_update_time ?? null) : null,
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
  };
}

/** PayPal's REST API through fetch (DESIGN §3): catalog products, plans, subscriptions. */
export function createPaypalGateway(settings: PaypalSettings) {
  const base = settings.apiBase.replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new PaypalError(response.status, 'PayPal refused the credentials.');
    const body = (await response.json()) as { access_token: string; expires_in: number };
    // Renewed a minute early, so a token never expires on the way.
    token = { value: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    if (!response.ok) {
      throw new PaypalError(response.status, `PayPal answered ${response.status} to ${path}.`);
    }
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as T;
  }

  const subscription = async (id: string) =>
    present(
      await call<PaypalSubscription>('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`),
    );

  return {
    async syncProduct(plan: PlanToSync): Promise<string> {
      if (plan.gatewayId) return plan.gatewayId;
      const created = await call<{ id: string }>('POST', '/v1/catalogs/products', {
        name: plan.name,
        description: plan.description || undefined,
        type: 'SERVICE',
      });
      return created.id;
    },

    async createPrice(productGatewayId: string, price: PriceToSync, name: string) {
      const created = await call<{ id: string }>('POST', '/v1/billing/plans', {
        product_id: productGatewayId,
        name,
        billing_cycles: [
          {
            frequency: {
              interval_unit: UNIT[price.interval],
              interval_count: price.interval_count,
            },
            tenure_type: 'REGULAR',
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: {
              fixed_price: {
                value: (price.amount / 100).toFixed(2),
                currency_code: price.currency.toUpperCase(),
              },
            },
          },
        ],
        payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
      });
      return created.id;
    },

    async archivePrice(gatewayId: string): Promise<void> {
      await call('POST', `/v1/billing/plans/${encodeURIComponent(gatewayId)}/deactivate`);
    },

    /** A PayPal subscription waiting for the buyer's approval: answers the approval page. */
    async checkout(input: {
      priceGatewayId: string;
      userId: number;
      returnUrl: string;
      cancelUrl: string;
    }): Promise<string> {
      const created = await call<PaypalSubscription>('POST', '/v1/billing/subscriptions', {
        plan_id: input.priceGatewayId,
        custom_id: String(input.userId),
        application_context: {
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          user_action: 'SUBSCRIBE_NOW',
        },
      });
      const approve = created.links?.find((link) => link.rel === 'approve')?.href;
      if (!approve) throw new PaypalError(502, 'PayPal answered a subscription without approval.');
      return approve;
    },

    subscription,

    /** PayPal cannot end a subscription later: it is suspended (no more charges) until then. */
    async suspend(id: string): Promise<void> {
      await call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/suspend`, {
        reason: 'Cancelled at the end of the period',
      });
    },

    async activate(id: string): Promise<void> {
      await call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/activate`, {
        reason: 'Resumed',
      });
    },

    async cancelNow(id: string): Promise<void> {
      await call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, {
        reason: 'Cancelled',
      });
    },

    async changePrice(id: string, priceGatewayId: string): Promise<void> {
      await call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/revise`, {
        plan_id: priceGatewayId,
      });
    },

    /**
     * Asks PayPal whether a webhook delivery is genuine. The event is passed on as the raw
     * bytes received (re-serialising it could change what was signed).
     */
    async verify(headers: Record<string, string | string[] | undefined>, rawBody: string) {
      const header = (name: string) => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: settings.webhookId,
      };
      if (Object.values(fields).some((value) => !value)) return false;
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
      const answer = await call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        body,
      );
      return answer.verification_status === 'SUCCESS';
    },
  };
}

export type PaypalGateway = ReturnType<typeof createPaypalGateway>;
