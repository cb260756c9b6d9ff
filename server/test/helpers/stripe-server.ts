import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A local stand-in for the parts of Stripe's API Backbeat calls, answering the same shapes,
 * so the official SDK (pointed here with host/port/protocol) runs for real and no request
 * leaves the machine. It also serves a checkout page that "pays" with a test card, and signs
 * webhook events with the SDK's own test-header helper.
 */

type Params = Record<string, unknown>;
type Interval = 'day' | 'month' | 'year';

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: Stripe.Subscription.Status;
  cancel_at_period_end: boolean;
  ended_at: number | null;
  metadata: Record<string, string>;
  default_payment_method: string | null;
  items: {
    object: 'list';
    data: { id: string; object: 'subscription_item'; price: Params; current_period_end: number }[];
  };
}

export interface StripeStandIn {
  /** For the app's config: `billing.stripe`. */
  config: { secretKey: string; webhookSecret: string; apiBase: string };
  url: string;
  products: Map<string, Params>;
  prices: Map<string, Params>;
  sessions: Map<string, Params>;
  subscriptions: Map<string, StandInSubscription>;
  invoices: Map<string, Params>;
  /** Pays an open checkout session, as the checkout page's button does. */
  pay(sessionId: string): { subscription: StandInSubscription | null; invoice: Params | null };
  /** A new invoice of a subscription, paid or failed (a renewal). */
  invoice(subscriptionId: string, paid: boolean): Params;
  /** A webhook event and its Stripe-Signature header, signed `secondsAgo` in the past. */
  signedEvent(
    type: string,
    object: unknown,
    options?: { id?: string; secondsAgo?: number; secret?: string },
  ): { payload: string; signature: string; id: string };
  /** How many calls reached each path, e.g. `POST /v1/subscriptions/sub_1`. */
  calls: string[];
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;
const periodSeconds = (interval: Interval, count: number) =>
  (interval === 'day' ? DAY : interval === 'month' ? 30 * DAY : 365 * DAY) * count;

/** `a[b][0][c]=x` form fields into nested objects and arrays, as Stripe reads them. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Params = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Params;
    });
  }
  return root;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const notFound = (response: ServerResponse, what: string) =>
  send(response, 404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Fixed port and keys, for `npm run payments:stand-in`; tests take random ones. */
export interface StripeStandInOptions {
  port?: number;
  secretKey?: string;
  webhookSecret?: string;
}

export async function startStripeStandIn(
  options: StripeStandInOptions = {},
): Promise<StripeStandIn> {
  const products = new Map<string, Params>();
  const prices = new Map<string, Params>();
  const sessions = new Map<string, Params>();
  const subscriptions = new Map<string, StandInSubscription>();
  const invoices = new Map<string, Params>();
  const setupIntents = new Map<string, Params>();
  const calls: string[] = [];
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(12).toString('hex')}`;
  const signer = new Stripe('sk_test_signer');
  let url = '';

  function newInvoice(subscription: StandInSubscription, paid: boolean): Params {
    const price = subscription.items.data[0]!.price;
    const invoice = {
      id: newId('in'),
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      amount_paid: paid ? Number(price.unit_amount) : 0,
      amount_due: Number(price.unit_amount),
      currency: String(price.currency),
      customer: subscription.customer,
      hosted_invoice_url: `${url}/invoices/${subscription.id}`,
      created: now(),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id },
      },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  function itemFor(priceId: string) {
    const price = prices.get(priceId)!;
    const recurring = price.recurring as { interval: Interval; interval_count: number };
    return {
      id: newId('si'),
      object: 'subscription_item' as const,
      price,
      current_period_end: now() + periodSeconds(recurring.interval, recurring.interval_count),
    };
  }

  function pay(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`No open session ${sessionId}`);
    session.status = 'complete';
    const customer = (session.customer as string | null) ?? newId('cus');
    session.customer = customer;
    if (session.mode === 'setup') {
      const intent = {
        id: newId('seti'),
        object: 'setup_intent',
        status: 'succeeded',
        payment_method: newId('pm'),
        metadata: (session.setup_intent_data as { metadata?: Params } | undefined)?.metadata ?? {},
      };
      setupIntents.set(intent.id, intent);
      session.setup_intent = intent.id;
      return { subscription: null, invoice: null };
    }
    const line = (session.line_items as { price: string }[])[0]!;
    const subscription: StandInSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      ended_at: null,
      metadata:
        (session.subscription_data as { metadata?: Record<string, string> } | undefined)
          ?.metadata ?? {},
      default_payment_method: newId('pm'),
      items: { object: 'list', data: [itemFor(line.price)] },
    };
    subscriptions.set(subscription.id, subscription);
    session.subscription = subscription.id;
    return { subscription, invoice: newInvoice(subscription, true) };
  }

  async function api(method: string, path: string, params: Params, response: ServerResponse) {
    const [, , resource, id, action] = path.split('/');
    if (resource === 'products' && method === 'POST') {
      const product = id
        ? products.get(id)
        : { id: newId('prod'), object: 'product', active: true };
      if (!product) return notFound(response, 'product');
      Object.assign(product, params);
      products.set(String(product.id), product);
      return send(response, 200, product);
    }
    if (resource === 'prices' && method === 'POST') {
      if (id) {
        const price = prices.get(id);
        if (!price) return notFound(response, 'price');
        price.active = params.active !== 'false';
        return send(response, 200, price);
      }
      const recurring = params.recurring as { interval: string; interval_count?: string };
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        product: params.product,
        unit_amount: Number(params.unit_amount),
        currency: params.currency,
        recurring: {
          interval: recurring.interval,
          interval_count: Number(recurring.interval_count ?? 1),
        },
      };
      prices.set(price.id, price);
      return send(response, 200, price);
    }
    if (resource === 'checkout' && id === 'sessions') {
      if (method === 'POST' && !action) {
        const session: Params = {
          id: newId('cs'),
          object: 'checkout.session',
          status: 'open',
          subscription: null,
          setup_intent: null,
          customer: params.customer ?? null,
          ...params,
        };
        session.url = `${url}/pay/${String(session.id)}`;
        sessions.set(String(session.id), session);
        return send(response, 200, session);
      }
      const session = sessions.get(action ?? '');
      if (!session) return notFound(response, 'checkout session');
      const expand = params.expand as string[] | undefined;
      const intent = session.setup_intent ? setupIntents.get(String(session.setup_intent)) : null;
      return send(response, 200, {
        ...session,
        ...(expand?.includes('setup_intent') && intent ? { setup_intent: intent } : {}),
      });
    }
    if (resource === 'subscriptions' && id) {
      const subscription = subscriptions.get(id);
      if (!subscription) return notFound(response, 'subscription');
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        subscription.ended_at = now();
      } else if (method === 'POST') {
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        }
        if (params.default_payment_method) {
          subscription.default_payment_method = String(params.default_payment_method);
        }
        const items = params.items as { price?: string }[] | undefined;
        if (items?.[0]?.price) {
          if (!prices.has(items[0].price)) return notFound(response, 'price');
          subscription.items.data = [itemFor(items[0].price)];
        }
      }
      return send(response, 200, subscription);
    }
    if (resource === 'invoices' && method === 'GET') {
      const data = [...invoices.values()].filter(
        (invoice) =>
          (invoice.parent as { subscription_details: { subscription: string } })
            .subscription_details.subscription === params.subscription,
      );
      return send(response, 200, { object: 'list', data, has_more: false, url: '/v1/invoices' });
    }
    return notFound(response, `route ${method} ${path}`);
  }

  const server = createServer((request, response) => {
    void (async () => {
      const target = new URL(request.url ?? '/', 'http://stand-in');
      const method = request.method ?? 'GET';
      const body = await readBody(request);
      calls.push(`${method} ${target.pathname}`);
      if (target.pathname.startsWith('/v1/')) {
        if (request.headers.authorization !== `Bearer ${standIn.config.secretKey}`) {
          return send(response, 401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
          });
        }
        const params =
          method === 'GET' || method === 'DELETE'
            ? parseStripeForm(target.searchParams.toString())
            : parseStripeForm(body);
        return api(method, target.pathname, params, response);
      }
      const page = /^\/pay\/([\w]+)$/.exec(target.pathname);
      const session = page ? sessions.get(page[1]!) : undefined;
      if (!page || !session) return notFound(response, 'page');
      if (method === 'POST') {
        const card = new URLSearchParams(body).get('card') ?? '';
        if (card.replace(/\s/g, '') !== '4242424242424242') {
          response.writeHead(402, { 'content-type': 'text/html' });
          return response.end('<p role="alert">Your card was declined.</p>');
        }
        pay(session.id as string);
        const success = String(session.success_url).replace(
          '{CHECKOUT_SESSION_ID}',
          String(session.id),
        );
        response.writeHead(303, { location: success });
        return response.end();
      }
      const amount = session.mode === 'setup' ? 'Update your card' : 'Subscribe';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><title>Stripe stand-in checkout</title><link rel="icon" href="data:,"></head>
<body><main><h1>${escapeHtml(amount)}</h1>
<form method="post"><label>Card number <input name="card" autocomplete="cc-number"></label>
<button type="submit">Pay</button></form>
<a href="${escapeHtml(String(session.cancel_url))}">Back</a></main></body></html>`);
    })().catch((error: unknown) => send(response, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    config: {
      secretKey: options.secretKey ?? `sk_test_${randomBytes(8).toString('hex')}`,
      webhookSecret,
      apiBase: url,
    },
    url,
    products,
    prices,
    sessions,
    subscriptions,
    invoices,
    pay,
    invoice: (subscriptionId, paid) => newInvoice(subscriptions.get(subscriptionId)!, paid),
    signedEvent(type, object, options = {}) {
      const id = options.id ?? newId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        created: now(),
        api_version: '2026-10-28.endive',
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        timestamp: now() - (options.secondsAgo ?? 0),
      });
      return { payload, signature, id };
    },
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
