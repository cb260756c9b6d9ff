import type { Kysely } from 'kysely';

/**
 * The media pipeline (issue 10): what processing learned about an uploaded audio file, kept on
 * its file entry (the whole analysis as JSON, plus the few figures worth querying), and the
 * loudness of catalog tracks, which the player uses to level tracks (ReplayGain).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Real numbers read back as numbers on both dialects (PostgreSQL `real`, SQLite REAL).
  await db.schema.alterTable('file_entries').addColumn('media_status', 'varchar(20)').execute();
  await db.schema.alterTable('file_entries').addColumn('media', 'text').execute();
  await db.schema.alterTable('file_entries').addColumn('duration_ms', 'integer').execute();
  await db.schema.alterTable('file_entries').addColumn('loudness_lufs', 'real').execute();
  await db.schema
    .createIndex('file_entries_media_status_idx')
    .on('file_entries')
    .column('media_status')
    .execute();

  for (const column of ['loudness_lufs', 'true_peak_dbtp', 'track_gain_db', 'album_gain_db']) {
    await db.schema.alterTable('tracks').addColumn(column, 'real').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['album_gain_db', 'track_gain_db', 'true_peak_dbtp', 'loudness_lufs']) {
    await db.schema.alterTable('tracks').dropColumn(column).execute();
  }
  await db.schema.dropIndex('file_entries_media_status_idx').ifExists().execute();
  for (const column of ['loudness_lufs', 'duration_ms', 'media', 'media_status']) {
    await db.schema.alterTable('file_entries').dropColumn(column).execute();
  }
}
