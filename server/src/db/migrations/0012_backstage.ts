import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Backstage (issue 11): who may edit an artist (`artist_members`), the artists' requests to
 * the admin queue (`backstage_requests`), and what the catalog needs for drafts, scheduled
 * releases and downloads. `is_public` stays the one column every listing reads: backstage
 * keeps it equal to "published, public and released".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('artist_members')
    .addColumn('artist_id', 'integer', (c) =>
      c.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('owner'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('artist_members_pk', ['artist_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('artist_members_user_idx')
    .on('artist_members')
    .columns(['user_id', 'artist_id'])
    .execute();

  await t
    .withId(db.schema.createTable('backstage_requests'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('artist_id', 'integer', (c) => c.references('artists.id').onDelete('set null'))
    .addColumn('artist_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('company', 'varchar(255)')
    .addColumn('role', 'varchar(255)')
    .addColumn('links', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('file_entry_ids', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('deny_reason', 'text')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('backstage_requests_status_idx')
    .on('backstage_requests')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('backstage_requests_user_idx')
    .on('backstage_requests')
    .column('user_id')
    .execute();

  for (const table of ['tracks', 'albums'] as const) {
    // draft | published; existing music is published.
    await db.schema
      .alterTable(table)
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('published'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('visibility', 'varchar(10)', (c) => c.notNull().defaultTo('public'))
      .execute();
    // A scheduled release: hidden until then.
    await db.schema.alterTable(table).addColumn('release_at', t.timestamp).execute();
    await db.schema
      .alterTable(table)
      .addColumn('released_notified', t.flag, (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema
    .alterTable('tracks')
    .addColumn('downloadable', t.flag, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('tracks').addColumn('file_entry_id', 'integer').execute();
  await db.schema
    .createIndex('tracks_release_idx')
    .on('tracks')
    .columns(['released_notified', 'release_at'])
    .execute();
  await db.schema
    .createIndex('albums_release_idx')
    .on('albums')
    .columns(['released_notified', 'release_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('albums_release_idx').ifExists().execute();
  await db.schema.dropIndex('tracks_release_idx').ifExists().execute();
  await db.schema.alterTable('tracks').dropColumn('file_entry_id').execute();
  await db.schema.alterTable('tracks').dropColumn('downloadable').execute();
  for (const table of ['tracks', 'albums'] as const) {
    for (const column of ['released_notified', 'release_at', 'visibility', 'status']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  await db.schema.dropTable('backstage_requests').ifExists().execute();
  await db.schema.dropTable('artist_members').ifExists().execute();
}
