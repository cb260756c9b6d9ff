import type { Db, Dialect } from '../../db/database.ts';
import { inIds } from '../../db/id-list.ts';

export type InsightsSubjectKind = 'track' | 'album' | 'artist';

/** What insights need to know of a track, album or artist. */
export interface InsightsSubject {
  name: string;
  ownerId: number | null;
  /** The artists whose members may see its insights. */
  artistIds: number[];
  /** The tracks whose plays count for it. */
  trackIds: number[];
}

/**
 * The catalog's answers for insights (issue 11): which album and artists a track's plays also
 * count for, what a subject's tracks are, who owns an artist, and names for ranked lists.
 */
export function createInsightSubjects(db: Db, dialect: Dialect) {
  const artistsOfTrack = async (trackId: number) =>
    (
      await db
        .selectFrom('track_artists')
        .select('artist_id')
        .where('track_id', '=', trackId)
        .execute()
    ).map((r) => r.artist_id);

  return {
    async scopesOfTracks(trackIds: readonly number[]) {
      const scopes = new Map<number, { albumId: number | null; artistIds: number[] }>();
      if (!trackIds.length) return scopes;
      const [tracks, links] = await Promise.all([
        db
          .selectFrom('tracks')
          .select(['id', 'album_id'])
          .where(inIds(dialect, 'id', trackIds))
          .execute(),
        db
          .selectFrom('track_artists')
          .select(['track_id', 'artist_id'])
          .where(inIds(dialect, 'track_id', trackIds))
          .execute(),
      ]);
      for (const track of tracks) scopes.set(track.id, { albumId: track.album_id, artistIds: [] });
      for (const link of links) scopes.get(link.track_id)?.artistIds.push(link.artist_id);
      return scopes;
    },

    async subject(kind: InsightsSubjectKind, id: number): Promise<InsightsSubject | null> {
      if (kind === 'track') {
        const track = await db
          .selectFrom('tracks')
          .select(['name', 'owner_id'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!track) return null;
        return {
          name: track.name,
          ownerId: track.owner_id,
          artistIds: await artistsOfTrack(id),
          trackIds: [id],
        };
      }
      if (kind === 'album') {
        const album = await db
          .selectFrom('albums')
          .select(['name', 'owner_id'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!album) return null;
        const [artists, tracks] = await Promise.all([
          db.selectFrom('album_artists').select('artist_id').where('album_id', '=', id).execute(),
          db.selectFrom('tracks').select('id').where('album_id', '=', id).execute(),
        ]);
        return {
          name: album.name,
          ownerId: album.owner_id,
          artistIds: artists.map((r) => r.artist_id),
          trackIds: tracks.map((r) => r.id),
        };
      }
      const artist = await db
        .selectFrom('artists')
        .select(['name', 'owner_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!artist) return null;
      const tracks = await db
        .selectFrom('track_artists')
        .select('track_id')
        .where('artist_id', '=', id)
        .execute();
      return {
        name: artist.name,
        ownerId: artist.owner_id,
        artistIds: [id],
        trackIds: tracks.map((r) => r.track_id),
      };
    },

    /** Whether the user owns the artist (until artist membership exists, issue 11 backstage). */
    async ownsArtist(userId: number, artistId: number): Promise<boolean> {
      const row = await db
        .selectFrom('artists')
        .select('id')
        .where('id', '=', artistId)
        .where('owner_id', '=', userId)
        .executeTakeFirst();
      return !!row;
    },

    async names(kind: 'track' | 'artist', ids: readonly number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom(kind === 'track' ? 'tracks' : 'artists')
        .select(['id', 'name'])
        .where(inIds(dialect, 'id', ids))
        .execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}

export type InsightSubjects = ReturnType<typeof createInsightSubjects>;
