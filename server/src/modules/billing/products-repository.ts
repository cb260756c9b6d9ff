import type { Selectable } from 'kysely';
import type { Permission } from '@backbeat/common';
import type { AdminPlan, Price } from '@backbeat/common/billing/schemas';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { BillingPricesTable, BillingProductsTable } from '../../db/billing-schema.ts';
import { escapeLike, like } from '../../db/like.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { sql } from 'kysely';

type ProductRow = Selectable<BillingProductsTable>;
export type PriceRow = Selectable<BillingPricesTable>;

export type ProductColumns = Omit<BillingProductsTable, 'id' | 'created_at' | 'updated_at'>;
export type PriceColumns = Pick<
  BillingPricesTable,
  'amount' | 'currency' | 'interval' | 'interval_count'
>;

export const presentPrice = (row: PriceRow): Price => ({
  id: row.id,
  amount: row.amount,
  currency: row.currency,
  interval: row.interval,
  interval_count: row.interval_count,
});

function presentPlan(row: ProductRow, prices: PriceRow[]): AdminPlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    hidden: row.hidden === 1,
    recommended: row.recommended === 1,
    free: row.free === 1,
    no_ads: row.no_ads === 1,
    position: row.position,
    feature_list: JSON.parse(row.feature_list) as string[],
    permissions: JSON.parse(row.permissions) as Permission[],
    prices: prices.map(presentPrice),
    stripe_id: row.stripe_id,
    paypal_id: row.paypal_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Plans and their prices (SQL only; rules live in plans-service.ts). */
export function createProductsRepository(db: Db) {
  async function pricesOf(productIds: number[]): Promise<Map<number, PriceRow[]>> {
    const byProduct = new Map<number, PriceRow[]>();
    if (!productIds.length) return byProduct;
    const rows = await db
      .selectFrom('billing_prices')
      .selectAll()
      .where('product_id', 'in', productIds)
      .orderBy('position')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
    }
    return byProduct;
  }

  async function withPrices(rows: ProductRow[]): Promise<AdminPlan[]> {
    const prices = await pricesOf(rows.map((row) => row.id));
    return rows.map((row) => presentPlan(row, prices.get(row.id) ?? []));
  }

  return {
    async all(options: { includeHidden: boolean }): Promise<AdminPlan[]> {
      let query = db.selectFrom('billing_products').selectAll();
      if (!options.includeHidden) query = query.where('hidden', '=', 0);
      return withPrices(await query.orderBy('position').orderBy('id').execute());
    },

    async page(request: {
      page: number;
      perPage: number;
      sort: { column: 'name' | 'position' | 'created_at'; order: 'asc' | 'desc' };
      query?: string;
      hidden?: 'yes' | 'no';
    }): Promise<{ rows: AdminPlan[]; total: number }> {
      const { limit, offset } = pageWindow(request.page, request.perPage);
      let query = db.selectFrom('billing_products');
      const text = request.query?.trim().toLowerCase();
      if (text) query = query.where(like(sql`lower(name)`, `%${escapeLike(text)}%`));
      if (request.hidden) query = query.where('hidden', '=', request.hidden === 'yes' ? 1 : 0);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy(request.sort.column, request.sort.order)
          .orderBy('id', request.sort.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      ]);
      return { rows: await withPrices(rows), total: Number(count?.total ?? 0) };
    },

    async find(id: number): Promise<AdminPlan | null> {
      const row = await db
        .selectFrom('billing_products')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? ((await withPrices([row]))[0] ?? null) : null;
    },

    async findPrice(id: number): Promise<PriceRow | null> {
      return (
        (await db
          .selectFrom('billing_prices')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst()) ?? null
      );
    },

    async pricesOfProduct(productId: number): Promise<PriceRow[]> {
      return (await pricesOf([productId])).get(productId) ?? [];
    },

    /** The price a provider knows by its id (Stripe price id or PayPal plan id). */
    async findPriceByGatewayId(gateway: 'stripe' | 'paypal', gatewayId: string) {
      return (
        (await db
          .selectFrom('billing_prices')
          .selectAll()
          .where(gateway === 'stripe' ? 'stripe_id' : 'paypal_id', '=', gatewayId)
          .executeTakeFirst()) ?? null
      );
    },

    async insert(columns: ProductColumns): Promise<number> {
      const at = nowIso();
      const row = await db
        .insertInto('billing_products')
        .values({ ...columns, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, columns: Partial<ProductColumns>): Promise<void> {
      await db
        .updateTable('billing_products')
        .set({ ...columns, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    async insertPrice(productId: number, position: number, price: PriceColumns): Promise<number> {
      const row = await db
        .insertInto('billing_prices')
        .values({
          ...price,
          product_id: productId,
          position,
          stripe_id: null,
          paypal_id: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updatePrice(
      id: number,
      columns: Partial<
        PriceColumns & Pick<BillingPricesTable, 'position' | 'stripe_id' | 'paypal_id'>
      >,
    ): Promise<void> {
      await db.updateTable('billing_prices').set(columns).where('id', '=', id).execute();
    },

    async deletePrices(ids: number[]): Promise<void> {
      if (ids.length) await db.deleteFrom('billing_prices').where('id', 'in', ids).execute();
    },

    async existingIds(ids: number[]): Promise<number[]> {
      const rows = await db
        .selectFrom('billing_products')
        .select('id')
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => row.id);
    },

    async deleteMany(ids: number[]): Promise<number> {
      const result = await db.deleteFrom('billing_products').where('id', 'in', ids).execute();
      return Number(result[0]?.numDeletedRows ?? 0);
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
