import { sql, type Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * Library analysis that keeps up (issue 42): a library file's loudness, gapless figures and
 * length are measured after its scan, and its waveform only when first asked for, so an empty
 * waveform no longer tells what waits. `analysed_at` does: null until measured, set again to
 * null when the file changes. It also gives the admin the rate of the analysis (files measured
 * in the last minute). Files measured before this migration are the ones with a waveform.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('library_files').addColumn('analysed_at', t.timestamp).execute();
  await sql`update library_files set analysed_at = updated_at
    where track_id in (select id from tracks where waveform <> '[]')`.execute(db);
  await db.schema
    .createIndex('library_files_analysed_idx')
    .on('library_files')
    .column('analysed_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('library_files_analysed_idx').ifExists().execute();
  await db.schema.alterTable('library_files').dropColumn('analysed_at').execute();
}
