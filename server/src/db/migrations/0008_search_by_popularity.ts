import { sql, type Kysely } from 'kysely';
import { columnTypes } from './columns.ts';

/**
 * SQLite's search index gets rowids in popularity order within each kind, so a query reads
 * the most popular matches first and ranks only those (FTS5 stops early on ORDER BY rowid),
 * instead of scoring every match of a one-letter prefix. A side table maps (kind, ref_id) to
 * the rowid, since the rowid now moves when popularity does. PostgreSQL is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await db.schema
    .createTable('search_index_keys')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_index_keys_pk', ['kind', 'ref_id'])
    .execute();
  await sql`CREATE VIRTUAL TABLE search_index_ranked USING fts5(
    kind, ref_id UNINDEXED, boost UNINDEXED, name, extra,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  )`.execute(db);
  // The rowid layout of that day (modules/search/repository.ts): kind, then popularity
  // bucket (most popular first), then the id.
  await sql`INSERT INTO search_index_ranked (rowid, kind, ref_id, boost, name, extra)
    SELECT (CASE kind WHEN 'artist' THEN 1 WHEN 'album' THEN 2 WHEN 'track' THEN 3
              WHEN 'tag' THEN 4 ELSE 5 END) * 10000000000000
         + (999 - min(999, max(0, CAST(round(boost * 600) AS INTEGER)))) * 10000000000
         + ref_id,
      kind, ref_id, boost, name, extra
    FROM search_index`.execute(db);
  await sql`INSERT INTO search_index_keys (kind, ref_id, row_id)
    SELECT kind, ref_id, rowid FROM search_index_ranked`.execute(db);
  await sql`DROP TABLE search_index`.execute(db);
  await sql`ALTER TABLE search_index_ranked RENAME TO search_index`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await db.schema.dropTable('search_index_keys').ifExists().execute();
}
