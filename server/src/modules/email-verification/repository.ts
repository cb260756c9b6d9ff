import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

export function createEmailVerificationRepository(db: Db) {
  return {
    /** Replaces any earlier code, so a resend voids the older one. */
    async store(userId: number, codeHash: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('email_verification_codes')
        .values({
          user_id: userId,
          code_hash: codeHash,
          attempts: 0,
          expires_at: expiresAt,
          created_at: nowIso(),
        })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            code_hash: codeHash,
            attempts: 0,
            expires_at: expiresAt,
            created_at: nowIso(),
          }),
        )
        .execute();
    },
    async find(userId: number) {
      return db
        .selectFrom('email_verification_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    async countAttempt(userId: number): Promise<void> {
      await db
        .updateTable('email_verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('user_id', '=', userId)
        .execute();
    },
    async delete(userId: number): Promise<void> {
      await db.deleteFrom('email_verification_codes').where('user_id', '=', userId).execute();
    },
  };
}
