import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Page } from './linked-ids.ts';
import { visible } from './visibility.ts';

/**
 * Ids of the tracks or albums a user uploaded (owns), newest first, and their count: a
 * profile's "Tracks" and "Albums" tabs. Private ones count only when the viewer is the owner.
 */
export function createOwnedIdQueries(db: Db) {
  const owned = (table: 'tracks' | 'albums', ownerId: number, viewerId: number) =>
    db
      .selectFrom(table)
      .where(sql.ref(`${table}.owner_id`), '=', ownerId)
      .where(visible(table, viewerId));

  return {
    async ownedIds(
      table: 'tracks' | 'albums',
      ownerId: number,
      viewerId: number,
      page: Page,
    ): Promise<number[]> {
      const rows = await owned(table, ownerId, viewerId)
        .select(sql<number>`${sql.ref(`${table}.id`)}`.as('id'))
        .orderBy(sql.ref(`${table}.created_at`), 'desc')
        .orderBy(sql.ref(`${table}.id`), 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async countOwned(
      table: 'tracks' | 'albums',
      ownerId: number,
      viewerId: number,
    ): Promise<number> {
      const row = await owned(table, ownerId, viewerId)
        .select(sql<number>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
