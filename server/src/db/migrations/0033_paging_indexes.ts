import { sql, type Kysely } from 'kysely';

/**
 * Deep pages of whole-library lists (issue 42): clients sync a library by paging search3 with
 * an empty query (tracks by id) and getAlbumList2 by name, newest or year, with offsets up to
 * the whole catalog. Each index holds a list's order, then the columns of the visibility rule
 * (catalog/visibility.ts) and of the music-folder filter, so an OFFSET walks the narrow index
 * only (no sort of the table, no wide rows) and the page's rows are then read by id.
 */
const VISIBILITY = sql`id, is_public, owner_id, access_folder_id`;
const INDEXES = [
  ['albums_by_name_idx', 'albums', sql`lower(name), ${VISIBILITY}`],
  ['albums_by_created_idx', 'albums', sql`created_at, ${VISIBILITY}`],
  ['albums_by_release_idx', 'albums', sql`release_date, ${VISIBILITY}`],
  ['tracks_by_id_idx', 'tracks', sql`${VISIBILITY}, library_folder_id`],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).expression(columns).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
