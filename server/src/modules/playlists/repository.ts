import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { inIds } from '../../db/id-list.ts';

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
          'playlists.created_at',
          'playlists.owner_id',
          'users.name as owner_name',
          'users.image as owner_image',
          sql<number>`(select count(*) from playlist_tracks where playlist_tracks.playlist_id = playlists.id)`.as(
            'tracks_count',
          ),
        ])
        .where(inIds(dialect, 'playlists.id', ids))
        .where(sql<boolean>`(playlists.is_public = 1 or playlists.owner_id = ${viewerId})`)
        .execute();
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
