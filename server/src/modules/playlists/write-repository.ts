import { sql, type Transaction, type Updateable } from 'kysely';
import type { PlaylistsTable } from '../../db/catalog-schema.ts';
import type { Database } from '../../db/schema.ts';
import type { Db, Dialect } from '../../db/database.ts';
import { visible } from '../catalog/visibility.ts';
import { inWorkspace, type WorkspaceScope } from '../workspaces/scope.ts';

type Trx = Transaction<Database>;

/**
 * Creating and editing playlists. Every change to a playlist's tracks runs in one transaction
 * that first locks the playlist row (PostgreSQL; SQLite runs one transaction at a time), then
 * renumbers positions 1..n, so concurrent edits never lose a track or repeat a position.
 */
export function createPlaylistWriteRepository(db: Db, dialect: Dialect) {
  async function lock(trx: Trx, playlistId: number): Promise<void> {
    if (dialect === 'postgres') {
      await sql`select id from playlists where id = ${playlistId} for update`.execute(trx);
    }
  }

  async function orderedTrackIds(trx: Trx, playlistId: number): Promise<number[]> {
    const rows = await trx
      .selectFrom('playlist_tracks')
      .select('track_id')
      .where('playlist_id', '=', playlistId)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('track_id')
      .execute();
    return rows.map((r) => r.track_id);
  }

  /** Gives the tracks positions 1..n in this order, writing only the rows that move. */
  async function renumber(trx: Trx, playlistId: number, order: number[]): Promise<void> {
    const rows = await trx
      .selectFrom('playlist_tracks')
      .select(['track_id', 'position'])
      .where('playlist_id', '=', playlistId)
      .execute();
    const current = new Map(rows.map((r) => [r.track_id, r.position]));
    for (const [index, trackId] of order.entries()) {
      if (current.get(trackId) === index + 1) continue;
      await trx
        .updateTable('playlist_tracks')
        .set({ position: index + 1 })
        .where('playlist_id', '=', playlistId)
        .where('track_id', '=', trackId)
        .execute();
    }
  }

  async function touch(trx: Trx, playlistId: number): Promise<void> {
    await trx
      .updateTable('playlists')
      .set({ updated_at: new Date().toISOString() })
      .where('id', '=', playlistId)
      .execute();
  }

  return {
    /** The row a change is checked against, or undefined when there is no such playlist. */
    async find(id: number) {
      return db
        .selectFrom('playlists')
        .select([
          'id',
          'name',
          'image',
          'owner_id',
          'workspace_id',
          'is_public',
          'is_collaborative',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async create(values: {
      name: string;
      description: string | null;
      is_public: number;
      owner_id: number;
      workspace_id: number | null;
    }): Promise<number> {
      const now = new Date().toISOString();
      const { id } = await db
        .insertInto('playlists')
        .values({ ...values, image: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async update(id: number, patch: Updateable<PlaylistsTable>): Promise<void> {
      await db
        .updateTable('playlists')
        .set({ ...patch, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('playlists').where('id', '=', id).execute();
    },

    async isEditor(playlistId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('playlist_editors')
        .select('user_id')
        .where('playlist_id', '=', playlistId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return !!row;
    },

    async idsOwnedBy(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('playlists')
        .select('id')
        .where('owner_id', '=', userId)
        .execute();
      return rows.map((r) => r.id);
    },

    async idsOfWorkspace(workspaceId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('playlists')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .execute();
      return rows.map((r) => r.id);
    },

    async editorIds(playlistId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('playlist_editors')
        .select('user_id')
        .where('playlist_id', '=', playlistId)
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** Adds an editor unless already there (or the cap is reached); true when added. */
    async addEditor(
      playlistId: number,
      userId: number,
      invitedBy: number,
      maxEditors: number,
    ): Promise<'added' | 'present' | 'full'> {
      return db.transaction().execute(async (trx) => {
        // Locked like track changes, so two invites at once cannot pass the cap together.
        await lock(trx, playlistId);
        const rows = await trx
          .selectFrom('playlist_editors')
          .select('user_id')
          .where('playlist_id', '=', playlistId)
          .execute();
        if (rows.some((r) => r.user_id === userId)) return 'present';
        if (rows.length >= maxEditors) return 'full';
        await trx
          .insertInto('playlist_editors')
          .values({
            playlist_id: playlistId,
            user_id: userId,
            invited_by: invitedBy,
            created_at: new Date().toISOString(),
          })
          .execute();
        return 'added';
      });
    },

    /** Removes the editors (all of them without `userIds`); returns whom it removed. */
    async removeEditors(playlistId: number, userIds?: number[]): Promise<number[]> {
      let query = db.deleteFrom('playlist_editors').where('playlist_id', '=', playlistId);
      if (userIds) {
        if (!userIds.length) return [];
        query = query.where('user_id', 'in', userIds);
      }
      const rows = await query.returning('user_id').execute();
      return rows.map((r) => r.user_id);
    },

    async countOwned(ownerId: number): Promise<number> {
      const row = await db
        .selectFrom('playlists')
        .select(sql<number>`count(*)`.as('count'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The scope's playlists, most recently changed first. */
    async idsInScope(scope: Pick<WorkspaceScope, 'workspaceId' | 'userId'>): Promise<number[]> {
      const rows = await db
        .selectFrom('playlists')
        .select('id')
        .where(
          inWorkspace(scope, { workspace: 'playlists.workspace_id', owner: 'playlists.owner_id' }),
        )
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Appends the tracks the editor may see and the playlist lacks; returns how many. */
    async addTracks(playlistId: number, trackIds: number[], editorId: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await lock(trx, playlistId);
        const order = await orderedTrackIds(trx, playlistId);
        const present = new Set(order);
        const wanted = [...new Set(trackIds)].filter((id) => !present.has(id));
        if (!wanted.length) return 0;
        const allowed = new Set(
          (
            await trx
              .selectFrom('tracks')
              .select('id')
              .where('id', 'in', wanted)
              .where(visible('tracks', editorId))
              .execute()
          ).map((r) => r.id),
        );
        const added = wanted.filter((id) => allowed.has(id));
        if (!added.length) return 0;
        const now = new Date().toISOString();
        await trx
          .insertInto('playlist_tracks')
          .values(
            added.map((track_id, index) => ({
              playlist_id: playlistId,
              track_id,
              position: order.length + index + 1,
              created_at: now,
            })),
          )
          .execute();
        await renumber(trx, playlistId, [...order, ...added]);
        await touch(trx, playlistId);
        return added.length;
      });
    },

    async removeTracks(playlistId: number, trackIds: number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await lock(trx, playlistId);
        await trx
          .deleteFrom('playlist_tracks')
          .where('playlist_id', '=', playlistId)
          .where('track_id', 'in', trackIds)
          .execute();
        await renumber(trx, playlistId, await orderedTrackIds(trx, playlistId));
        await touch(trx, playlistId);
      });
    },

    /**
     * Puts the given tracks in this order. Tracks the editor did not know about (added by
     * someone else meanwhile) keep their relative order after them; unknown ids are ignored.
     */
    async reorder(playlistId: number, trackIds: number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await lock(trx, playlistId);
        const current = await orderedTrackIds(trx, playlistId);
        const present = new Set(current);
        const sent = trackIds.filter((id) => present.has(id));
        const sentSet = new Set(sent);
        await renumber(trx, playlistId, [...sent, ...current.filter((id) => !sentSet.has(id))]);
        await touch(trx, playlistId);
      });
    },
  };
}

export type PlaylistWriteRepository = ReturnType<typeof createPlaylistWriteRepository>;
