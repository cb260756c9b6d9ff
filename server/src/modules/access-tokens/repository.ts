import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

export function createAccessTokensRepository(db: Db) {
  return {
    async create(userId: number, name: string, tokenHash: string) {
      return db
        .insertInto('personal_access_tokens')
        .values({ user_id: userId, name, token_hash: tokenHash, created_at: nowIso() })
        .returning(['id', 'name', 'last_used_at', 'created_at'])
        .executeTakeFirstOrThrow();
    },
    async listForUser(userId: number) {
      return db
        .selectFrom('personal_access_tokens')
        .select(['id', 'name', 'last_used_at', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
    },
    async findById(id: number) {
      return db
        .selectFrom('personal_access_tokens')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async touch(id: number): Promise<void> {
      await db
        .updateTable('personal_access_tokens')
        .set({ last_used_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
    async deleteForUser(id: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('personal_access_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
