import type { Db } from '../../db/database.ts';

/** The internet radio stations table (0027_shares_and_internet_radio). */
export function createInternetRadioRepository(db: Db) {
  const columns = ['id', 'name', 'stream_url', 'homepage_url'] as const;
  return {
    all: () => db.selectFrom('internet_radio_stations').select(columns).orderBy('name').execute(),

    byId: (id: number) =>
      db
        .selectFrom('internet_radio_stations')
        .select(columns)
        .where('id', '=', id)
        .executeTakeFirst(),

    insert: (values: { name: string; stream_url: string; homepage_url: string | null }) => {
      const at = new Date().toISOString();
      return db
        .insertInto('internet_radio_stations')
        .values({ ...values, created_at: at, updated_at: at })
        .returning(columns)
        .executeTakeFirstOrThrow();
    },

    async update(
      id: number,
      values: { name?: string; stream_url?: string; homepage_url?: string | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('internet_radio_stations')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('internet_radio_stations')
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type InternetRadioRepository = ReturnType<typeof createInternetRadioRepository>;
export type InternetRadioStation = Awaited<ReturnType<InternetRadioRepository['all']>>[number];
