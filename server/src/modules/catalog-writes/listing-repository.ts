import type { Db } from '../../db/database.ts';

/** What the listing rule reads of tracks and albums, and its claims (listing.ts). */
export function createListingQueries(db: Db) {
  return {
    async trackListingRows(ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('tracks')
        .leftJoin('albums', 'albums.id', 'tracks.album_id')
        .select([
          'tracks.id',
          'tracks.name',
          'tracks.album_id',
          'albums.name as album_name',
          'albums.image as album_image',
          'tracks.image',
          'tracks.status',
          'tracks.visibility',
          'tracks.release_at',
        ])
        .where('tracks.id', 'in', ids)
        .execute();
    },
    async albumListingRows(ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('albums')
        .select(['id', 'name', 'image', 'owner_id', 'status', 'visibility', 'release_at'])
        .where('id', 'in', ids)
        .execute();
    },
    /** The artists of tracks or albums, in their order. */
    async artistsOf(table: 'track_artists' | 'album_artists', ids: readonly number[]) {
      if (!ids.length) return [];
      const column = table === 'track_artists' ? 'track_id' : 'album_id';
      return db
        .selectFrom(`${table} as link` as 'track_artists')
        .innerJoin('artists', 'artists.id', 'link.artist_id' as 'track_artists.artist_id')
        .select([
          `link.${column} as owner` as 'track_artists.track_id as owner',
          'artists.id',
          'artists.name',
          'artists.image',
        ])
        .where(`link.${column}` as 'track_artists.track_id', 'in', ids)
        .orderBy('link.position' as 'track_artists.position')
        .execute();
    },
    /** Tracks and albums whose scheduled release has come and whose followers were not told. */
    async dueReleases(now: string) {
      const [tracks, albums] = await Promise.all([
        db
          .selectFrom('tracks')
          .select('id')
          .where('released_notified', '=', 0)
          .where('release_at', '<=', now)
          .execute(),
        db
          .selectFrom('albums')
          .select('id')
          .where('released_notified', '=', 0)
          .where('release_at', '<=', now)
          .execute(),
      ]);
      return { trackIds: tracks.map((r) => r.id), albumIds: albums.map((r) => r.id) };
    },
    /**
     * Lists an item that was not listed; true for the one caller that made the change, so a
     * release is announced once even when several instances run the scheduled job.
     */
    async claimListing(table: 'tracks' | 'albums', id: number): Promise<boolean> {
      const result = await db
        .updateTable(table as 'tracks')
        .set({ is_public: 1 })
        .where('id', '=', id)
        .where('is_public', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Takes a due release for this caller alone (the job may run on several instances). */
    async claimDue(table: 'tracks' | 'albums', id: number): Promise<boolean> {
      const result = await db
        .updateTable(table as 'tracks')
        .set({ released_notified: 1 })
        .where('id', '=', id)
        .where('released_notified', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
