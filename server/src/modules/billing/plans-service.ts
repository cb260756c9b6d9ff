import type { AdminPlan, PlanInput, PlanUpdate, Product } from '@backbeat/common/billing/schemas';
import { DomainError, notFound } from '../../lib/domain-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import type { PaypalGateway } from './gateways/paypal.ts';
import type { StripeGateway } from './gateways/stripe.ts';
import type { ProductColumns, ProductsRepository } from './products-repository.ts';

export interface BillingGateways {
  stripe: StripeGateway | null;
  paypal: PaypalGateway | null;
}

export type PlansService = ReturnType<typeof createPlansService>;

const flag = (value: boolean | undefined) => (value ? 1 : 0);
const PROVIDERS = ['stripe', 'paypal'] as const;

function columnsOf(input: PlanUpdate): Partial<ProductColumns> {
  const columns: Partial<ProductColumns> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.description !== undefined) columns.description = input.description || null;
  if (input.hidden !== undefined) columns.hidden = flag(input.hidden);
  if (input.recommended !== undefined) columns.recommended = flag(input.recommended);
  if (input.free !== undefined) columns.free = flag(input.free);
  if (input.no_ads !== undefined) columns.no_ads = flag(input.no_ads);
  if (input.position !== undefined) columns.position = input.position;
  if (input.feature_list !== undefined) columns.feature_list = JSON.stringify(input.feature_list);
  if (input.permissions !== undefined) {
    columns.permissions = JSON.stringify(
      input.permissions.map((p) => ({ name: p.name, restrictions: p.restrictions ?? [] })),
    );
  }
  return columns;
}

export const publicProduct = (plan: AdminPlan): Product => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  hidden: plan.hidden,
  recommended: plan.recommended,
  free: plan.free,
  feature_list: plan.feature_list,
  prices: plan.prices,
});

/**
 * Plans (products with prices, issue 15): admins edit them here; each save is pushed to the
 * configured providers (Stripe products and prices, PayPal catalog products and plans).
 * Providers' prices cannot change amount, so a changed price gets a new provider price and
 * the old one is archived (subscribers keep paying it until they change plan).
 */
