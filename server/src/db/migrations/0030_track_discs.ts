import type { Kysely } from 'kysely';

/**
 * Multi-disc albums and the file facts library clients show (issue 38, items 3 and 4): a
 * track's disc (from its tags or its `CD2` folder) and that disc's title, so an album keeps
 * "Disc 1 / Disc 2" and numbers its tracks within their disc; and for library files, which
 * have no uploaded file entry, the size, average bit rate, bit depth and MusicBrainz id the
 * scan read. All null where unknown (uploads keep theirs on the file entry).
 */
const COLUMNS = [
  ['disc_number', 'integer'],
  ['disc_title', 'varchar(255)'],
  ['file_size', 'bigint'],
  ['bitrate', 'integer'],
  ['bit_depth', 'integer'],
  ['musicbrainz_id', 'varchar(64)'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column a statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable('tracks').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable('tracks').dropColumn(name).execute();
  }
}
