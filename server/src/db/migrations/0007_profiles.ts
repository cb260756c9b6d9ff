import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * What a user shows on their profile besides name and avatar: a header image (banner), a
 * plain-text description and up to five links. One row per user, written on first edit; a
 * user without a row has an empty profile. Also lets a profile list the albums a user owns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    // The public address of the stored image (`/storage/public/profile-headers/…`).
    .addColumn('header_image', 'varchar(500)')
    .addColumn('description', 'text')
    // A JSON list of { title, url }.
    .addColumn('links', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The profile's "Albums" tab (tracks already have tracks_owner_idx).
  await db.schema.createIndex('albums_owner_idx').on('albums').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('albums_owner_idx').ifExists().execute();
  await db.schema.dropTable('user_profiles').ifExists().execute();
}
