import type { Db } from '../../db/database.ts';

type Ref = { id: number; name: string };

/** The admin comments screen: each comment's author, track and replies (its context). */
export function createCommentsAdminRepository(db: Db) {
  async function names(table: 'users' | 'tracks', ids: readonly number[]) {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return new Map<number, Ref>();
    const rows = await db
      .selectFrom(table)
      .select(['id', 'name'])
      .where('id', 'in', wanted)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }
  return {
    names,
    async replyCounts(ids: readonly number[]) {
      const counts = new Map<number, number>();
      if (!ids.length) return counts;
      const rows = await db
        .selectFrom('comments')
        .select((eb) => ['parent_id', eb.fn.countAll<number>().as('total')])
        .where('parent_id', 'in', [...ids])
        .groupBy('parent_id')
        .execute();
      for (const row of rows) counts.set(Number(row.parent_id), Number(row.total));
      return counts;
    },
    async replies(parentId: number) {
      const rows = await db
        .selectFrom('comments')
        .leftJoin('users', 'users.id', 'comments.user_id')
        .select([
          'comments.id',
          'comments.body',
          'comments.created_at',
          'users.id as author_id',
          'users.name as author_name',
        ])
        .where('comments.parent_id', '=', parentId)
        .orderBy('comments.created_at')
        .orderBy('comments.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        body: row.body,
        created_at: row.created_at,
        author: row.author_id ? { id: row.author_id, name: row.author_name ?? '' } : null,
      }));
    },
  };
}
