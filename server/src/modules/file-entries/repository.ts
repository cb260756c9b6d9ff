import type { Db, Dialect } from '../../db/database.ts';
import { dayBounds, dayOf } from '../../db/day-of.ts';
import { retriedWhileSqliteBusy } from '../../db/sqlite-busy.ts';

export interface NewFileEntry {
  name: string;
  path: string;
  disk: string;
  file_size: number;
  mime: string | null;
  extension: string | null;
  user_id: number;
  parent_id: number | null;
  /** `pending` for audio the media pipeline will process; null for other files. */
  media_status?: string | null;
}

/** What the media pipeline writes back onto an entry. */
export interface MediaColumns {
  media_status: string;
  media: string;
  duration_ms: number | null;
  loudness_lufs: number | null;
}

const COLUMNS = [
  'id',
  'name',
  'path',
  'disk',
  'file_size',
  'mime',
  'extension',
  'user_id',
  'parent_id',
  'deleted_at',
  'created_at',
  'updated_at',
  'media_status',
  'media',
] as const;

export type FileEntryRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createFileEntriesRepository>['byId']>>
>;

export function createFileEntriesRepository(db: Db, dialect: Dialect) {
  const insertWith = (executor: Db, entry: NewFileEntry) => {
    const now = new Date().toISOString();
    return executor
      .insertInto('file_entries')
      .values({ ...entry, created_at: now, updated_at: now })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  };
  const usedSpaceWith = async (executor: Db, userId: number) => {
    const row = await executor
      .selectFrom('file_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('file_size'), eb.lit(0)).as('used'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.used ?? 0);
  };

  const insertIfFitsOnce = (
    entry: NewFileEntry & { user_id: number },
    fits: (used: number) => boolean,
  ) =>
    db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        // NO KEY UPDATE: uploads of this user queue here, while rows that only reference
        // the user (a generated cover's entry) are still inserted meanwhile.
        await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', entry.user_id)
          .forNoKeyUpdate()
          .execute();
      }
      if (!fits(await usedSpaceWith(trx, entry.user_id))) return null;
      return insertWith(trx, entry);
    });

  return {
    insert: (entry: NewFileEntry) => insertWith(db, entry),
    /**
     * Inserts the entry only if `fits` says the owner's space used so far leaves room for it;
     * null when it does not. The sum and the insert are one transaction that holds the owner's
     * row on PostgreSQL (other uploads of theirs wait for it, then see this one), and on SQLite
     * Kysely's one connection, so two uploads finishing together cannot both take the last
     * room.
     */
    async insertIfFits(entry: NewFileEntry & { user_id: number }, fits: (used: number) => boolean) {
      // On SQLite a second instance on the same file may write between this transaction's
      // read and its insert: the whole step is taken again with a new read.
      return retriedWhileSqliteBusy(() => insertIfFitsOnce(entry, fits), 10);
    },
    byId(id: number) {
      return db.selectFrom('file_entries').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    /** Entries named by id or storage key; only the owner's unless `ownerId` is null. */
    async find(ids: readonly number[], paths: readonly string[], ownerId: number | null) {
      if (!ids.length && !paths.length) return [];
      let query = db
        .selectFrom('file_entries')
        .select(COLUMNS)
        .where((eb) =>
          eb.or([
            ...(ids.length ? [eb('id', 'in', ids)] : []),
            ...(paths.length ? [eb('path', 'in', paths)] : []),
          ]),
        );
      if (ownerId !== null) query = query.where('user_id', '=', ownerId);
      return query.execute();
    },
    async setMedia(id: number, values: MediaColumns): Promise<void> {
      await db
        .updateTable('file_entries')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },
    /** Audio entries the pipeline has not finished (left pending or processing), oldest first. */
    async unfinishedMediaIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('file_entries')
        .select('id')
        .where('media_status', 'in', ['pending', 'processing'])
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },
    /** Entries whose processing failed, the latest failure first, with their owner's name. */
    async failedMediaPage(window: { limit: number; offset: number }) {
      const failed = db
        .selectFrom('file_entries as f')
        .where('f.media_status', '=', 'failed')
        .where('f.deleted_at', 'is', null);
      const [rows, total] = await Promise.all([
        failed
          .leftJoin('users as u', 'u.id', 'f.user_id')
          .select(['f.id', 'f.name', 'f.file_size', 'f.media', 'f.media_status', 'f.updated_at'])
          .select('f.user_id')
          .select('u.name as owner_name')
          .orderBy('f.updated_at', 'desc')
          .orderBy('f.id', 'desc')
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        failed.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },
    /** Sets a failed entry back to pending; false when it is not failed (any more). */
    async resetFailedMedia(id: number, media: string): Promise<boolean> {
      const result = await db
        .updateTable('file_entries')
        .set({ media_status: 'pending', media, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('media_status', '=', 'failed')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async trash(ids: readonly number[]) {
      if (!ids.length) return;
      const now = new Date().toISOString();
      await db
        .updateTable('file_entries')
        .set({ deleted_at: now, updated_at: now })
        .where('id', 'in', ids)
        .execute();
    },
    async remove(ids: readonly number[]) {
      if (!ids.length) return;
      await db.deleteFrom('file_entries').where('id', 'in', ids).execute();
    },
    /** Bytes a user's entries take, trashed ones included (they still hold space). */
    usedSpace: (userId: number): Promise<number> => usedSpaceWith(db, userId),
    /** How many file entries (uploads) were created on each UTC day of the range (days with none left out). */
    /** Every stored file and their bytes together (the operations page's storage used). */
    async storedTotal(): Promise<{ files: number; bytes: number }> {
      const row = await db
        .selectFrom('file_entries')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('files'),
          eb.fn.sum<number | string>('file_size').as('bytes'),
        ])
        .executeTakeFirst();
      return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
    },

    async createdPerDay(from: string, to: string): Promise<{ day: string; count: number }[]> {
      const { start, end } = dayBounds(from, to);
      const day = dayOf(db, 'created_at');
      const rows = await db
        .selectFrom('file_entries')
        .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
        .where('created_at', '>=', start)
        .where('created_at', '<', end)
        .groupBy(day)
        .execute();
      return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
    },
  };
}

export type FileEntriesRepository = ReturnType<typeof createFileEntriesRepository>;
