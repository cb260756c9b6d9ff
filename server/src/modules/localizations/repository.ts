import type { Locale } from '@backbeat/common';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

export function createLocalizationsRepository(db: Db) {
  return {
    async list(): Promise<{ language: string; name: string }[]> {
      return db.selectFrom('localizations').select(['language', 'name']).orderBy('name').execute();
    },
    async findByLanguage(language: string): Promise<Locale | null> {
      const row = await db
        .selectFrom('localizations')
        .select(['id', 'name', 'language', 'lines'])
        .where('language', '=', language)
        .executeTakeFirst();
      return row ? { ...row, lines: JSON.parse(row.lines) as Record<string, string> } : null;
    },
    async findById(id: number) {
      const row = await db
        .selectFrom('localizations')
        .select(['id', 'name', 'language', 'lines', 'created_at', 'updated_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...row, lines: JSON.parse(row.lines) as Record<string, string> } : null;
    },
    async saveLines(id: number, lines: Record<string, string>): Promise<void> {
      await db
        .updateTable('localizations')
        .set({ lines: JSON.stringify(lines), updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
    async createIfMissing(language: string, name: string): Promise<void> {
      await db
        .insertInto('localizations')
        .values({ language, name, lines: '{}', created_at: nowIso(), updated_at: nowIso() })
        .onConflict((oc) => oc.column('language').doNothing())
        .execute();
    },
  };
}

export type LocalizationsRepository = ReturnType<typeof createLocalizationsRepository>;
