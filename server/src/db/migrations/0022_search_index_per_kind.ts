import { sql, type Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/** The kinds and their tables as of this migration (modules/search/repository.ts). */
const KIND_TABLES = {
  artist: 'search_index_artist',
  album: 'search_index_album',
  track: 'search_index_track',
  tag: 'search_index_tag',
  playlist: 'search_index_playlist',
} as const;

const createIndexTable = (db: Kysely<unknown>, name: string) =>
  sql`CREATE VIRTUAL TABLE ${sql.table(name)} USING fts5(
    kind, ref_id UNINDEXED, boost UNINDEXED, name, extra,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  )`.execute(db);

/**
 * SQLite's search index splits into one FTS5 table per kind (issue 22): a prefix query reads
 * the whole list of documents holding its words, and in the shared table each kind's query
 * read all kinds' lists. Rows keep their rowids, so search_index_keys stays as it is.
 * PostgreSQL is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  for (const [kind, table] of Object.entries(KIND_TABLES)) {
    await createIndexTable(db, table);
    await sql`INSERT INTO ${sql.table(table)} (rowid, kind, ref_id, boost, name, extra)
      SELECT rowid, kind, ref_id, boost, name, extra FROM search_index
      WHERE kind = ${kind}`.execute(db);
  }
  await sql`DROP TABLE search_index`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await createIndexTable(db, 'search_index');
  for (const table of Object.values(KIND_TABLES)) {
    await sql`INSERT INTO search_index (rowid, kind, ref_id, boost, name, extra)
      SELECT rowid, kind, ref_id, boost, name, extra FROM ${sql.table(table)}`.execute(db);
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
