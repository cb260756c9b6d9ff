import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

export function createSettingsRepository(db: Db) {
  return {
    async all(): Promise<{ name: string; value: string }[]> {
      return db.selectFrom('settings').select(['name', 'value']).execute();
    },
    async upsert(values: Record<string, unknown>): Promise<void> {
      const rows = Object.entries(values).map(([name, value]) => ({
        name,
        value: JSON.stringify(value),
        updated_at: nowIso(),
      }));
      if (!rows.length) return;
      await db
        .insertInto('settings')
        .values(rows)
        .onConflict((oc) =>
          oc.column('name').doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
    /** Sets a value only where the stored one is missing or null; the first writer wins. */
    async setIfEmpty(name: string, value: unknown): Promise<void> {
      const encoded = JSON.stringify(value);
      await db
        .insertInto('settings')
        .values({ name, value: encoded, updated_at: nowIso() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      await db
        .updateTable('settings')
        .set({ value: encoded, updated_at: nowIso() })
        .where('name', '=', name)
        .where('value', '=', 'null')
        .execute();
    },
    async find(name: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.value;
    },
    async insertMissing(values: Record<string, unknown>): Promise<void> {
      const rows = Object.entries(values).map(([name, value]) => ({
        name,
        value: JSON.stringify(value),
        updated_at: nowIso(),
      }));
      if (!rows.length) return;
      await db
        .insertInto('settings')
        .values(rows)
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },
  };
}
