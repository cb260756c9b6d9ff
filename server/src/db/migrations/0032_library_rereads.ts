import { sql, type Kysely } from 'kysely';

/**
 * What makes a scan read an unchanged library file again (issue 38): the scan skips a file
 * whose size and mtime did not change, so fields the scan learned to read later (migration
 * 0030: disc, size, bit rate, bit depth, MusicBrainz id) never reached the tracks of files
 * scanned before, and a side-car `.lrc` changed on its own was never seen.
 *
 * - `tags_version`: which version of the scan's reading the row's track was written by; a row
 *   below the code's `TAGS_VERSION` is read once more. Rows from before are 0, except those
 *   whose track already has the 0030 fields (read by a scan since then): version 1.
 * - `lyrics_stamp`: the size and mtime of the `.lrc` beside the file when it was read (null:
 *   none); a different one at the next scan reads the file again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('library_files')
    .addColumn('tags_version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('library_files').addColumn('lyrics_stamp', 'varchar(64)').execute();
  await sql`update library_files set tags_version = 1
    where track_id in (select id from tracks where file_size is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('library_files').dropColumn('lyrics_stamp').execute();
  await db.schema.alterTable('library_files').dropColumn('tags_version').execute();
}
