import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BackupsTable } from '../../db/schema.ts';
import { pageWindow, paginate } from '../../lib/pagination.ts';

export type BackupRow = Selectable<BackupsTable>;

/** The record of backups made (0029_backups): written and read only here. */
export function createBackupsRepository(db: Db) {
  return {
    async record(row: Insertable<BackupsTable>): Promise<BackupRow> {
      return db.insertInto('backups').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async page({ page, perPage }: { page: number; perPage: number }) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('backups')
          .selectAll()
          .orderBy('started_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageWindow(page, perPage).limit)
          .offset(pageWindow(page, perPage).offset)
          .execute(),
        db
          .selectFrom('backups')
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return paginate(rows, page, perPage, Number(count.total));
    },

    async latest(): Promise<BackupRow | undefined> {
      return db
        .selectFrom('backups')
        .selectAll()
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
