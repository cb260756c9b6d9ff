import type { Db } from '../../db/database.ts';

/** What the admin playlists list shows beside each row. */
export function createPlaylistsAdminRepository(db: Db) {
  return {
    async ownerNames(ids: readonly number[]) {
      const wanted = [...new Set(ids)];
      if (!wanted.length) return new Map<number, { id: number; name: string }>();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', 'in', wanted)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },
    async trackCounts(ids: readonly number[]) {
      const counts = new Map<number, number>();
      if (!ids.length) return counts;
      const rows = await db
        .selectFrom('playlist_tracks')
        .select((eb) => ['playlist_id', eb.fn.countAll<number>().as('total')])
        .where('playlist_id', 'in', [...ids])
        .groupBy('playlist_id')
        .execute();
      for (const row of rows) counts.set(row.playlist_id, Number(row.total));
      return counts;
    },
    async followerCount(ids: readonly number[]) {
      const row = await db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('followable_type', '=', 'playlists')
        .where('followable_id', 'in', [...ids])
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
  };
}
