import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { inIds } from '../../db/id-list.ts';

/**
 * Public playlists show to everyone; private ones to their owner, to its invited editors while
 * it is collaborative and, when they belong to a workspace, to its members. Everyone else gets
 * "not found".
 */
const visiblePlaylist = (viewerId: number) =>
  sql<boolean>`(playlists.is_public = 1 or playlists.owner_id = ${viewerId} or (playlists.workspace_id is not null and exists (select 1 from workspace_members where workspace_members.workspace_id = playlists.workspace_id and workspace_members.user_id = ${viewerId})) or (playlists.is_collaborative = 1 and exists (select 1 from playlist_editors where playlist_editors.playlist_id = playlists.id and playlist_editors.user_id = ${viewerId})))`;

export function createPlaylistsRepository(db: Db, dialect: Dialect) {
  return {
    async byIds(ids: readonly number[], viewerId: number) {
      if (!ids.length) return [];
      return db
        .selectFrom('playlists')
        .leftJoin('users', 'users.id', 'playlists.owner_id')
        .select([
          'playlists.id',
          'playlists.name',
          'playlists.description',
          'playlists.image',
          'playlists.is_public',
          'playlists.is_collaborative',
          'playlists.created_at',
          'playlists.owner_id',
          'playlists.workspace_id',
          'users.name as owner_name',
          'users.image as owner_image',
          sql<number>`(select count(*) from playlist_tracks where playlist_tracks.playlist_id = playlists.id)`.as(
            'tracks_count',
          ),
        ])
        .where(inIds(dialect, 'playlists.id', ids))
        .where(visiblePlaylist(viewerId))
        .execute();
    },

    /** The invited editors of a playlist, first invited first. */
    async editors(playlistId: number) {
      return db
        .selectFrom('playlist_editors')
        .innerJoin('users', 'users.id', 'playlist_editors.user_id')
        .select(['users.id', 'users.name', 'users.image'])
        .where('playlist_editors.playlist_id', '=', playlistId)
        .orderBy('playlist_editors.created_at')
        .orderBy('users.id')
        .execute();
    },

    /** Collaborative playlists the user was invited to edit, most recently changed first. */
    async collaboratingIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('playlists')
        .innerJoin('playlist_editors', 'playlist_editors.playlist_id', 'playlists.id')
        .select('playlists.id')
        .where('playlist_editors.user_id', '=', userId)
        .where('playlists.is_collaborative', '=', 1)
        .orderBy('playlists.updated_at', 'desc')
        .orderBy('playlists.id', 'desc')
        .limit(500)
        .execute();
      return rows.map((r) => r.id);
    },

    async trackIds(playlistId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('playlist_tracks')
        .select('track_id')
        .where('playlist_id', '=', playlistId)
        .orderBy('position')
        .execute();
      return rows.map((r) => r.track_id);
    },

    /** A user's playlists for their profile: public ones, plus personal private ones to themselves. */
    async ownerIds(ownerId: number, viewerId: number): Promise<number[]> {
      let query = db
        .selectFrom('playlists')
        .select('id')
        .where('owner_id', '=', ownerId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200);
      query =
        ownerId === viewerId
          ? query.where((eb) => eb.or([eb('is_public', '=', 1), eb('workspace_id', 'is', null)]))
          : query.where('is_public', '=', 1);
      const rows = await query.execute();
      return rows.map((r) => r.id);
    },

    async publicIds(limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('playlists')
        .select('id')
        .where('is_public', '=', 1)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

export type PlaylistsRepository = ReturnType<typeof createPlaylistsRepository>;
