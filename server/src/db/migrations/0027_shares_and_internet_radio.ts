import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Public share links (a listener shares tracks, an album or a playlist as a page anyone with
 * the link may open and play, until it expires) and the internet radio stations admins list
 * for Subsonic clients (issue 38, item 2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .withId(db.schema.createTable('shares'))
    .addColumn('token', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** JSON array of `{ type: 'track' | 'album' | 'playlist', id }`, in the order given. */
    .addColumn('items', t.json, (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('expires_at', t.timestamp)
    .addColumn('visit_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_visited_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shares_user_idx').on('shares').column('user_id').execute();

  await t
    .withId(db.schema.createTable('internet_radio_stations'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('stream_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('homepage_url', 'varchar(2000)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('internet_radio_stations').ifExists().execute();
  await db.schema.dropTable('shares').ifExists().execute();
}
