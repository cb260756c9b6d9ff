import { sql, type Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Who sees a library folder's music (issue 18): everyone (the site catalog) or chosen users
 * and roles. A track or album that would be listed but belongs to a restricted folder keeps
 * `is_public` 0 and names the folder in `access_folder_id`, so every query that shows public
 * music hides it and only the access check lets the chosen few in. Artists that exist only
 * through such a folder carry it too. `library_folder_id` is where a track's file is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('library_folders')
    // everyone | chosen
    .addColumn('access', 'varchar(20)', (c) => c.notNull().defaultTo('everyone'))
    .execute();

  await db.schema
    .createTable('library_folder_grants')
    .addColumn('folder_id', 'integer', (c) =>
      c.notNull().references('library_folders.id').onDelete('cascade'),
    )
    // user | role
    .addColumn('grantee_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('grantee_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('library_folder_grants_pk', [
      'folder_id',
      'grantee_type',
      'grantee_id',
    ])
    .execute();

  await db.schema.alterTable('tracks').addColumn('library_folder_id', 'integer').execute();
  await db.schema.alterTable('tracks').addColumn('access_folder_id', 'integer').execute();
  await db.schema.alterTable('albums').addColumn('access_folder_id', 'integer').execute();
  await db.schema.alterTable('artists').addColumn('access_folder_id', 'integer').execute();
  await db.schema
    .createIndex('tracks_library_folder_idx')
    .on('tracks')
    .column('library_folder_id')
    .execute();

  // Tracks scanned before this migration: their folder is the one their file is in.
  await sql`update tracks set library_folder_id = (select library_files.folder_id from library_files where library_files.track_id = tracks.id limit 1)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tracks_library_folder_idx').ifExists().execute();
  await db.schema.alterTable('artists').dropColumn('access_folder_id').execute();
  await db.schema.alterTable('albums').dropColumn('access_folder_id').execute();
  await db.schema.alterTable('tracks').dropColumn('access_folder_id').execute();
  await db.schema.alterTable('tracks').dropColumn('library_folder_id').execute();
  await db.schema.dropTable('library_folder_grants').ifExists().execute();
  await db.schema.alterTable('library_folders').dropColumn('access').execute();
}
