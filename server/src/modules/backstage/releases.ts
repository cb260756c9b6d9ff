import { albumLink, parseLyrics, trackLink } from '@backbeat/common';
import { searchDocument } from '../search/document.ts';
import type { MusicDeps } from './ports.ts';
import { isListed } from './present.ts';

/**
 * Publishing and scheduled releases: keeps `is_public` equal to "published, public and
 * released" (and not restricted to a library folder's chosen users: `access_folder_id`), indexes what is listed, and tells the artists' followers once when a release
 * comes out (now, or when its scheduled date passes).
 */
export function createReleases(deps: MusicDeps) {
  const { repository: repo } = deps;

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

  const restrictedFolder = async (table: 'tracks' | 'albums', id: number) =>
    (await repo.restrictedFolders(table, [id])).get(id) ?? null;

  const releases = {
    /** Recomputes a track's listing; tells followers when it came out now (unless silent). */
    async syncTrack(id: number, options: { announce: boolean }): Promise<void> {
      const [row] = await repo.trackRows([id]);
      if (!row) return;
      const listed = isListed(row);
      const scheduled =
        row.status === 'published' && row.visibility === 'public' && !!row.release_at && !listed;
      // Listed music of a restricted library folder stays unlisted to the public (issue 18).
      const restricted = listed ? await restrictedFolder('tracks', id) : null;
      const open = listed && restricted === null;
      const cameOut = open && (await repo.claimListing('tracks', id));
      await repo.updateTrack(id, {
        ...(open ? {} : { is_public: 0 }),
        access_folder_id: restricted,
        // Owed a notification while scheduled; once told (or never to be), 1.
        released_notified: scheduled ? 0 : 1,
      });
      const artists = await repo.artistsOf('track_artists', [id]);
      if (listed) {
        await deps.search.upsert([
          searchDocument(
            'track',
            id,
            row.name,
            [...artists.map((a) => a.name), row.album_name ?? ''].join(' '),
            0,
          ),
        ]);
      } else {
        await deps.search.remove('track', [id]);
      }
      // Announced once: by whoever turned it from unlisted to listed.
      if (cameOut && options.announce) {
        await notifyFollowers(
          artists.map((a) => a.id),
          {
            kind: 'track',
            name: row.name,
            image: row.image ?? row.album_image,
            path: trackLink(row),
          },
        );
      }
      deps.afterChange();
    },

    async syncAlbum(id: number, options: { announce: boolean }): Promise<void> {
      const [row] = await repo.albumRows([id]);
      if (!row) return;
      const listed = isListed(row);
      const scheduled =
        row.status === 'published' && row.visibility === 'public' && !!row.release_at && !listed;
      const restricted = listed ? await restrictedFolder('albums', id) : null;
      const open = listed && restricted === null;
      const cameOut = open && (await repo.claimListing('albums', id));
      await repo.updateAlbum(id, {
        ...(open ? {} : { is_public: 0 }),
        access_folder_id: restricted,
        released_notified: scheduled ? 0 : 1,
      });
      const artists = await repo.artistsOf('album_artists', [id]);
      if (listed) {
        await deps.search.upsert([
          searchDocument('album', id, row.name, artists.map((a) => a.name).join(' '), 0),
        ]);
      } else {
        await deps.search.remove('album', [id]);
      }
      if (cameOut && options.announce) {
        await notifyFollowers(
          artists.map((a) => a.id),
          {
            kind: 'album',
            name: row.name,
            image: row.image,
            path: albumLink({ id, name: row.name, image: row.image, artists }),
          },
        );
      }
      deps.afterChange();
    },

    /** The scheduled job: releases whose date has come are listed and announced. */
    async releaseDue(now = new Date()): Promise<number> {
      const found = await repo.dueReleases(now.toISOString());
      const due = { albumIds: [] as number[], trackIds: [] as number[] };
      for (const id of found.albumIds) if (await repo.claimDue('albums', id)) due.albumIds.push(id);
      for (const id of found.trackIds) if (await repo.claimDue('tracks', id)) due.trackIds.push(id);
      for (const id of due.albumIds) await releases.syncAlbum(id, { announce: true });
      // Tracks of an album announced with it are not announced again.
      const albumTracks = new Set<number>();
      for (const id of due.albumIds)
        (await repo.albumTrackIds(id)).forEach((t) => albumTracks.add(t));
      for (const id of due.trackIds) {
        await releases.syncTrack(id, { announce: !albumTracks.has(id) });
      }
      return due.albumIds.length + due.trackIds.length;
    },

    /** LRC lyrics are stored as synced. */
    isSynced: (text: string) => parseLyrics(text).synced,
  };
  return releases;
}

export type Releases = ReturnType<typeof createReleases>;
