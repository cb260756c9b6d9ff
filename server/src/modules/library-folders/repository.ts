import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LibraryFilesTable, LibraryFoldersTable } from '../../db/library-folders-schema.ts';

const FOLDER_COLUMNS = [
  'id',
  'path',
  'name',
  'status',
  'scan_requested_at',
  'scan_started_at',
  'scan_finished_at',
  'files_total',
  'files_seen',
  'files_added',
  'files_updated',
  'files_removed',
  'files_failed',
  'error',
  'lease_until',
  'access',
  'created_at',
] as const;

/** File rows a statement (11 columns: well under either database's parameter limit). */
const FILE_CHUNK = 500;

const FILE_COLUMNS = [
  'id',
  'relative_path',
  'size',
  'mtime_ms',
  'signature',
  'track_id',
  'disc_number',
  'track_number',
  'error',
  'tags_version',
  'lyrics_stamp',
] as const;

/** The SQL of library folders and the files seen in them (issue 18). */
export function createLibraryFoldersRepository(db: Db) {
  return {
    async folders() {
      return db.selectFrom('library_folders').select(FOLDER_COLUMNS).orderBy('id').execute();
    },
    async folder(id: number) {
      return db
        .selectFrom('library_folders')
        .select(FOLDER_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async folderByPath(path: string) {
      return db
        .selectFrom('library_folders')
        .select(FOLDER_COLUMNS)
        .where('path', '=', path)
        .executeTakeFirst();
    },
    async insertFolder(values: Insertable<LibraryFoldersTable>): Promise<number> {
      const row = await db
        .insertInto('library_folders')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async updateFolder(id: number, changes: Updateable<LibraryFoldersTable>) {
      await db.updateTable('library_folders').set(changes).where('id', '=', id).execute();
    },
    /** Updates a folder unless its removal was asked for meanwhile. */
    async settleFolder(id: number, changes: Updateable<LibraryFoldersTable>) {
      await db
        .updateTable('library_folders')
        .set(changes)
        .where('id', '=', id)
        .where('status', '<>', 'removing')
        .execute();
    },
    async deleteFolder(id: number) {
      await db.deleteFrom('library_folders').where('id', '=', id).execute();
    },

    /**
     * Takes the folder's scan for this runner: free, or held by one whose lease ran out (an
     * instance that died mid-scan). True for the one caller that got it.
     */
    async claimLease(id: number, token: string, until: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('library_folders')
        .set({ lease_token: token, lease_until: until })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lease_token', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async leaseOf(id: number) {
      return db
        .selectFrom('library_folders')
        .select(['lease_token', 'lease_until'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Takes the lease from a holder known to be gone (still holding `from`). */
    async takeOverLease(id: number, from: string, token: string, until: string) {
      const result = await db
        .updateTable('library_folders')
        .set({ lease_token: token, lease_until: until })
        .where('id', '=', id)
        .where('lease_token', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async renewLease(id: number, token: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('library_folders')
        .set({ lease_until: until })
        .where('id', '=', id)
        .where('lease_token', '=', token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async releaseLease(id: number, token: string) {
      await db
        .updateTable('library_folders')
        .set({ lease_token: null, lease_until: null })
        .where('id', '=', id)
        .where('lease_token', '=', token)
        .execute();
    },

    /** The users and roles chosen to see each restricted folder's music, with their names. */
    async grants(folderIds: readonly number[]) {
      if (!folderIds.length) return [];
      const users = db
        .selectFrom('library_folder_grants')
        .innerJoin('users', 'users.id', 'library_folder_grants.grantee_id')
        .select(['folder_id', 'grantee_type', 'grantee_id', 'users.name'])
        .where('grantee_type', '=', 'user')
        .where('folder_id', 'in', folderIds);
      const roles = db
        .selectFrom('library_folder_grants')
        .innerJoin('roles', 'roles.id', 'library_folder_grants.grantee_id')
        .select(['folder_id', 'grantee_type', 'grantee_id', 'roles.name'])
        .where('grantee_type', '=', 'role')
        .where('folder_id', 'in', folderIds);
      return users.unionAll(roles).orderBy('name').execute();
    },
    /** Which of these users and roles exist. */
    async existing(table: 'users' | 'roles', ids: readonly number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .selectFrom(table)
        .select('id')
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((row) => row.id));
    },
    /** Sets the folder's access and replaces its chosen users and roles. */
    async setAccess(
      id: number,
      access: string,
      grants: { type: 'user' | 'role'; id: number }[],
      stamp: string,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('library_folders')
          .set({ access, updated_at: stamp })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('library_folder_grants').where('folder_id', '=', id).execute();
        if (grants.length) {
          await trx
            .insertInto('library_folder_grants')
            .values(
              grants.map((grant) => ({
                folder_id: id,
                grantee_type: grant.type,
                grantee_id: grant.id,
                created_at: stamp,
              })),
            )
            .execute();
        }
      });
    },

    /** Tracks each folder holds (files that became a track). */
    async trackCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('library_files')
        .select(['folder_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('track_id', 'is not', null)
        .groupBy('folder_id')
        .execute();
      return new Map(rows.map((row) => [row.folder_id, Number(row.n)]));
    },
    /** The first files of a folder that could not be added, with the reason. */
    async failures(folderId: number, limit: number) {
      return db
        .selectFrom('library_files')
        .select(['relative_path', 'error'])
        .where('folder_id', '=', folderId)
        .where('error', 'is not', null)
        .orderBy('relative_path')
        .limit(limit)
        .execute();
    },

    async filesOf(folderId: number) {
      return db
        .selectFrom('library_files')
        .select(FILE_COLUMNS)
        .where('folder_id', '=', folderId)
        .execute();
    },
    /** Files whose track was saved from its tags and waits for its decode (analysis.ts). */
    async pendingAnalysis(folderId: number, limit?: number) {
      const query = db
        .selectFrom('library_files')
        .innerJoin('tracks', 'tracks.id', 'library_files.track_id')
        .select([
          'library_files.id',
          'library_files.relative_path',
          'library_files.size',
          'library_files.track_id',
        ])
        .where('library_files.folder_id', '=', folderId)
        .where('library_files.analysed_at', 'is', null)
        .orderBy('library_files.id');
      return (limit ? query.limit(limit) : query).execute();
    },
    /** Marks files measured (their track's loudness and length are saved). */
    async markAnalysed(fileIds: number[], stamp: string) {
      if (!fileIds.length) return;
      await db
        .updateTable('library_files')
        .set({ analysed_at: stamp })
        .where('id', 'in', fileIds)
        .execute();
    },
    /**
     * The analysis as the admin sees it: files waiting (in every folder) and files measured
     * since `since` (the rate). Counted in the database, so every instance's work shows.
     */
    async analysisCounts(since: string) {
      const row = await db
        .selectFrom('library_files')
        .select((eb) => [
          eb.fn
            .count<number>('id')
            .filterWhere((w) =>
              w.and([w('track_id', 'is not', null), w('analysed_at', 'is', null)]),
            )
            .as('waiting'),
          eb.fn.count<number>('id').filterWhere('analysed_at', '>=', since).as('recent'),
        ])
        .executeTakeFirstOrThrow();
      return { waiting: Number(row.waiting), recent: Number(row.recent) };
    },
    /** The library file behind a track, for its waveform on demand. */
    async fileOfTrack(trackId: number) {
      return db
        .selectFrom('library_files')
        .innerJoin('library_folders', 'library_folders.id', 'library_files.folder_id')
        .select(['library_folders.path as root', 'library_files.relative_path as relativePath'])
        .where('library_files.track_id', '=', trackId)
        .executeTakeFirst();
    },
    async trackIdsOf(folderId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('library_files')
        .select('track_id')
        .where('folder_id', '=', folderId)
        .where('track_id', 'is not', null)
        .execute();
      return rows.map((row) => row.track_id!);
    },
    /** Disc and track numbers of library tracks, to order their albums. */
    async numbersOf(trackIds: number[]) {
      if (!trackIds.length) return [];
      return db
        .selectFrom('library_files')
        .select(['track_id', 'disc_number', 'track_number', 'relative_path'])
        .where('track_id', 'in', trackIds)
        .execute();
    },
    async insertFile(values: Insertable<LibraryFilesTable>): Promise<number> {
      const row = await db
        .insertInto('library_files')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /**
     * New files' rows, many a statement; their ids in the rows' order (one statement's ids
     * are given in its rows' order, whatever order RETURNING lists them in).
     */
    async insertFiles(rows: Insertable<LibraryFilesTable>[]): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += FILE_CHUNK) {
        const inserted = await db
          .insertInto('library_files')
          .values(rows.slice(i, i + FILE_CHUNK))
          .returning('id')
          .execute();
        ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
      }
      return ids;
    },
    /** Files' tracks, many a statement (`case id when … then …`). */
    async setTrackIds(pairs: { fileId: number; trackId: number }[]) {
      for (let i = 0; i < pairs.length; i += FILE_CHUNK) {
        const part = pairs.slice(i, i + FILE_CHUNK);
        const cases = sql.join(
          part.map((pair) => sql`when ${pair.fileId} then cast(${pair.trackId} as integer)`),
          sql` `,
        );
        await db
          .updateTable('library_files')
          .set({ track_id: sql<number>`case id ${cases} end` })
          .where(
            'id',
            'in',
            part.map((pair) => pair.fileId),
          )
          .execute();
      }
    },
    async updateFile(id: number, changes: Updateable<LibraryFilesTable>) {
      await db.updateTable('library_files').set(changes).where('id', '=', id).execute();
    },
    async deleteFiles(ids: number[]) {
      if (ids.length) await db.deleteFrom('library_files').where('id', 'in', ids).execute();
    },

    /** Where a library file is: the hot path of streaming (one indexed join). */
    async locate(fileId: number) {
      return db
        .selectFrom('library_files')
        .innerJoin('library_folders', 'library_folders.id', 'library_files.folder_id')
        .select(['library_folders.path as root', 'library_files.relative_path as relativePath'])
        .where('library_files.id', '=', fileId)
        .executeTakeFirst();
    },
  };
}

export type LibraryFoldersRepository = ReturnType<typeof createLibraryFoldersRepository>;
export type LibraryFolderRow = NonNullable<Awaited<ReturnType<LibraryFoldersRepository['folder']>>>;
export type LibraryFileRow = Awaited<ReturnType<LibraryFoldersRepository['filesOf']>>[number];
