import type { Db } from '../../db/database.ts';

/** The catalog's rows as search documents read them, a page at a time (search reindexing). */
export function createCatalogDocumentReads(db: Db) {
  return {
    /** All of a kind, in id order, a page at a time (search reindexing). */
    async trackDocuments(afterId: number, limit: number) {
      return db
        .selectFrom('tracks')
        .leftJoin('albums', 'albums.id', 'tracks.album_id')
        .select(['tracks.id', 'tracks.name', 'tracks.popularity', 'albums.name as album_name'])
        .where('tracks.id', '>', afterId)
        .orderBy('tracks.id')
        .limit(limit)
        .execute();
    },
    async albumDocuments(afterId: number, limit: number) {
      return db
        .selectFrom('albums')
        .select(['id', 'name', 'popularity'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async artistDocuments(afterId: number, limit: number) {
      return db
        .selectFrom('artists')
        .select(['id', 'name', 'popularity'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async tagDocuments(afterId: number, limit: number) {
      return db
        .selectFrom('tags')
        .select(['id', 'name', 'display_name'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async playlistDocuments(afterId: number, limit: number) {
      return db
        .selectFrom('playlists')
        .select(['id', 'name', 'is_public'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async artistNamesOfTracks(trackIds: number[]) {
      if (!trackIds.length) return [];
      return db
        .selectFrom('track_artists')
        .innerJoin('artists', 'artists.id', 'track_artists.artist_id')
        .select(['track_artists.track_id as owner', 'artists.name'])
        .where('track_artists.track_id', 'in', trackIds)
        .execute();
    },
    async artistNamesOfAlbums(albumIds: number[]) {
      if (!albumIds.length) return [];
      return db
        .selectFrom('album_artists')
        .innerJoin('artists', 'artists.id', 'album_artists.artist_id')
        .select(['album_artists.album_id as owner', 'artists.name'])
        .where('album_artists.album_id', 'in', albumIds)
        .execute();
    },
  };
}
