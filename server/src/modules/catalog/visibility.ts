import { sql, type RawBuilder } from 'kysely';

/*
 * Who sees what, in one place. A track or album is visible when public, owned by the viewer,
 * or listed but restricted to a library folder (issue 18) the viewer may open. Restricted
 * music keeps `is_public` 0, so anything that shows only public music hides it already.
 */

/** Permissions that see every library folder's music (admins who manage music). */
const SEES_EVERY_FOLDER = ['admin', 'music.update'];

/** The viewer's own grant or one through any of their roles (`grants` names the table alias). */
const grantedTo = (grants: string, viewerId: number) =>
  sql`((${sql.ref(`${grants}.grantee_type`)} = 'user' and ${sql.ref(`${grants}.grantee_id`)} = ${viewerId}) or (${sql.ref(`${grants}.grantee_type`)} = 'role' and ${sql.ref(`${grants}.grantee_id`)} in (select user_roles.role_id from user_roles where user_roles.user_id = ${viewerId})))`;

/**
 * SQL: the viewer may see music restricted to the library folder `folder` (a column or a
 * value): they, or one of their roles, were chosen, or they manage music. Nobody (0) may not.
 */
export function opensFolder(folder: RawBuilder<unknown>, viewerId: number) {
  if (!viewerId) return sql<boolean>`(1 = 0)`;
  return sql<boolean>`(exists (select 1 from library_folder_grants lfg where lfg.folder_id = ${folder} and ${grantedTo('lfg', viewerId)}) or exists (select 1 from permission_grants pg inner join permissions p on p.id = pg.permission_id where p.name in (${sql.join(SEES_EVERY_FOLDER)}) and ${grantedTo('pg', viewerId)}))`;
}

const restrictedOpen = (table: string, viewerId: number) =>
  viewerId
    ? sql`(${sql.ref(`${table}.access_folder_id`)} is not null and ${opensFolder(sql.ref(`${table}.access_folder_id`), viewerId)})`
    : sql`(1 = 0)`;

/** A track or album is visible when public, owned by the viewer (0 = nobody), or opened. */
export const visible = (table: 'tracks' | 'albums', viewerId: number) =>
  sql<boolean>`(${sql.ref(`${table}.is_public`)} = 1 or ${sql.ref(`${table}.owner_id`)} = ${viewerId} or ${restrictedOpen(table, viewerId)})`;

/**
 * The same test for lookups by id: the unary plus keeps SQLite from scanning an index on
 * is_public instead of using the primary key (valid SQL on PostgreSQL too).
 */
export const visibleById = (table: 'tracks' | 'albums', viewerId: number) =>
  sql<boolean>`(+${sql.ref(`${table}.is_public`)} = 1 or +${sql.ref(`${table}.owner_id`)} = ${viewerId} or ${restrictedOpen(table, viewerId)})`;

/** An artist is visible unless it exists only through a library folder the viewer may not open. */
export const artistVisible = (viewerId: number) =>
  sql<boolean>`(artists.access_folder_id is null or ${restrictedOpen('artists', viewerId)})`;

const TAXONOMY = {
  genres: { tracks: 'track_genres', albums: 'album_genres', key: 'genre_id' },
  tags: { tracks: 'track_tags', albums: 'album_tags', key: 'tag_id' },
} as const;

/**
 * A genre or tag is listed unless all the music carrying it is hidden from the viewer and some
 * of it is a restricted library folder's (it exists only through that folder).
 */
export function taxonomyVisible(table: 'genres' | 'tags', viewerId: number) {
  const links = TAXONOMY[table];
  const own = sql.ref(`${table}.id`);
  const key = (alias: string) => sql.ref(`${alias}.${links.key}`);
  return sql<boolean>`(exists (select 1 from ${sql.table(links.tracks)} vl inner join tracks on tracks.id = vl.track_id where ${key('vl')} = ${own} and ${visible('tracks', viewerId)}) or exists (select 1 from ${sql.table(links.albums)} vl inner join albums on albums.id = vl.album_id where ${key('vl')} = ${own} and ${visible('albums', viewerId)}) or not exists (select 1 from ${sql.table(links.tracks)} vl inner join tracks on tracks.id = vl.track_id where ${key('vl')} = ${own} and tracks.access_folder_id is not null))`;
}

/** The fields of a row the policy reads. */
export interface AccessRow {
  is_public: number | boolean;
  owner_id: number | null;
  access_folder_id?: number | null;
}

/**
 * The same rule for a row already read: `opens` asks the database (with `opensFolder`) only
 * for restricted rows, which are rare.
 */
export async function canSee(
  row: AccessRow,
  viewerId: number,
  opens: (folderId: number, viewerId: number) => Promise<boolean>,
): Promise<boolean> {
  if (row.is_public === 1 || row.is_public === true) return true;
  if (viewerId && row.owner_id === viewerId) return true;
  return !!viewerId && row.access_folder_id != null && opens(row.access_folder_id, viewerId);
}
