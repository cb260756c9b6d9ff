import type { Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Library folders (issue 18): folders on the server's disk whose music joins the catalog in
 * place, and every audio file seen in them (where, how big, when changed, what it holds and
 * the track it became), so rescans skip what did not change and a moved file keeps its track.
 * A scan is one job at a time per folder: `lease_token` and `lease_until` say who runs it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .withId(db.schema.createTable('library_folders'))
    .addColumn('path', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    // idle | scanning | removing
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('idle'))
    .addColumn('scan_requested_at', t.timestamp)
    .addColumn('scan_started_at', t.timestamp)
    .addColumn('scan_finished_at', t.timestamp)
    .addColumn('files_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    // host/pid/random of the runner.
    .addColumn('lease_token', 'varchar(300)')
    .addColumn('lease_until', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .withId(db.schema.createTable('library_files'))
    .addColumn('folder_id', 'integer', (c) =>
      c.notNull().references('library_folders.id').onDelete('cascade'),
    )
    .addColumn('relative_path', 'varchar(1000)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mtime_ms', 'bigint', (c) => c.notNull())
    // SHA-256 of the audio (the bytes after a leading ID3v2 tag).
    .addColumn('signature', 'varchar(64)')
    .addColumn('track_id', 'integer', (c) => c.references('tracks.id').onDelete('set null'))
    .addColumn('disc_number', 'integer')
    .addColumn('track_number', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('library_files_path_unique', ['folder_id', 'relative_path'])
    .execute();
  await db.schema
    .createIndex('library_files_signature_idx')
    .on('library_files')
    .columns(['folder_id', 'signature'])
    .execute();
  await db.schema
    .createIndex('library_files_track_idx')
    .on('library_files')
    .column('track_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('library_files').ifExists().execute();
  await db.schema.dropTable('library_folders').ifExists().execute();
}
