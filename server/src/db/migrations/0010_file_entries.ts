import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Stored files (`file_entries`) and the uploads still on their way in (`pending_uploads`: a
 * presigned S3 key or an S3 multipart upload, remembered with its creator so that only they
 * may sign, list, complete or abort it, on any instance).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .withId(db.schema.createTable('file_entries'))
    // The client's name for the file, shown to people; never used as a path.
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    // The storage key, chosen by the server.
    .addColumn('path', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('disk', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'varchar(150)')
    .addColumn('extension', 'varchar(20)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('parent_id', 'integer', (c) => c.references('file_entries.id').onDelete('cascade'))
    .addColumn('deleted_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('file_entries_user_idx')
    .on('file_entries')
    .column('user_id')
    .execute();

  await t
    .withId(db.schema.createTable('pending_uploads'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('key', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('upload_id', 'varchar(1000)')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_uploads').ifExists().execute();
  await db.schema.dropTable('file_entries').ifExists().execute();
}
