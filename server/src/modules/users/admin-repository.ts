import type { Db } from '../../db/database.ts';

/**
 * What the admin users screen reads beside the users table: what goes with an account when
 * it is deleted, counted for the confirmation.
 */
export function createUsersAdminRepository(db: Db) {
  const countOwned = async (
    table: 'playlists' | 'comments' | 'file_entries',
    column: 'owner_id' | 'user_id',
    userIds: readonly number[],
  ) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(column as never, 'in', [...userIds] as never)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  };
  return {
    async ownedCounts(userIds: readonly number[]) {
      const [playlists, comments, files] = await Promise.all([
        countOwned('playlists', 'owner_id', userIds),
        countOwned('comments', 'user_id', userIds),
        countOwned('file_entries', 'user_id', userIds),
      ]);
      return { playlists, comments, files };
    },
    /** Grants made to users directly are tied to them by id only; they go with the account. */
    async deleteOwnGrants(userId: number): Promise<void> {
      await db
        .deleteFrom('permission_grants')
        .where('grantee_type', '=', 'user')
        .where('grantee_id', '=', userId)
        .execute();
    },
  };
}