export function createPlansService(deps: {
  products: ProductsRepository;
  gateways: BillingGateways;
  onError: (error: unknown, context: string) => void;
}) {
  const { products, gateways } = deps;

  async function found(id: number): Promise<AdminPlan> {
    const plan = await products.find(id);
    if (!plan) throw notFound();
    return plan;
  }

  async function replacePrices(productId: number, prices: NonNullable<PlanUpdate['prices']>) {
    const existing = await products.pricesOfProduct(productId);
    const kept = new Set<number>();
    for (const [position, price] of prices.entries()) {
      const current = price.id ? existing.find((row) => row.id === price.id) : undefined;
      if (!current) {
        await products.insertPrice(productId, position, {
          amount: price.amount,
          currency: price.currency,
          interval: price.interval,
          interval_count: price.interval_count,
        });
        continue;
      }
      kept.add(current.id);
      const changed =
        current.amount !== price.amount ||
        current.currency !== price.currency ||
        current.interval !== price.interval ||
        current.interval_count !== price.interval_count;
      if (changed) await archive(current);
      await products.updatePrice(current.id, {
        amount: price.amount,
        currency: price.currency,
        interval: price.interval,
        interval_count: price.interval_count,
        position,
        ...(changed ? { stripe_id: null, paypal_id: null } : {}),
      });
    }
    const removed = existing.filter((row) => !kept.has(row.id));
    for (const row of removed) await archive(row);
    await products.deletePrices(removed.map((row) => row.id));
  }

  async function archive(row: { stripe_id: string | null; paypal_id: string | null }) {
    try {
      if (row.stripe_id) await gateways.stripe?.archivePrice(row.stripe_id);
      if (row.paypal_id) await gateways.paypal?.archivePrice(row.paypal_id);
    } catch (error) {
      // An old provider price left active harms no one: nothing offers it any more.
      deps.onError(error, 'billing: archiving a provider price');
    }
  }

  /** Pushes a paid plan and its prices to every configured provider. */
  async function sync(plan: AdminPlan): Promise<void> {
    if (plan.free) return;
    const rows = await products.pricesOfProduct(plan.id);
    for (const name of PROVIDERS) {
      const gateway = gateways[name];
      if (!gateway) continue;
      try {
        const productId = await gateway.syncProduct({
          id: plan.id,
          name: plan.name,
          description: plan.description,
          gatewayId: name === 'stripe' ? plan.stripe_id : plan.paypal_id,
        });
        await products.update(plan.id, { [`${name}_id`]: productId });
        for (const row of rows) {
          if (row[`${name}_id`]) continue;
          const id = await gateway.createPrice(productId, row, plan.name);
          await products.updatePrice(row.id, { [`${name}_id`]: id });
        }
      } catch (error) {
        deps.onError(error, `billing: syncing plan ${plan.id} with ${name}`);
        throw new DomainError(
          'invalid',
          `The plan was saved, but ${name === 'stripe' ? 'Stripe' : 'PayPal'} could not be updated. Save it again to retry.`,
        );
      }
    }
  }

  /** The configured providers a paid plan, or one of its prices, is not pushed to yet. */
  const unsyncedWith = (
    plan: AdminPlan,
    rows: { stripe_id: string | null; paypal_id: string | null }[],
  ) =>
    PROVIDERS.filter(
      (name) => gateways[name] && (!plan[`${name}_id`] || rows.some((row) => !row[`${name}_id`])),
    );

  return {
    found,
    sync,
    /**
     * Pushes the paid plans a configured provider lacks (issue 36.2): plans saved before the
     * provider's keys were set stayed unknown to it until saved again, and nobody could buy
     * them there. Run at start; a plan that fails is logged and left for the next start or
     * checkout, the others still go.
     */
    async syncWithProviders(): Promise<number> {
      let synced = 0;
      for (const plan of await products.all({ includeHidden: true })) {
        if (plan.free) continue;
        if (!unsyncedWith(plan, await products.pricesOfProduct(plan.id)).length) continue;
        try {
          await sync(plan);
          synced++;
        } catch {
          // sync logged it (onError); checkout tries again for this plan.
        }
      }
      return synced;
    },
    /** Whether a configured provider lacks this plan or its price: checkout syncs it first. */
    async needsSync(plan: AdminPlan, priceId: number): Promise<boolean> {
      const rows = (await products.pricesOfProduct(plan.id)).filter((row) => row.id === priceId);
      return unsyncedWith(plan, rows).length > 0;
    },
    async publicList(): Promise<Product[]> {
      return (await products.all({ includeHidden: false })).map(publicProduct);
    },
    async page(query: Parameters<ProductsRepository['page']>[0]) {
      const { rows, total } = await products.page(query);
      return paginate(rows, query.page, query.perPage, total);
    },
    async create(input: PlanInput): Promise<AdminPlan> {
      const id = await products.insert({
        name: input.name,
        description: input.description || null,
        hidden: flag(input.hidden),
        recommended: flag(input.recommended),
        free: flag(input.free),
        no_ads: flag(input.no_ads),
        position: input.position ?? 0,
        feature_list: JSON.stringify(input.feature_list ?? []),
        permissions: columnsOf({ permissions: input.permissions ?? [] }).permissions!,
        stripe_id: null,
        paypal_id: null,
      });
      await replacePrices(id, input.prices ?? []);
      await sync(await found(id));
      return found(id);
    },
    async update(id: number, input: PlanUpdate): Promise<AdminPlan> {
      await found(id);
      const columns = columnsOf(input);
      if (Object.keys(columns).length) await products.update(id, columns);
      if (input.prices) await replacePrices(id, input.prices);
      await sync(await found(id));
      return found(id);
    },
    async deleteMany(ids: number[]): Promise<number> {
      const wanted = [...new Set(ids)];
      if ((await products.existingIds(wanted)).length !== wanted.length) throw notFound();
      return products.deleteMany(wanted);
    },
  };
}
