import { sql, type Kysely } from 'kysely';

/*
 * getAlbumList2 `alphabeticalByArtist` and `highest` read by key (issue 42). Their sort keys
 * came from other tables (an album's first artist name, its likes), so every page sorted every
 * visible album with a subquery each. Each album now carries them, kept by their writers:
 * `artist_sort`, the lowercase name of its alphabetically first artist ('' without one: first
 * on SQLite and PostgreSQL alike), recomputed by catalog-writes whenever links or artist names
 * change; `like_count`, its likes, recounted by catalog-writes whenever the library changes
 * them. Each index holds its order, the id, then the visibility rule's columns, as 0034's do.
 * A migration keeps its own lists (frozen history).
 */
const INDEXES = [
  [
    'albums_by_artist_idx',
    sql`artist_sort, lower(name), id, is_public, owner_id, access_folder_id`,
  ],
  [
    'albums_by_likes_idx',
    sql`like_count desc, popularity desc, id, is_public, owner_id, access_folder_id`,
  ],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('albums')
    .addColumn('artist_sort', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('albums')
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update albums set artist_sort = coalesce((
      select min(lower(artists.name)) from album_artists
      inner join artists on artists.id = album_artists.artist_id
      where album_artists.album_id = albums.id), '')
    where exists (select 1 from album_artists where album_artists.album_id = albums.id)`.execute(
    db,
  );
  await sql`update albums set like_count = (
      select count(*) from likes
      where likes.likeable_type = 'albums' and likes.likeable_id = albums.id)
    where exists (
      select 1 from likes where likes.likeable_type = 'albums' and likes.likeable_id = albums.id)`.execute(
    db,
  );
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on('albums').expression(columns).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.alterTable('albums').dropColumn('like_count').execute();
  await db.schema.alterTable('albums').dropColumn('artist_sort').execute();
}
