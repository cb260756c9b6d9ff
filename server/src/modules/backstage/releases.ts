import { albumLink, trackLink } from '@backbeat/common';
import type { MusicDeps } from './ports.ts';

/**
 * Announcing releases: the catalog's listing rule (catalog-writes/listing.ts) lists what is
 * published, public and released; this tells the artists' followers once when a release comes
 * out (now, or when its scheduled date passes).
 */
export function createReleases(deps: MusicDeps) {
  const { repository: repo, writer } = deps;
  const { listing } = writer;

  async function notifyFollowers(
    artistIds: number[],
    release: { kind: 'album' | 'track'; name: string; image: string | null; path: string },
  ) {
    const artists = await repo.artistRows(artistIds);
    const told = new Set<number>();
    for (const artist of artists) {
      for (const userId of await deps.followerIds(artist.id)) {
        if (told.has(userId)) continue;
        told.add(userId);
        await deps.notifications.notify(userId, 'artist.new_release', {
          artist: { id: artist.id, name: artist.name },
          release,
        });
      }
    }
  }

  const releases = {
    /** Recomputes a track's listing; tells followers when it came out now (unless silent). */
    async syncTrack(id: number, options: { announce: boolean }): Promise<void> {
      const synced = await listing.syncTrack(id);
      // Announced once: by whoever turned it from unlisted to listed.
      if (!synced?.cameOut || !options.announce) return;
      const { row, artists } = synced;
      await notifyFollowers(
        artists.map((a) => a.id),
        {
          kind: 'track',
          name: row.name,
          image: row.image ?? row.album_image,
          path: trackLink(row),
        },
      );
    },

    async syncAlbum(id: number, options: { announce: boolean }): Promise<void> {
      const synced = await listing.syncAlbum(id);
      if (!synced?.cameOut || !options.announce) return;
      const { row, artists } = synced;
      await notifyFollowers(
        artists.map((a) => a.id),
        {
          kind: 'album',
          name: row.name,
          image: row.image,
          path: albumLink({ id, name: row.name, image: row.image, artists }),
        },
      );
    },

    /** The scheduled job: releases whose date has come are listed and announced. */
    async releaseDue(now = new Date()): Promise<number> {
      const found = await writer.rows.dueReleases(now.toISOString());
      const due = { albumIds: [] as number[], trackIds: [] as number[] };
      for (const id of found.albumIds)
        if (await writer.rows.claimDue('albums', id)) due.albumIds.push(id);
      for (const id of found.trackIds)
        if (await writer.rows.claimDue('tracks', id)) due.trackIds.push(id);
      for (const id of due.albumIds) await releases.syncAlbum(id, { announce: true });
      // Tracks of an album announced with it are not announced again.
      const albumTracks = new Set<number>();
      for (const id of due.albumIds)
        (await writer.rows.albumTrackIds(id)).forEach((t) => albumTracks.add(t));
      for (const id of due.trackIds) {
        await releases.syncTrack(id, { announce: !albumTracks.has(id) });
      }
      return due.albumIds.length + due.trackIds.length;
    },
  };
  return releases;
}

export type Releases = ReturnType<typeof createReleases>;
