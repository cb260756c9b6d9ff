import { searchDocument } from '../search/document.ts';
import type { SearchDocument, SearchKind } from '../search/repository.ts';
import type { CatalogWriteRepository } from './repository.ts';

/** Ids a statement where a query lists them (PostgreSQL's 65,535 parameters). */
const IDS = 500;

export const chunks = <T>(items: readonly T[], size = IDS): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Listed in the player: published, public, and released (no date or a date passed). */
export function isListed(
  item: { status: string; visibility: string; release_at: string | null },
  now = new Date(),
): boolean {
  return (
    item.status === 'published' &&
    item.visibility === 'public' &&
    (!item.release_at || new Date(item.release_at) <= now)
  );
}

/** Scheduled: published and public, waiting for its date (followers are owed the news). */
const isScheduled = (
  item: { status: string; visibility: string; release_at: string | null },
  listed: boolean,
) => item.status === 'published' && item.visibility === 'public' && !!item.release_at && !listed;

export interface SearchPort {
  upsert: (documents: SearchDocument[]) => Promise<void>;
  remove: (kind: SearchKind, ids: number[]) => Promise<void>;
}

export interface ListingDeps {
  repository: CatalogWriteRepository;
  search: SearchPort;
  /** Drops cached public answers after a change. */
  afterChange: () => void;
}

/**
 * The listing rule, in one place: `is_public` equals "published, public and released" and not
 * restricted to a library folder's chosen users (`access_folder_id`, read by
 * catalog/visibility.ts); what is listed is searchable, what is not is not.
 */
export function createListing(deps: ListingDeps) {
  const { repository: repo } = deps;

  const restrictedFolder = async (table: 'tracks' | 'albums', id: number) =>
    (await repo.restrictedFolders(table, [id])).get(id) ?? null;

  /** Artists of these tracks (and of their albums) follow the folders they exist through. */
  async function syncArtists(trackIds: number[]) {
    const artists = new Set<number>();
    for (const part of chunks(trackIds)) {
      for (const id of await repo.artistsOfTracks(part)) artists.add(id);
    }
    for (const part of chunks([...artists])) await repo.syncArtistAccess(part);
  }

  return {
    /**
     * Recomputes a track's listing; `cameOut` when this call turned it from unlisted to
     * listed (whoever announces a release does it once).
     */
    async syncTrack(id: number) {
      const [row] = await repo.trackListingRows([id]);
      if (!row) return null;
      const listed = isListed(row);
      // Listed music of a restricted library folder stays unlisted to the public (issue 18).
      const restricted = listed ? await restrictedFolder('tracks', id) : null;
      const open = listed && restricted === null;
      const cameOut = open && (await repo.claimListing('tracks', id));
      await repo.updateTrack(id, {
        ...(open ? {} : { is_public: 0 }),
        access_folder_id: restricted,
        // Owed a notification while scheduled; once told (or never to be), 1.
        released_notified: isScheduled(row, listed) ? 0 : 1,
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
      deps.afterChange();
      return { row, artists, cameOut };
    },

    async syncAlbum(id: number) {
      const [row] = await repo.albumListingRows([id]);
      if (!row) return null;
      const listed = isListed(row);
      const restricted = listed ? await restrictedFolder('albums', id) : null;
      const open = listed && restricted === null;
      const cameOut = open && (await repo.claimListing('albums', id));
      await repo.updateAlbum(id, {
        ...(open ? {} : { is_public: 0 }),
        access_folder_id: restricted,
        released_notified: isScheduled(row, listed) ? 0 : 1,
      });
      const artists = await repo.artistsOf('album_artists', [id]);
      if (listed) {
        await deps.search.upsert([
          searchDocument('album', id, row.name, artists.map((a) => a.name).join(' '), 0),
        ]);
      } else {
        await deps.search.remove('album', [id]);
      }
      deps.afterChange();
      return { row, artists, cameOut };
    },

    /** Lists new tracks as syncTrack would: public unless their folder is restricted. */
    async listNewTracks(ids: number[]) {
      const restricted = new Map<number, number>();
      for (const part of chunks(ids)) {
        for (const [id, folder] of await repo.restrictedFolders('tracks', part))
          restricted.set(id, folder);
      }
      await repo.updateMany(
        'tracks',
        ids.filter((id) => !restricted.has(id)),
        { is_public: 1 },
      );
      const byFolder = new Map<number, number[]>();
      for (const [id, folder] of restricted)
        byFolder.set(folder, [...(byFolder.get(folder) ?? []), id]);
      for (const [folder, trackIds] of byFolder) {
        await repo.updateMany('tracks', trackIds, { access_folder_id: folder });
      }
    },

    /** Albums' listing and search documents, as syncAlbum sets them (no one is told). */
    async syncAlbums(albumIds: number[]) {
      const rows = await repo.albumListingRows(albumIds);
      const listed = rows.filter((row) => isListed(row));
      const restricted = await repo.restrictedFolders(
        'albums',
        listed.map((row) => row.id),
      );
      const groups = new Map<string, { changes: Record<string, number | null>; ids: number[] }>();
      for (const row of rows) {
        const isOn = isListed(row);
        const folder = isOn ? (restricted.get(row.id) ?? null) : null;
        const changes = {
          is_public: isOn && folder === null ? 1 : 0,
          access_folder_id: folder,
          released_notified: isScheduled(row, isOn) ? 0 : 1,
        };
        const key = JSON.stringify(changes);
        const group = groups.get(key) ?? { changes, ids: [] as number[] };
        group.ids.push(row.id);
        groups.set(key, group);
      }
      for (const { changes, ids } of groups.values()) await repo.updateMany('albums', ids, changes);
      const artists = new Map<number, string[]>();
      for (const row of await repo.artistsOf(
        'album_artists',
        listed.map((album) => album.id),
      )) {
        artists.set(row.owner, [...(artists.get(row.owner) ?? []), row.name]);
      }
      await deps.search.upsert(
        listed.map((row) =>
          searchDocument('album', row.id, row.name, (artists.get(row.id) ?? []).join(' '), 0),
        ),
      );
      const listedIds = new Set(listed.map((row) => row.id));
      await deps.search.remove(
        'album',
        rows.filter((row) => !listedIds.has(row.id)).map((row) => row.id),
      );
    },

    syncArtists,
  };
}

export type Listing = ReturnType<typeof createListing>;
