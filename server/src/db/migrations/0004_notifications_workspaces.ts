import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/** Notifications (in-app rows, channel choices, browser push) and workspaces with invites. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await t
    .withId(db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('data', t.json, (c) => c.notNull())
    // What the notification is about (`workspace_invite:<id>`), so it can be withdrawn.
    .addColumn('reference', 'varchar(191)')
    .addColumn('read_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_unread_idx')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();
  await db.schema
    .createIndex('notifications_reference_idx')
    .on('notifications')
    .column('reference')
    .execute();

  // Only the choices a user changed; the type registry holds the defaults.
  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notif_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('channels', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_subscriptions_pk', ['user_id', 'notif_id'])
    .execute();

  await t
    .withId(db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  await t
    .withId(db.schema.createTable('workspaces'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workspace_members_user_idx')
    .on('workspace_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('workspace_invites')
    // Random and unguessable: it travels in links and notifications.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('workspace_invites_email_unique', ['workspace_id', 'email'])
    .execute();
  await db.schema
    .createIndex('workspace_invites_email_idx')
    .on('workspace_invites')
    .column('email')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'workspace_invites',
    'workspace_members',
    'workspaces',
    'push_subscriptions',
    'notification_subscriptions',
    'notifications',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
