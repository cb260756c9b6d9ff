import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for PayPal's REST API (the calls Backbeat makes, answering the same
 * shapes): OAuth client credentials, catalog products, billing plans and subscriptions, and
 * verify-webhook-signature, which checks a signature this helper makes over the exact event
 * bytes the app received.
 */

export interface PaypalStandInSubscription {
  id: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  plan_id: string;
  custom_id: string;
  status_update_time: string;
  billing_info: { next_billing_time?: string; failed_payments_count: number };
  links: { rel: string; href: string; method: string }[];
}

export interface PaypalStandIn {
  config: { clientId: string; secret: string; webhookId: string; apiBase: string };
  plans: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, PaypalStandInSubscription>;
  /** The buyer approves a subscription on PayPal's page. */
  approve(id: string): PaypalStandInSubscription;
  /** A webhook delivery: the body and the transmission headers PayPal would send. */
  signedEvent(
    eventType: string,
    resource: unknown,
    options?: { id?: string; forge?: boolean },
  ): { payload: string; headers: Record<string, string>; id: string };
  calls: string[];
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex').toUpperCase()}`;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

/** Fixed port and credentials, for `npm run payments:stand-in`; tests take random ones. */
export interface PaypalStandInOptions {
  port?: number;
  clientId?: string;
  secret?: string;
  webhookId?: string;
}

export async function startPaypalStandIn(
  options: PaypalStandInOptions = {},
): Promise<PaypalStandIn> {
  const clientId = options.clientId ?? `client-${randomBytes(4).toString('hex')}`;
  const secret = options.secret ?? randomBytes(12).toString('hex');
  const webhookId = options.webhookId ?? newId('WH');
  const signingKey = randomBytes(16).toString('hex');
  const tokens = new Set<string>();
  const plans = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, PaypalStandInSubscription>();
  const calls: string[] = [];
  let url = '';

  const sign = (transmissionId: string, time: string, event: string) =>
    createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${event}`)
      .digest('base64');
  const nextBilling = (planId: string) => {
    const plan = plans.get(planId);
    const cycle = (
      plan?.billing_cycles as
        { frequency: { interval_unit: string; interval_count: number } }[] | undefined
    )?.[0];
    const days =
      cycle?.frequency.interval_unit === 'YEAR'
        ? 365
        : cycle?.frequency.interval_unit === 'DAY'
          ? 1
          : 30;
    return new Date(
      Date.now() + days * (cycle?.frequency.interval_count ?? 1) * 86_400_000,
    ).toISOString();
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const body = await readBody(request);
    calls.push(`${method} ${path}`);
    // The buyer's approval page (PayPal's own, in real life), for trying a purchase by hand.
    const approval = /^\/approve\/([\w-]+)$/.exec(path);
    if (approval) {
      const pending = subscriptions.get(approval[1]!);
      const back = new URL(request.url ?? '/', 'http://stand-in').searchParams.get('return');
      if (!pending || !back) return send(response, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (method === 'POST') {
        approve(pending.id);
        const to = new URL(back);
        to.searchParams.set('subscription_id', pending.id);
        response.writeHead(303, { location: to.toString() });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(`<!doctype html><html lang="en"><head><title>PayPal stand-in</title><link rel="icon" href="data:,"></head>
<body><main><h1>Approve your subscription</h1>
<form method="post"><button type="submit">Agree and subscribe</button></form></main></body></html>`);
    }
    if (path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected)
        return send(response, 401, { error: 'invalid_client' });
      const token = randomBytes(12).toString('hex');
      tokens.add(token);
      return send(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token))
      return send(response, 401, { name: 'AUTHENTICATION_FAILURE' });
    if (path === '/v1/notifications/verify-webhook-signature') {
      // The event must be passed on byte for byte: it is read here as the raw text after the key.
      const marker = '"webhook_event":';
      const at = body.indexOf(marker);
      const fields = JSON.parse(`${body.slice(0, at).replace(/,\s*$/, '')}}`) as Record<
        string,
        string
      >;
      const event = body.slice(at + marker.length, -1);
      const ok =
        at > 0 &&
        fields.webhook_id === webhookId &&
        fields.transmission_sig === sign(fields.transmission_id!, fields.transmission_time!, event);
      return send(response, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    if (path === '/v1/catalogs/products' && method === 'POST') {
      return send(response, 201, { id: newId('PROD'), ...input });
    }
    if (path === '/v1/billing/plans' && method === 'POST') {
      const plan = { id: newId('P'), status: 'ACTIVE', ...input };
      plans.set(plan.id, plan);
      return send(response, 201, plan);
    }
    const planAction = /^\/v1\/billing\/plans\/([\w-]+)\/deactivate$/.exec(path);
    if (planAction) {
      const plan = plans.get(planAction[1]!);
      if (!plan) return send(response, 404, { name: 'RESOURCE_NOT_FOUND' });
      plan.status = 'INACTIVE';
      return send(response, 204);
    }
    if (path === '/v1/billing/subscriptions' && method === 'POST') {
      const planId = String(input.plan_id);
      if (!plans.has(planId)) return send(response, 422, { name: 'UNPROCESSABLE_ENTITY' });
      const id = newId('I');
      const context = input.application_context as { return_url: string };
      const subscription: PaypalStandInSubscription = {
        id,
        status: 'APPROVAL_PENDING',
        plan_id: planId,
        custom_id: String(input.custom_id),
        status_update_time: new Date().toISOString(),
        billing_info: { failed_payments_count: 0 },
        links: [
          {
            rel: 'approve',
            href: `${url}/approve/${id}?return=${encodeURIComponent(context.return_url)}`,
            method: 'GET',
          },
        ],
      };
      subscriptions.set(id, subscription);
      return send(response, 201, subscription);
    }
    const match = /^\/v1\/billing\/subscriptions\/([\w-]+)(?:\/(\w+))?$/.exec(path);
    const subscription = match ? subscriptions.get(match[1]!) : undefined;
    if (!match || !subscription) return send(response, 404, { name: 'RESOURCE_NOT_FOUND' });
    const action = match[2];
    const at = new Date().toISOString();
    if (!action && method === 'GET') return send(response, 200, subscription);
    if (action === 'suspend')
      Object.assign(subscription, { status: 'SUSPENDED', status_update_time: at });
    else if (action === 'activate')
      Object.assign(subscription, { status: 'ACTIVE', status_update_time: at });
    else if (action === 'cancel')
      Object.assign(subscription, { status: 'CANCELLED', status_update_time: at });
    else if (action === 'revise') {
      if (!plans.has(String(input.plan_id)))
        return send(response, 422, { name: 'UNPROCESSABLE_ENTITY' });
      subscription.plan_id = String(input.plan_id);
      return send(response, 200, { plan_id: subscription.plan_id, links: [] });
    } else return send(response, 404, { name: 'RESOURCE_NOT_FOUND' });
    return send(response, 204);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, { message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function approve(id: string): PaypalStandInSubscription {
    const subscription = subscriptions.get(id)!;
    subscription.status = 'ACTIVE';
    subscription.billing_info.next_billing_time = nextBilling(subscription.plan_id);
    return subscription;
  }

  return {
    config: { clientId, secret, webhookId, apiBase: url },
    plans,
    subscriptions,
    approve,
    signedEvent(eventType, resource, options = {}) {
      const id = options.id ?? newId('WH-EVT');
      const payload = JSON.stringify({
        id,
        event_type: eventType,
        resource_type: 'subscription',
        resource,
      });
      const transmissionId = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      const signature = sign(transmissionId, time, options.forge ? `${payload} ` : payload);
      return {
        id,
        payload,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${url}/certs/stand-in`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': time,
        },
      };
    },
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
