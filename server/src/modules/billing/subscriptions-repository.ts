import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { BillingInvoicesTable, BillingSubscriptionsTable } from '../../db/billing-schema.ts';
import { escapeLike, like } from '../../db/like.ts';
import { pageWindow } from '../../lib/pagination.ts';

export type SubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type SubscriptionColumns = Omit<
  BillingSubscriptionsTable,
  'id' | 'created_at' | 'updated_at'
>;
export type InvoiceRow = Selectable<BillingInvoicesTable>;

export interface SubscriptionListRequest {
  page: number;
  perPage: number;
  sort: { column: 'created_at' | 'renews_at' | 'status'; order: 'asc' | 'desc' };
  query?: string;
  status?: 'valid' | 'canceled' | 'past_due' | 'ended';
  gateway?: 'stripe' | 'paypal' | 'none';
  now: string;
}

/** Subscriptions, invoices and handled provider events (SQL only). */
export function createSubscriptionsRepository(db: Db) {
  function filtered(request: SubscriptionListRequest) {
    let query = db
      .selectFrom('billing_subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id');
    const text = request.query?.trim().toLowerCase();
    if (text) {
      const pattern = `%${escapeLike(text)}%`;
      query = query.where((eb) =>
        eb.or([like(sql`lower(u.email)`, pattern), like(sql`lower(u.name)`, pattern)]),
      );
    }
    if (request.gateway) query = query.where('s.gateway', '=', request.gateway);
    if (request.status === 'canceled') query = query.where('s.cancel_at_period_end', '=', 1);
    if (request.status === 'past_due') query = query.where('s.status', '=', 'past_due');
    if (request.status === 'ended') {
      query = query.where((eb) =>
        eb.or([eb('s.status', '=', 'canceled'), eb('s.ends_at', '<=', request.now)]),
      );
    }
    if (request.status === 'valid') {
      query = query
        .where('s.status', 'in', ['active', 'trialing', 'past_due'])
        .where((eb) => eb.or([eb('s.ends_at', 'is', null), eb('s.ends_at', '>', request.now)]));
    }
    return query;
  }

  return {
    async page(
      request: SubscriptionListRequest,
    ): Promise<{ rows: SubscriptionRow[]; total: number }> {
      const { limit, offset } = pageWindow(request.page, request.perPage);
      const [rows, count] = await Promise.all([
        filtered(request)
          .selectAll('s')
          .orderBy(`s.${request.sort.column}`, request.sort.order)
          .orderBy('s.id', request.sort.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(request)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.total ?? 0) };
    },

    async find(id: number): Promise<SubscriptionRow | null> {
      return (
        (await db
          .selectFrom('billing_subscriptions')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst()) ?? null
      );
    },

    async findByGatewayId(gateway: 'stripe' | 'paypal', gatewayId: string) {
      return (
        (await db
          .selectFrom('billing_subscriptions')
          .selectAll()
          .where('gateway', '=', gateway)
          .where('gateway_id', '=', gatewayId)
          .executeTakeFirst()) ?? null
      );
    },

    /** Every subscription of these users, newest first. */
    async ofUsers(userIds: number[]): Promise<SubscriptionRow[]> {
      if (!userIds.length) return [];
      return db
        .selectFrom('billing_subscriptions')
        .selectAll()
        .where('user_id', 'in', userIds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async insert(columns: SubscriptionColumns): Promise<number> {
      const at = nowIso();
      const row = await db
        .insertInto('billing_subscriptions')
        .values({ ...columns, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, columns: Partial<SubscriptionColumns>): Promise<void> {
      await db
        .updateTable('billing_subscriptions')
        .set({ ...columns, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    async existingIds(ids: number[]): Promise<number[]> {
      const rows = await db
        .selectFrom('billing_subscriptions')
        .select('id')
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => row.id);
    },

    async deleteMany(ids: number[]): Promise<number> {
      const result = await db.deleteFrom('billing_subscriptions').where('id', 'in', ids).execute();
      return Number(result[0]?.numDeletedRows ?? 0);
    },

    async usersOf(ids: number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('users')
        .select(['id', 'name', 'email'])
        .where('id', 'in', ids)
        .execute();
    },

    /** Records an invoice once; a repeated report of it updates its status. */
    async upsertInvoice(invoice: Omit<BillingInvoicesTable, 'id' | 'created_at'>): Promise<void> {
      await db
        .insertInto('billing_invoices')
        .values({ ...invoice, created_at: nowIso() })
        .onConflict((oc) =>
          oc.columns(['gateway', 'gateway_id']).doUpdateSet({
            status: invoice.status,
            url: invoice.url,
            amount: invoice.amount,
          }),
        )
        .execute();
    },

    async invoicesOf(userId: number, limit: number): Promise<InvoiceRow[]> {
      return db
        .selectFrom('billing_invoices')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Claims a provider event: true the first time its id is seen, false for a repeat (the
     * primary key decides, so two deliveries racing on two instances claim it once).
     */
    async claimEvent(gateway: 'stripe' | 'paypal', eventId: string, type: string) {
      const result = await db
        .insertInto('billing_webhook_events')
        .values({ gateway, event_id: eventId, type, received_at: nowIso() })
        .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Gives an event back when handling it failed, so the provider's retry is handled. */
    async releaseEvent(gateway: 'stripe' | 'paypal', eventId: string): Promise<void> {
      await db
        .deleteFrom('billing_webhook_events')
        .where('gateway', '=', gateway)
        .where('event_id', '=', eventId)
        .execute();
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
