import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { UserProfilesTable } from '../../db/schema.ts';

export type ProfileChanges = Partial<Omit<UserProfilesTable, 'user_id' | 'updated_at'>>;

/** The editable part of a profile, one row per user (absent until the first edit). */
export function createProfilesRepository(db: Db) {
  return {
    async find(userId: number): Promise<UserProfilesTable | undefined> {
      return db
        .selectFrom('user_profiles')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Writes only the given columns, creating the row on the first edit. */
    async save(userId: number, changes: ProfileChanges): Promise<void> {
      const updated_at = nowIso();
      await db
        .insertInto('user_profiles')
        .values({ user_id: userId, links: '[]', ...changes, updated_at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at }))
        .execute();
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
