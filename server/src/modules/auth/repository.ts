import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

export function createAuthRepository(db: Db) {
  return {
    async recordLoginFailure(email: string, ip: string): Promise<void> {
      await db
        .insertInto('login_failures')
        .values({ email, ip_address: ip, created_at: nowIso() })
        .execute();
    },
    async countLoginFailuresSince(email: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('email', '=', email)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async pruneLoginFailures(before: string): Promise<number> {
      const result = await db
        .deleteFrom('login_failures')
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async storeResetToken(userId: number, tokenHash: string): Promise<void> {
      await db
        .insertInto('password_reset_tokens')
        .values({ user_id: userId, token_hash: tokenHash, created_at: nowIso() })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: nowIso() }),
        )
        .execute();
    },
    async findResetToken(userId: number) {
      return db
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    async deleteResetToken(userId: number): Promise<void> {
      await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
