import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Billing (issue 15): plans (`billing_products`) with their prices, subscriptions as the
 * payment providers report them, invoices, and the provider events already handled (each
 * webhook event is processed once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .withId(db.schema.createTable('billing_products'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('hidden', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('recommended', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('free', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('no_ads', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: feature lines, and the permissions (with restrictions) a subscriber gets.
    .addColumn('feature_list', t.json, (c) => c.notNull())
    .addColumn('permissions', t.json, (c) => c.notNull())
    .addColumn('stripe_id', 'varchar(255)')
    .addColumn('paypal_id', 'varchar(255)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .withId(db.schema.createTable('billing_prices'))
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('billing_products.id').onDelete('cascade'),
    )
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('interval', 'varchar(10)', (c) => c.notNull())
    .addColumn('interval_count', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stripe_id', 'varchar(255)')
    .addColumn('paypal_id', 'varchar(255)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('billing_prices_product_idx')
    .on('billing_prices')
    .column('product_id')
    .execute();

  await t
    .withId(db.schema.createTable('billing_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) =>
      c.references('billing_products.id').onDelete('set null'),
    )
    .addColumn('price_id', 'integer', (c) => c.references('billing_prices.id').onDelete('set null'))
    .addColumn('gateway', 'varchar(10)', (c) => c.notNull())
    .addColumn('gateway_id', 'varchar(255)')
    .addColumn('gateway_customer_id', 'varchar(255)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('cancel_at_period_end', t.flag, (c) => c.notNull().defaultTo(0))
    .addColumn('renews_at', t.timestamp)
    .addColumn('ends_at', t.timestamp)
    .addColumn('grace_ends_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('billing_subscriptions_gateway_uq', ['gateway', 'gateway_id'])
    .execute();
  await db.schema
    .createIndex('billing_subscriptions_user_idx')
    .on('billing_subscriptions')
    .column('user_id')
    .execute();

  await t
    .withId(db.schema.createTable('billing_invoices'))
    .addColumn('subscription_id', 'integer', (c) =>
      c.references('billing_subscriptions.id').onDelete('set null'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gateway', 'varchar(10)', (c) => c.notNull())
    .addColumn('gateway_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('billing_invoices_gateway_uq', ['gateway', 'gateway_id'])
    .execute();
  await db.schema
    .createIndex('billing_invoices_user_idx')
    .on('billing_invoices')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('billing_webhook_events')
    .addColumn('gateway', 'varchar(10)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_webhook_events_pk', ['gateway', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'billing_webhook_events',
    'billing_invoices',
    'billing_subscriptions',
    'billing_prices',
    'billing_products',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
