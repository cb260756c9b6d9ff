import type { Db } from '../../db/database.ts';
import type { PendingUploadsTable } from '../../db/uploads-schema.ts';

export type PendingUpload = Omit<PendingUploadsTable, 'id' | 'size'> & { id: number; size: number };

/** Direct-to-S3 uploads on their way in, with who started them (see 0010_file_entries). */
export function createPendingUploadsRepository(db: Db) {
  const present = <T extends { size: number | string } | undefined>(row: T) =>
    row && ({ ...row, size: Number(row.size) } as PendingUpload);
  return {
    async insert(
      row: Pick<PendingUpload, 'kind' | 'key' | 'upload_id' | 'user_id' | 'client_name' | 'size'>,
    ) {
      await db
        .insertInto('pending_uploads')
        .values({ ...row, created_at: new Date().toISOString() })
        .execute();
    },
    async byKey(key: string, userId: number): Promise<PendingUpload | undefined> {
      return present(
        await db
          .selectFrom('pending_uploads')
          .selectAll()
          .where('key', '=', key)
          .where('user_id', '=', userId)
          .executeTakeFirst(),
      );
    },
    async markCompleted(id: number) {
      await db
        .updateTable('pending_uploads')
        .set({ completed_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },
    async remove(id: number) {
      await db.deleteFrom('pending_uploads').where('id', '=', id).execute();
    },
    async olderThan(cutoff: Date): Promise<PendingUpload[]> {
      const rows = await db
        .selectFrom('pending_uploads')
        .selectAll()
        .where('created_at', '<', cutoff.toISOString())
        .execute();
      return rows.map((row) => present(row)!);
    },
  };
}

export type PendingUploadsRepository = ReturnType<typeof createPendingUploadsRepository>;
