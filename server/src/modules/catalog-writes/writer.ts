import { parseLyrics } from '@backbeat/common';
import { searchDocument } from '../search/document.ts';
import { createListing, type SearchPort } from './listing.ts';
import type { CatalogWriteRepository } from './repository.ts';
import { albumRowFromTags, lowerNames, newArtistRow } from './rows.ts';

/** What writing the catalog needs of other modules (narrow ports, DESIGN §9). */
export interface CatalogWritePorts {
  repository: CatalogWriteRepository;
  search: SearchPort;
  /** Drops cached public answers after a change. */
  afterChange: () => void;
  forgetLikes: (type: 'tracks' | 'albums', ids: number[]) => Promise<void>;
  forgetReposts: (type: 'tracks' | 'albums', ids: number[]) => Promise<void>;
  forgetComments: (trackIds: number[]) => Promise<void>;
  /** Deletes file entries and their bytes for good (the owner's decision was the delete). */
  purgeFiles: (ids: number[]) => Promise<void>;
}

/** LRC lyrics are stored as synced. */
export const isSyncedLyrics = (text: string) => parseLyrics(text).synced;

/**
 * The catalog's one write model (issue 37): every module that makes, changes, lists or
 * removes artists, albums and tracks does it here, so the rows, the listing rule and the
 * search index move together. `rows` is the SQL for what has no rule beyond the row.
 */
export function createCatalogWriterCore(deps: CatalogWritePorts) {
  const { repository: repo } = deps;
  const listing = createListing(deps);

  /** Removes tracks and what hangs on them, through the modules that own each part. */
  async function removeTracks(ids: number[]) {
    if (!ids.length) return;
    const rows = await repo.trackAlbums(ids);
    const files = rows.flatMap((row) => (row.file_entry_id ? [row.file_entry_id] : []));
    await deps.forgetLikes('tracks', ids);
    await deps.forgetReposts('tracks', ids);
    await deps.forgetComments(ids);
    await deps.search.remove('track', ids);
    // Playlist entries, artists, genres, tags, lyrics and plays go with the row (foreign keys).
    await repo.deleteRows('tracks', ids);
    await repo.refreshAlbumGains(rows.map((row) => row.album_id));
    await deps.purgeFiles(files);
  }

  /** Removes an album, its tracks and what hangs on them. */
  async function removeAlbum(id: number) {
    await removeTracks(await repo.albumTrackIds(id));
    await deps.forgetLikes('albums', [id]);
    await deps.forgetReposts('albums', [id]);
    await deps.search.remove('album', [id]);
    await repo.deleteRows('albums', [id]);
  }

  /** A new artist, found by search at once. */
  async function createArtist(input: Parameters<typeof newArtistRow>[0]) {
    const id = await repo.insertArtist(newArtistRow(input));
    await deps.search.upsert([searchDocument('artist', id, input.name, '', 0)]);
    return id;
  }

  /** A new album named by an audio file's tags, with its artists and genres. */
  async function createAlbumFromTags(
    input: Parameters<typeof albumRowFromTags>[0] & { artistIds: number[]; genres: string[] },
  ) {
    const id = await repo.insertAlbum(albumRowFromTags(input));
    await repo.setArtists('album_artists', id, input.artistIds);
    if (input.genres.length) {
      await repo.setGenres('album_genres', id, lowerNames(input.genres), input.stamp);
    }
    return id;
  }

  return {
    rows: repo,
    createAlbumFromTags,
    listing,
    createArtist,
    removeTracks,
    removeAlbum,
    isSyncedLyrics,
    /** A track's lyrics as given (trimmed; LRC ones synced; empty removes them). */
    async setLyrics(trackId: number, text: string | null | undefined, now?: string) {
      const trimmed = text?.trim() || null;
      await repo.setLyrics(trackId, trimmed, trimmed ? isSyncedLyrics(trimmed) : false, now);
    },
  };
}

export type CatalogWriterCore = ReturnType<typeof createCatalogWriterCore>;
