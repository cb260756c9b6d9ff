import { sql, type Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/** Copies the index into a layout: `rowid` is the SQL expression of a row's new rowid. */
async function relayout(db: Kysely<unknown>, rowid: ReturnType<typeof sql>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE search_index_relaid USING fts5(
    kind, ref_id UNINDEXED, boost UNINDEXED, name, extra,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  )`.execute(db);
  await sql`INSERT INTO search_index_relaid (rowid, kind, ref_id, boost, name, extra)
    SELECT ${rowid}, kind, ref_id, boost, name, extra FROM search_index`.execute(db);
  await sql`DELETE FROM search_index_keys`.execute(db);
  await sql`INSERT INTO search_index_keys (kind, ref_id, row_id)
    SELECT kind, ref_id, rowid FROM search_index_relaid`.execute(db);
  await sql`DROP TABLE search_index`.execute(db);
  await sql`ALTER TABLE search_index_relaid RENAME TO search_index`.execute(db);
}

const KIND_NUMBER = sql`(CASE kind WHEN 'artist' THEN 1 WHEN 'album' THEN 2 WHEN 'track' THEN 3
  WHEN 'tag' THEN 4 ELSE 5 END)`;

/**
 * SQLite's search index rowids carry each document's id and boost whole (issue 22): kind, then
 * the boost in steps of 1/600,000 (most popular first), then the id below 10^9. A query reads
 * both back from the rowid instead of looking each ranked candidate up in the content table.
 * The index is copied into the new layout (as 0008 did); PostgreSQL is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  const { rows } = await sql<{ biggest: number | null }>`
    SELECT max(ref_id) AS biggest FROM search_index_keys`.execute(db);
  const biggest = rows[0]?.biggest ?? 0;
  if (biggest >= 1_000_000_000) {
    throw new Error(`The search index holds an id of ${biggest}; its layout allows ids below 10^9`);
  }
  // The layout of modules/search/repository.ts (rankedRowidOf).
  await relayout(
    db,
    sql`${KIND_NUMBER} * 1000000000000000
      + (999999 - min(999999, max(0, CAST(round(boost * 600000) AS INTEGER)))) * 1000000000
      + ref_id`,
  );
}

/** Back to 0008's layout, which read ids and boosts from the content table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await relayout(
    db,
    sql`${KIND_NUMBER} * 10000000000000
      + (999 - min(999, max(0, CAST(round(boost * 600) AS INTEGER)))) * 10000000000
      + ref_id`,
  );
}
