import { sql, type Insertable, type Updateable } from 'kysely';
import type { AdminBackstageRequestsQuery } from '@backbeat/common';
import type { Db } from '../../db/database.ts';
import { escapeLike, like } from '../../db/like.ts';
import type { Database } from '../../db/schema.ts';
import { pageWindow } from '../../lib/pagination.ts';

/** Backstage requests and artist membership: the SQL of the backstage module's rules. */
export function createBackstageRequestsRepository(db: Db) {
  const base = () =>
    db
      .selectFrom('backstage_requests as r')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('artists as a', 'a.id', 'r.artist_id')
      .select([
        'r.id',
        'r.user_id',
        'r.type',
        'r.artist_id',
        'r.artist_name',
        'r.name',
        'r.company',
        'r.role',
        'r.links',
        'r.file_entry_ids',
        'r.status',
        'r.deny_reason',
        'r.created_at',
        'r.reviewed_at',
        'u.name as user_name',
        'u.image as user_image',
        'a.name as artist_ref_name',
        'a.image as artist_ref_image',
      ]);

  return {
    async insert(values: Insertable<Database['backstage_requests']>): Promise<number> {
      const row = await db
        .insertInto('backstage_requests')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    find: (id: number) => base().where('r.id', '=', id).executeTakeFirst(),
    async update(id: number, changes: Updateable<Database['backstage_requests']>) {
      await db.updateTable('backstage_requests').set(changes).where('id', '=', id).execute();
    },
    async list(query: AdminBackstageRequestsQuery) {
      let select = base();
      if (query.status) select = select.where('r.status', '=', query.status);
      if (query.type) select = select.where('r.type', '=', query.type);
      if (query.query) {
        const pattern = `%${escapeLike(query.query.toLowerCase())}%`;
        const lower = (column: string) => sql`lower(${sql.ref(column)})`;
        select = select.where((eb) =>
          eb.or([
            like(lower('r.artist_name'), pattern),
            like(lower('r.name'), pattern),
            like(lower('u.name'), pattern),
          ]),
        );
      }
      const [rows, total] = await Promise.all([
        select
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(pageWindow(query.page, query.perPage).limit)
          .offset(pageWindow(query.page, query.perPage).offset)
          .execute(),
        select
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    async isMember(userId: number, artistIds: readonly number[]): Promise<boolean> {
      if (!artistIds.length) return false;
      const row = await db
        .selectFrom('artist_members')
        .select('artist_id')
        .where('user_id', '=', userId)
        .where('artist_id', 'in', artistIds)
        .executeTakeFirst();
      return !!row;
    },
    async memberArtistIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('artist_members')
        .select('artist_id')
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.artist_id);
    },
    async addMember(artistId: number, userId: number, role: string, now: string) {
      await db
        .insertInto('artist_members')
        .values({ artist_id: artistId, user_id: userId, role, created_at: now })
        .onConflict((oc) => oc.columns(['artist_id', 'user_id']).doNothing())
        .execute();
    },
  };
}

export type BackstageRequestsRepository = ReturnType<typeof createBackstageRequestsRepository>;
export type RequestRow = NonNullable<Awaited<ReturnType<BackstageRequestsRepository['find']>>>;
