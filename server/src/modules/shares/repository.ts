import type { Db } from '../../db/database.ts';

/** The share links table (0027_shares_and_internet_radio). */
export function createSharesRepository(db: Db) {
  const columns = [
    'id',
    'token',
    'user_id',
    'items',
    'description',
    'expires_at',
    'visit_count',
    'last_visited_at',
    'created_at',
  ] as const;
  return {
    ofUser: (userId: number) =>
      db
        .selectFrom('shares')
        .select(columns)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute(),

    byId: (id: number) =>
      db.selectFrom('shares').select(columns).where('id', '=', id).executeTakeFirst(),

    byToken: (token: string) =>
      db.selectFrom('shares').select(columns).where('token', '=', token).executeTakeFirst(),

    insert: (values: {
      token: string;
      user_id: number;
      items: string;
      description: string | null;
      expires_at: string | null;
      created_at: string;
    }) => db.insertInto('shares').values(values).returning(columns).executeTakeFirstOrThrow(),

    async update(id: number, values: { description?: string | null; expires_at?: string | null }) {
      if (!Object.keys(values).length) return;
      await db.updateTable('shares').set(values).where('id', '=', id).execute();
    },

    async delete(id: number) {
      await db.deleteFrom('shares').where('id', '=', id).execute();
    },

    /** One more visit, counted in SQL so visits at once all count. */
    async visited(id: number, at: string) {
      await db
        .updateTable('shares')
        .set((eb) => ({ visit_count: eb('visit_count', '+', 1), last_visited_at: at }))
        .where('id', '=', id)
        .execute();
    },
  };
}

export type SharesRepository = ReturnType<typeof createSharesRepository>;
export type ShareRow = Awaited<ReturnType<SharesRepository['byId']>> & {};
