import type { Db } from '../../db/database.ts';

export type TranscodingRepository = ReturnType<typeof createTranscodingRepository>;

export interface LimitRow {
  user_id: number | null;
  client: string | null;
  max_bit_rate: number | null;
  profile: { format: string; bit_rate: number; preset: string } | null;
}

/** The SQL of transcoding: the limits that apply to one user on one client. */
export function createTranscodingRepository(db: Db) {
  return {
    /** Limits of this user (any client), of this client (any user), and of both together. */
    async limitsFor(userId: number, client: string | null): Promise<LimitRow[]> {
      const rows = await db
        .selectFrom('transcoding_limits as l')
        .leftJoin('transcoding_profiles as p', 'p.id', 'l.profile_id')
        .select(['l.user_id', 'l.client', 'l.max_bit_rate', 'p.format', 'p.bit_rate', 'p.preset'])
        .where((eb) =>
          eb.and([
            eb.or([eb('l.user_id', '=', userId), eb('l.user_id', 'is', null)]),
            client === null
              ? eb('l.client', 'is', null)
              : eb.or([eb('l.client', '=', client), eb('l.client', 'is', null)]),
            eb.or([eb('l.user_id', 'is not', null), eb('l.client', 'is not', null)]),
          ]),
        )
        .execute();
      return rows.map((row) => ({
        user_id: row.user_id,
        client: row.client,
        max_bit_rate: row.max_bit_rate,
        profile:
          row.format && row.bit_rate !== null && row.preset
            ? { format: row.format, bit_rate: row.bit_rate, preset: row.preset }
            : null,
      }));
    },

    async profileExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('transcoding_profiles')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return !!row;
    },

    async limit(id: number) {
      return db
        .selectFrom('transcoding_limits')
        .select(['user_id', 'client'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}
