import { sql, type Kysely } from 'kysely';

/*
 * Whole-library lists read by sort key (issue 42, catalog/page-cursors.ts): artists by name
 * (search3 with an empty query used to read and group every artist for each page) and albums
 * by plays (getAlbumList2 `frequent`, which sorted the whole table for each page). Each index
 * holds the order, the id that breaks its ties, then the columns of the visibility rule
 * (catalog/visibility.ts), as 0033's do. A migration keeps its own lists (frozen history).
 */
const INDEXES = [
  ['artists_by_name_idx', 'artists', sql`lower(name), id, access_folder_id`],
  ['albums_by_plays_idx', 'albums', sql`plays desc, id, is_public, owner_id, access_folder_id`],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).expression(columns).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
