import { sql } from 'kysely';

/** A track or album is visible when public or owned by the viewer (0 = nobody). */
export const visible = (table: 'tracks' | 'albums', viewerId: number) =>
  sql<boolean>`(${sql.ref(`${table}.is_public`)} = 1 or ${sql.ref(`${table}.owner_id`)} = ${viewerId})`;

/**
 * The same test for lookups by id: the unary plus keeps SQLite from scanning an index on
 * is_public instead of using the primary key (valid SQL on PostgreSQL too).
 */
export const visibleById = (table: 'tracks' | 'albums', viewerId: number) =>
  sql<boolean>`(+${sql.ref(`${table}.is_public`)} = 1 or +${sql.ref(`${table}.owner_id`)} = ${viewerId})`;
