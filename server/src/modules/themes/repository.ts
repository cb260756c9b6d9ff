import type { Theme } from '@backbeat/common';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

export function createThemesRepository(db: Db) {
  return {
    async all(): Promise<Theme[]> {
      const rows = await db.selectFrom('themes').selectAll().orderBy('id').execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        is_dark: row.is_dark === 1,
        default_light: row.default_light === 1,
        default_dark: row.default_dark === 1,
        values: JSON.parse(row.values) as Record<string, string>,
      }));
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('themes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async create(theme: Omit<Theme, 'id'>): Promise<void> {
      await db
        .insertInto('themes')
        .values({
          name: theme.name,
          is_dark: theme.is_dark ? 1 : 0,
          default_light: theme.default_light ? 1 : 0,
          default_dark: theme.default_dark ? 1 : 0,
          values: JSON.stringify(theme.values),
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .execute();
    },
    /**
     * The appearance editor's save: themes with an id are updated, those without are added,
     * and stored themes left out of the list are deleted; in one transaction.
     */
    async replaceAll(themes: (Omit<Theme, 'id'> & { id?: number })[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const stamp = nowIso();
        const kept = themes.flatMap((theme) => (theme.id ? [theme.id] : []));
        let removal = trx.deleteFrom('themes');
        if (kept.length) removal = removal.where('id', 'not in', kept);
        await removal.execute();
        for (const theme of themes) {
          const row = {
            name: theme.name,
            is_dark: theme.is_dark ? 1 : 0,
            default_light: theme.default_light ? 1 : 0,
            default_dark: theme.default_dark ? 1 : 0,
            values: JSON.stringify(theme.values),
            updated_at: stamp,
          };
          const updated = theme.id
            ? await trx.updateTable('themes').set(row).where('id', '=', theme.id).executeTakeFirst()
            : null;
          if (!updated || Number(updated.numUpdatedRows) === 0) {
            await trx
              .insertInto('themes')
              .values({ ...row, created_at: stamp })
              .execute();
          }
        }
      });
    },
  };
}

export type ThemesRepository = ReturnType<typeof createThemesRepository>;
