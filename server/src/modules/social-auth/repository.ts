import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

export function createSocialProfilesRepository(db: Db) {
  return {
    async findByServiceId(service: string, serviceUserId: string) {
      return db
        .selectFrom('social_profiles')
        .selectAll()
        .where('service_name', '=', service)
        .where('user_service_id', '=', serviceUserId)
        .executeTakeFirst();
    },
    async listForUser(userId: number) {
      return db
        .selectFrom('social_profiles')
        .select(['service_name', 'username'])
        .where('user_id', '=', userId)
        .execute();
    },
    /** Links (or re-links) a provider account to a user. */
    async link(
      userId: number,
      profile: { service: string; id: string; username: string | null; email: string | null },
    ) {
      await db
        .deleteFrom('social_profiles')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', userId), eb('service_name', '=', profile.service)]),
            eb.and([
              eb('service_name', '=', profile.service),
              eb('user_service_id', '=', profile.id),
            ]),
          ]),
        )
        .execute();
      await db
        .insertInto('social_profiles')
        .values({
          user_id: userId,
          service_name: profile.service,
          user_service_id: profile.id,
          username: profile.username,
          email: profile.email,
          created_at: nowIso(),
        })
        .execute();
    },
    async unlink(userId: number, service: string): Promise<void> {
      await db
        .deleteFrom('social_profiles')
        .where('user_id', '=', userId)
        .where('service_name', '=', service)
        .execute();
    },
  };
}
