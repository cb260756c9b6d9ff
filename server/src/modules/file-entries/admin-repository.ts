import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fileEntryUrl } from './service.ts';

type Use = { type: 'track' | 'album' | 'artist' | 'user'; id: number; name: string };

/**
 * The admin files screen: who owns each entry, what refers to it (a track's audio by its
 * storage key, artwork and avatars by the entry's address), and storage per user.
 */
export function createFilesAdminRepository(db: Db) {
  return {
    async ownerNames(ids: readonly number[]) {
      const wanted = [...new Set(ids)];
      if (!wanted.length) return new Map<number, { id: number; name: string }>();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', 'in', wanted)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    async paths(ids: readonly number[]) {
      return db
        .selectFrom('file_entries')
        .select(['id', 'path'])
        .where('id', 'in', [...ids])
        .execute();
    },

    async uses(entries: readonly { id: number; path: string }[]): Promise<Map<number, Use[]>> {
      const uses = new Map<number, Use[]>(entries.map((entry) => [entry.id, []]));
      if (!entries.length) return uses;
      const byPath = new Map(entries.map((entry) => [entry.path, entry.id]));
      const byUrl = new Map<string, number>();
      for (const entry of entries) {
        byUrl.set(fileEntryUrl(entry.id), entry.id);
        byUrl.set(`/${fileEntryUrl(entry.id)}`, entry.id);
      }
      const audio = await db
        .selectFrom('tracks')
        .select(['id', 'name', 'audio_path'])
        .where('audio_path', 'in', [...byPath.keys()])
        .execute();
      for (const row of audio)
        uses.get(byPath.get(row.audio_path!)!)?.push({ type: 'track', ...pick(row) });
      const urls = [...byUrl.keys()];
      for (const [table, type] of [
        ['tracks', 'track'],
        ['albums', 'album'],
        ['artists', 'artist'],
        ['users', 'user'],
      ] as const) {
        const rows = await db
          .selectFrom(table)
          .select(['id', 'name', 'image'])
          .where('image', 'in', urls)
          .execute();
        for (const row of rows) uses.get(byUrl.get(row.image!)!)?.push({ type, ...pick(row) });
      }
      return uses;
    },

    /** The heaviest users first, and the total (entries in the trash still take space). */
    async storagePerUser(limit: number) {
      const rows = await db
        .selectFrom('file_entries as f')
        .leftJoin('users as u', 'u.id', 'f.user_id')
        .select((eb) => [
          'f.user_id',
          'u.name',
          eb.fn.countAll<number>().as('files'),
          eb.fn.sum<number>('f.file_size').as('bytes'),
        ])
        .groupBy(['f.user_id', 'u.name'])
        .orderBy(sql`sum(f.file_size)`, 'desc')
        .limit(limit)
        .execute();
      const total = await db
        .selectFrom('file_entries')
        .select((eb) => [
          eb.fn.countAll<number>().as('files'),
          eb.fn.sum<number>('file_size').as('bytes'),
        ])
        .executeTakeFirst();
      return {
        users: rows.map((row) => ({
          user: row.user_id ? { id: row.user_id, name: row.name ?? '' } : null,
          files: Number(row.files),
          bytes: Number(row.bytes ?? 0),
        })),
        total: { files: Number(total?.files ?? 0), bytes: Number(total?.bytes ?? 0) },
      };
    },
  };
}

const pick = (row: { id: number; name: string }) => ({ id: row.id, name: row.name });
