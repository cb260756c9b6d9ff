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
