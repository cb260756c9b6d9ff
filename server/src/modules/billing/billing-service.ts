import type { Permission, User, UserSubscription } from '@backbeat/common';
import {
  FREE_PLAN_NAME,
  type PaymentGateway,
  type Subscription,
} from '@backbeat/common/billing/schemas';
import { DomainError, notFound, validationFailed } from '../../lib/domain-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import type { ProviderSubscription } from './gateways/types.ts';
import type { BillingGateways, PlansService } from './plans-service.ts';
import type { ProductsRepository } from './products-repository.ts';
import {
  columnsFromProvider,
  createSubscriptionPresenter,
  isValid,
  presentInvoice,
} from './subscription-state.ts';
import type {
  SubscriptionListRequest,
  SubscriptionRow,
  SubscriptionsRepository,
} from './subscriptions-repository.ts';

export type BillingService = ReturnType<typeof createBillingService>;

const INVOICES_SHOWN = 24;
const notSubscribed = () => new DomainError('not_found', 'You have no subscription.');

/**
 * Subscriptions (issue 15): checkout and its return, the subscriber's own billing actions,
 * the admin's, and what a subscription grants. The provider is the source of truth: every
 * change goes to it first and the local row is then written from what it answers.
 */
export function createBillingService(deps: {
  subscriptions: SubscriptionsRepository;
  products: ProductsRepository;
  plans: Pick<PlansService, 'found' | 'sync' | 'needsSync'>;
  gateways: BillingGateways;
  billingEnabled: () => Promise<boolean>;
  /** Forgets the cached grants of a user whose subscription changed (users service). */
  forgetUser: (userId: number) => void;
}) {
  const { subscriptions, products, gateways } = deps;
  const presentMany = createSubscriptionPresenter({ products, subscriptions });
  const present = async (row: SubscriptionRow, withUser = false) =>
    (await presentMany([row], withUser))[0]!;

  async function reload(id: number): Promise<SubscriptionRow> {
    const row = await subscriptions.find(id);
    if (!row) throw notFound();
    return row;
  }

  /** Writes what a provider reports about a subscription; null when it is nobody's here. */
  async function apply(
    gateway: PaymentGateway,
    report: ProviderSubscription,
    userId: number | null = null,
  ): Promise<SubscriptionRow | null> {
    const existing = await subscriptions.findByGatewayId(gateway, report.gatewayId);
    const owner = existing?.user_id ?? userId ?? report.userId;
    if (!owner) return null;
    const price = report.priceGatewayId
      ? await products.findPriceByGatewayId(gateway, report.priceGatewayId)
      : null;
    const columns = columnsFromProvider(gateway, report, existing, price, owner);
    let id = existing?.id;
    if (id) await subscriptions.update(id, columns);
    else id = await subscriptions.insert(columns);
    deps.forgetUser(owner);
    return reload(id);
  }

  /** The provider's current state of a subscription, read again (the truth when in doubt). */
  async function refresh(row: SubscriptionRow): Promise<SubscriptionRow> {
    if (row.gateway === 'none' || !row.gateway_id) return row;
    const report =
      row.gateway === 'stripe'
        ? await stripe().subscription(row.gateway_id)
        : await paypal().subscription(row.gateway_id);
    return (await apply(row.gateway, report)) ?? row;
  }

  function stripe() {
    if (!gateways.stripe) throw new DomainError('invalid', 'Stripe is not configured.');
    return gateways.stripe;
  }
  function paypal() {
    if (!gateways.paypal) throw new DomainError('invalid', 'PayPal is not configured.');
    return gateways.paypal;
  }

  /** The user's subscription that counts: the valid one, else the latest. */
  async function currentRow(userId: number): Promise<SubscriptionRow | null> {
    const rows = await subscriptions.ofUsers([userId]);
    return rows.find((row) => isValid(row)) ?? rows[0] ?? null;
  }
  async function validRow(userId: number): Promise<SubscriptionRow> {
    const row = await currentRow(userId);
    if (!row || !isValid(row)) throw notSubscribed();
    return row;
  }

  /** A plan and price that go together, and can be paid for. */
  async function paidChoice(productId: number, priceId: number) {
    const plan = await products.find(productId);
    const price = plan?.prices.find((p) => p.id === priceId);
    if (!plan || !price) {
      throw validationFailed({ price_id: ['This plan or price does not exist.'] });
    }
    if (plan.free) throw validationFailed({ product_id: ['This plan is free: nothing to pay.'] });
    // A provider configured after the plan was saved gets it now (issue 36.2). One that
    // cannot be reached (logged by sync) leaves the others to pay with.
    if (await deps.plans.needsSync(plan, priceId)) await deps.plans.sync(plan).catch(() => {});
    const row = await products.findPrice(priceId);
    return { plan, price: row! };
  }

  async function changeState(
    row: SubscriptionRow,
    change: { cancelAtPeriodEnd?: boolean; cancelNow?: boolean },
  ): Promise<SubscriptionRow> {
    if (row.gateway === 'stripe' && row.gateway_id) {
      const report = change.cancelNow
        ? await stripe().cancelNow(row.gateway_id)
        : await stripe().setCancelAtPeriodEnd(row.gateway_id, change.cancelAtPeriodEnd ?? false);
      return (await apply('stripe', report)) ?? row;
    }
    if (row.gateway === 'paypal' && row.gateway_id) {
      const id = row.gateway_id;
      if (change.cancelNow) await paypal().cancelNow(id);
      else if (change.cancelAtPeriodEnd) await paypal().suspend(id);
      else await paypal().activate(id);
      // Noted before the re-read, which tells a suspension for the period from a failed payment.
      await subscriptions.update(row.id, {
        cancel_at_period_end: change.cancelAtPeriodEnd ? 1 : 0,
      });
      return refresh(await reload(row.id));
    }
    // A manual subscription: ends now, at its end date, or not at all.
    const now = new Date().toISOString();
    await subscriptions.update(row.id, {
      ...(change.cancelNow
        ? { status: 'canceled', ends_at: now, cancel_at_period_end: 0 }
        : change.cancelAtPeriodEnd
          ? { cancel_at_period_end: 1, ends_at: row.renews_at ?? row.ends_at ?? now }
          : { cancel_at_period_end: 0, ends_at: row.renews_at ?? null }),
    });
    deps.forgetUser(row.user_id);
    return reload(row.id);
  }

  async function changePlan(row: SubscriptionRow, productId: number, priceId: number) {
    const { price } = await paidChoice(productId, priceId);
    if (row.gateway === 'stripe' && row.gateway_id && price.stripe_id) {
      return (
        (await apply('stripe', await stripe().changePrice(row.gateway_id, price.stripe_id))) ?? row
      );
    }
    if (row.gateway === 'paypal' && row.gateway_id && price.paypal_id) {
      await paypal().changePrice(row.gateway_id, price.paypal_id);
      await subscriptions.update(row.id, { product_id: productId, price_id: priceId });
      return refresh(await reload(row.id));
    }
    if (row.gateway !== 'none') {
      throw validationFailed({
        price_id: ['This price cannot be paid with your payment provider.'],
      });
    }
    await subscriptions.update(row.id, { product_id: productId, price_id: priceId });
    deps.forgetUser(row.user_id);
    return reload(row.id);
  }

  return {
    apply,
    refresh,
    present,

    gateways(): PaymentGateway[] {
      return (['stripe', 'paypal'] as const).filter((name) => gateways[name] !== null);
    },

    async checkout(
      user: User,
      input: { product_id: number; price_id: number; gateway: PaymentGateway },
      baseUrl: string,
    ): Promise<string> {
      const current = await currentRow(user.id);
      if (current && isValid(current)) {
        throw new DomainError(
          'conflict',
          'You are already subscribed. Change your plan from billing.',
        );
      }
      const { price } = await paidChoice(input.product_id, input.price_id);
      const back = `${baseUrl}/checkout/${input.product_id}/${input.price_id}`;
      if (input.gateway === 'stripe') {
        if (!price.stripe_id) throw validationFailed({ gateway: ['Stripe is not available.'] });
        const previous = (await subscriptions.ofUsers([user.id])).find(
          (row) => row.gateway === 'stripe' && row.gateway_customer_id,
        );
        return stripe().checkout({
          priceGatewayId: price.stripe_id,
          userId: user.id,
          email: user.email,
          customerId: previous?.gateway_customer_id ?? null,
          successUrl: `${back}/stripe/done?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: back,
        });
      }
      if (!price.paypal_id) throw validationFailed({ gateway: ['PayPal is not available.'] });
      return paypal().checkout({
        priceGatewayId: price.paypal_id,
        userId: user.id,
        returnUrl: `${back}/paypal/done`,
        cancelUrl: back,
      });
    },

    async completeStripe(user: User, sessionId: string): Promise<Subscription> {
      const { userId, subscription } = await stripe().subscriptionOfSession(sessionId);
      if (userId !== user.id) throw notFound();
      if (!subscription) throw new DomainError('conflict', 'The payment is not complete yet.');
      const row = await apply('stripe', subscription, user.id);
      await recordStripeInvoices(row);
      return present(row!);
    },

    async completePaypal(user: User, subscriptionId: string): Promise<Subscription> {
      const report = await paypal().subscription(subscriptionId);
      if (report.userId !== user.id) throw notFound();
      if (report.status === 'incomplete') {
        throw new DomainError('conflict', 'PayPal has not confirmed the subscription yet.');
      }
      return present((await apply('paypal', report, user.id))!);
    },

    async mine(user: User) {
      const row = await currentRow(user.id);
      const invoices = await subscriptions.invoicesOf(user.id, INVOICES_SHOWN);
      return {
        subscription: row ? await present(row) : null,
        invoices: invoices.map(presentInvoice),
      };
    },

    cancelMine: async (user: User) =>
      present(await changeState(await validRow(user.id), { cancelAtPeriodEnd: true })),
    resumeMine: async (user: User) =>
      present(await changeState(await validRow(user.id), { cancelAtPeriodEnd: false })),
    changeMyPlan: async (user: User, choice: { product_id: number; price_id: number }) =>
      present(await changePlan(await validRow(user.id), choice.product_id, choice.price_id)),

    async paymentMethod(user: User, baseUrl: string): Promise<string> {
      const row = await validRow(user.id);
      if (row.gateway !== 'stripe' || !row.gateway_id || !row.gateway_customer_id) {
        throw new DomainError(
          'invalid',
          'The payment method of this subscription is managed by its provider.',
        );
      }
      return stripe().paymentMethodSession({
        customerId: row.gateway_customer_id,
        subscriptionGatewayId: row.gateway_id,
        successUrl: `${baseUrl}/billing/change-payment-method/done?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${baseUrl}/billing/change-payment-method`,
      });
    },

    async paymentMethodDone(user: User, sessionId: string): Promise<Subscription> {
      const row = await validRow(user.id);
      if (row.gateway !== 'stripe' || !row.gateway_id) throw notSubscribed();
      const done = await stripe().finishPaymentMethodSession(sessionId, row.gateway_id);
      if (!done) throw notFound('This card change was not completed.');
      return present(await refresh(row));
    },

    // Admin (subscriptions.update)
    async page(request: SubscriptionListRequest) {
      const { rows, total } = await subscriptions.page(request);
      return paginate(await presentMany(rows, true), request.page, request.perPage, total);
    },
    show: async (id: number) => present(await reload(id), true),
    async grant(input: {
      user_id: number;
      product_id: number;
      price_id?: number | null;
      ends_at?: string | null;
    }) {
      const plan = await deps.plans.found(input.product_id);
      const known = (await subscriptions.usersOf([input.user_id])).length > 0;
      if (!known) throw validationFailed({ user_id: ['There is no such user.'] });
      const priceId = input.price_id ?? null;
      if (priceId !== null && !plan.prices.some((p) => p.id === priceId)) {
        throw validationFailed({ price_id: ['This price is not one of the plan’s.'] });
      }
      const id = await subscriptions.insert({
        user_id: input.user_id,
        product_id: plan.id,
        price_id: priceId,
        gateway: 'none',
        gateway_id: null,
        gateway_customer_id: null,
        status: 'active',
        cancel_at_period_end: 0,
        renews_at: null,
        ends_at: input.ends_at ?? null,
        grace_ends_at: null,
      });
      deps.forgetUser(input.user_id);
      return present(await reload(id), true);
    },
    async update(
      id: number,
      input: { product_id?: number; price_id?: number | null; ends_at?: string | null },
    ) {
      let row = await reload(id);
      if (input.product_id !== undefined && input.product_id !== row.product_id) {
        if (row.gateway !== 'none' && input.price_id) {
          row = await changePlan(row, input.product_id, input.price_id);
        } else {
          await deps.plans.found(input.product_id);
          await subscriptions.update(id, {
            product_id: input.product_id,
            price_id: input.price_id ?? null,
          });
        }
      }
      if (input.ends_at !== undefined && row.gateway === 'none') {
        await subscriptions.update(id, { ends_at: input.ends_at });
      }
      deps.forgetUser(row.user_id);
      return present(await reload(id), true);
    },
    adminCancel: async (id: number, atOnce: boolean) =>
      present(
        await changeState(
          await reload(id),
          atOnce ? { cancelNow: true } : { cancelAtPeriodEnd: true },
        ),
        true,
      ),
    adminResume: async (id: number) =>
      present(await changeState(await reload(id), { cancelAtPeriodEnd: false }), true),
    async deleteMany(ids: number[]): Promise<number> {
      const wanted = [...new Set(ids)];
      const rows = await Promise.all(wanted.map((id) => subscriptions.find(id)));
      if (rows.some((row) => !row)) throw notFound();
      const deleted = await subscriptions.deleteMany(wanted);
      for (const row of rows) deps.forgetUser(row!.user_id);
      return deleted;
    },

    /**
     * What billing adds to a user (users service): their subscriptions, and the permissions of
     * their plan (the valid subscription's, else the free plan's). Nothing while billing is off.
     */
    async grantsOf(
      userId: number,
    ): Promise<{ subscriptions: UserSubscription[]; permissions: Permission[] }> {
      if (!(await deps.billingEnabled())) return { subscriptions: [], permissions: [] };
      const rows = await subscriptions.ofUsers([userId]);
      const valid = rows.find((row) => isValid(row));
      const plan = valid?.product_id ? await products.find(valid.product_id) : await freePlan();
      return {
        subscriptions: rows.map((row) => ({
          id: row.id,
          valid: isValid(row),
          active: isValid(row),
        })),
        permissions: plan?.permissions ?? [],
      };
    },

    /** The plan behind the subscription permissions (spec 1 §3): name and ads. */
    async planOf(user: User | null): Promise<{ name: string; no_ads: boolean } | null> {
      if (!(await deps.billingEnabled())) return null;
      const valid = user
        ? (await subscriptions.ofUsers([user.id])).find((row) => isValid(row))
        : undefined;
      const plan = valid?.product_id ? await products.find(valid.product_id) : await freePlan();
      return plan
        ? { name: plan.name, no_ads: plan.no_ads }
        : { name: FREE_PLAN_NAME, no_ads: false };
    },
  };

  async function freePlan() {
    return (await products.all({ includeHidden: false })).find((plan) => plan.free) ?? null;
  }

  async function recordStripeInvoices(row: SubscriptionRow | null) {
    if (!row?.gateway_id) return;
    for (const invoice of await stripe().invoicesOf(row.gateway_id)) {
      await subscriptions.upsertInvoice({
        subscription_id: row.id,
        user_id: row.user_id,
        gateway: 'stripe',
        gateway_id: invoice.gatewayId,
        amount: invoice.amount,
        currency: invoice.currency,
        status: invoice.status,
        url: invoice.url,
      });
    }
  }
}
