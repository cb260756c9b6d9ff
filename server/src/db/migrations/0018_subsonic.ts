import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * What Subsonic clients keep on the server: app passwords (generated, stored encrypted so
 * token sign-in can be checked, revocable), each listener's saved play queue, and ratings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .withId(db.schema.createTable('app_passwords'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('app_passwords_user_idx')
    .on('app_passwords')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('play_queues')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('track_ids', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('current_track_id', 'integer')
    .addColumn('position_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('changed_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ratings')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rateable_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('rateable_id', 'integer', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('ratings_pk', ['user_id', 'rateable_type', 'rateable_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ratings').ifExists().execute();
  await db.schema.dropTable('play_queues').ifExists().execute();
  await db.schema.dropTable('app_passwords').ifExists().execute();
}
