import { createLibraryBulkWrites } from './library-bulk.ts';
import type { LibraryTrackFact, LibraryTrackInput } from './library-track-input.ts';
import {
  audioColumns,
  libraryFactColumns,
  libraryTrackColumns,
  lowerNames,
  newLibraryTrackRow,
} from './rows.ts';
import type { CatalogWritePorts, CatalogWriterCore } from './writer.ts';

/** What a scanned library file says about its track (issue 18). */
export type { LibraryTrackFact, LibraryTrackInput } from './library-track-input.ts';

const now = () => new Date().toISOString();
export const UNKNOWN_ARTIST = 'Unknown artist';
const ACCESS_BATCH = 200;

/**
 * The catalog side of library folders: a file's track with its artists, album, genres and
 * lyrics, published and searchable at once; the site's (no owner), matched to existing
 * artists and albums by name (case-insensitive). Removal takes the existing deletion path.
 */
export function createLibraryCatalog(
  writer: CatalogWriterCore,
  deps: Pick<CatalogWritePorts, 'repository' | 'search' | 'afterChange'>,
) {
  const { repository: repo } = deps;
  const { listing } = writer;
  const bulk = createLibraryBulkWrites(deps, listing, writer.isSyncedLyrics);

  /** `accessFolderId`: new artists start restricted to that folder (it restricts access). */
  async function ensureArtists(
    names: string[],
    accessFolderId: number | null = null,
  ): Promise<number[]> {
    const wanted = [...new Map(names.map((n) => [n.trim().toLowerCase(), n.trim()])).values()]
      .filter(Boolean)
      .map((name) => name.slice(0, 255));
    const existing = await repo.artistsByName(wanted);
    const ids: number[] = [];
    for (const name of wanted) {
      const found = existing.find((a) => a.name.toLowerCase() === name.toLowerCase());
      if (found) {
        ids.push(found.id);
        continue;
      }
      ids.push(await writer.createArtist({ name, ownerId: null, accessFolderId, stamp: now() }));
    }
    return [...new Set(ids)];
  }

  async function ensureAlbum(
    album: NonNullable<LibraryTrackInput['album']>,
    image: string | null,
    accessFolderId: number | null,
  ): Promise<number> {
    const artistIds = await ensureArtists([album.artist], accessFolderId);
    // Only the library's own albums: a release an artist owns is never changed by an import.
    const found = await repo.albumByName(album.name, artistIds, true);
    if (found) {
      if (!found.image && image) await repo.updateAlbum(found.id, { image });
      return found.id;
    }
    return writer.createAlbumFromTags({
      ...album,
      image,
      ownerId: null,
      status: 'published',
      stamp: now(),
      artistIds,
    });
  }

  const catalog = {
    /**
     * Creates the file's track, or updates it in place (same id: plays, likes and playlist
     * entries stay); answers its id and album, and the album it was on before.
     */
    async saveTrack(trackId: number | null, input: LibraryTrackInput) {
      const names = input.artists.length ? input.artists : [input.album?.artist ?? UNKNOWN_ARTIST];
      const access = input.restricted ? input.folderId : null;
      const artistIds = await ensureArtists(names, access);
      const albumId = input.album ? await ensureAlbum(input.album, input.image, access) : null;
      const [before] = trackId ? await repo.trackAlbums([trackId]) : [];
      const stamp = now();
      let id: number;
      if (before) {
        id = before.id;
        await repo.updateTrack(id, libraryTrackColumns(input, albumId, stamp));
      } else {
        id = await repo.insertTrack(newLibraryTrackRow(input, albumId, stamp));
      }
      await repo.setArtists('track_artists', id, artistIds);
      await repo.setGenres('track_genres', id, lowerNames(input.genres), stamp);
      await writer.setLyrics(id, input.lyrics, stamp);
      await listing.syncTrack(id);
      await repo.refreshAlbumGains([albumId, before?.album_id ?? null]);
      // An album's artists follow its folder's access once it is ordered (orderAlbum).
      if (!albumId) await repo.syncArtistAccess(await repo.artistsOfTracks([id]));
      return { trackId: id, albumId, previousAlbumId: before?.album_id ?? null };
    },

    /**
     * Only the given fields of an existing track, from an unchanged file read again (a newer
     * scan's reading, a changed side-car `.lrc`): title, artists, album, genres, image and the
     * measures stay as they are (an admin may have edited them). Null when the track is gone.
     */
    async refreshTrack(trackId: number, input: LibraryTrackInput, only: LibraryTrackFact[]) {
      const [row] = await repo.trackAlbums([trackId]);
      if (!row) return null;
      const stamp = now();
      await repo.updateTrack(row.id, { ...libraryFactColumns(input, only), updated_at: stamp });
      if (only.includes('lyrics')) await writer.setLyrics(row.id, input.lyrics, stamp);
      deps.afterChange();
      return { trackId: row.id, albumId: row.album_id, previousAlbumId: null };
    },

    /**
     * saveTrack for a batch of files (a scan's): new tracks are written together, a few
     * statements a batch; an item with `only` writes just those fields of its track
     * (refreshTrack). Answers in the items' order.
     */
    async saveTracks(
      items: { trackId: number | null; input: LibraryTrackInput; only?: LibraryTrackFact[] }[],
    ) {
      const saved: Awaited<ReturnType<typeof catalog.saveTrack>>[] = [];
      const fresh: number[] = [];
      for (const [index, item] of items.entries()) {
        if (item.trackId === null) {
          fresh.push(index);
          continue;
        }
        const refreshed = item.only
          ? await catalog.refreshTrack(item.trackId, item.input, item.only)
          : null;
        saved[index] = refreshed ?? (await catalog.saveTrack(item.trackId, item.input));
      }
      const made = await bulk.insertTracks(fresh.map((index) => items[index]!.input));
      fresh.forEach((index, at) => (saved[index] = made[at]!));
      return saved;
    },

    /** Several albums' orders at once (orderAlbum for each), and their tracks in order. */
    orderAlbums: bulk.orderAlbums,
    albumsTrackIds: bulk.albumsTrackIds,

    /** The decode's measures of a track saved by its tags (waveform, loudness, exact length). */
    async saveAnalysis(
      trackId: number,
      analysis: Pick<LibraryTrackInput, 'durationMs' | 'waveform' | 'loudness' | 'gapless'>,
    ) {
      await repo.updateTrack(trackId, {
        duration: analysis.durationMs,
        waveform: JSON.stringify(analysis.waveform),
        ...audioColumns(analysis),
        updated_at: now(),
      });
      const [row] = await repo.trackAlbums([trackId]);
      await repo.refreshAlbumGains([row?.album_id ?? null]);
      deps.afterChange();
    },

    /**
     * Many tracks' measured audio at once (library analysis, issue 42): each album's gain is
     * worked out once for the batch instead of once per track. A track's waveform is left as
     * it is unless given (library waveforms are made on demand, see `setWaveform`).
     */
    async saveAnalyses(
      analyses: ({ trackId: number } & Pick<
        LibraryTrackInput,
        'durationMs' | 'loudness' | 'gapless'
      >)[],
    ) {
      if (!analyses.length) return;
      const stamp = now();
      for (const analysis of analyses) {
        await repo.updateTrack(analysis.trackId, {
          duration: analysis.durationMs,
          ...audioColumns(analysis),
          updated_at: stamp,
        });
      }
      const rows = await repo.trackAlbums(analyses.map((analysis) => analysis.trackId));
      await repo.refreshAlbumGains([...new Set(rows.map((row) => row.album_id))]);
      deps.afterChange();
    },

    /** A library track's waveform, made when it was first asked for. */
    async setWaveform(trackId: number, waveform: number[]) {
      await repo.setWaveform(trackId, waveform);
      deps.afterChange();
    },

    /** Puts an album's tracks in the given order (disc, then number) and lists the album. */
    async orderAlbum(albumId: number, trackIds: number[]) {
      await repo.setTrackNumbers(albumId, trackIds);
      await listing.syncAlbum(albumId);
      await repo.syncArtistAccess(await repo.artistsOfTracks(trackIds));
    },

    /** Albums left without tracks that nobody owns (the library's own) go too. */
    async tidyAlbums(albumIds: number[]) {
      const rows = await repo.albumTrackCounts([...new Set(albumIds)]);
      for (const row of rows) {
        if (Number(row.tracks_count ?? 0) === 0 && row.owner_id === null) {
          await writer.removeAlbum(row.id);
        } else {
          await listing.syncAlbum(row.id);
        }
      }
      deps.afterChange();
    },

    /** The existing deletion path: likes, reposts, comments, search and playlist entries. */
    async removeTracks(trackIds: number[]) {
      const rows = await repo.trackAlbums(trackIds);
      await writer.removeTracks(trackIds);
      const albums = rows.flatMap((row) => (row.album_id ? [row.album_id] : []));
      if (albums.length) await catalog.tidyAlbums(albums);
      deps.afterChange();
    },

    /**
     * Applies a folder's access to its tracks, their albums and artists after it changed:
     * restricted music leaves the public catalog, opened music joins it.
     */
    async syncAccess(trackIds: number[]) {
      for (let start = 0; start < trackIds.length; start += ACCESS_BATCH) {
        const batch = trackIds.slice(start, start + ACCESS_BATCH);
        for (const id of batch) await listing.syncTrack(id);
        const albums = new Set((await repo.trackAlbums(batch)).map((row) => row.album_id));
        for (const album of albums) {
          if (album) await listing.syncAlbum(album);
        }
        await repo.syncArtistAccess(await repo.artistsOfTracks(batch));
      }
      deps.afterChange();
    },

    /** An album's tracks in their current order. */
    albumTrackIds: (albumId: number) => repo.albumTrackIds(albumId),

    /** The planner's statistics of the catalog, after a scan changed much of it. */
    refreshStatistics: () => repo.refreshStatistics(),

    /** Which of these tracks still exist (an admin may have deleted one). */
    async existingTrackIds(trackIds: number[]): Promise<number[]> {
      return (await repo.trackAlbums(trackIds)).map((row) => row.id);
    },
  };
  return catalog;
}

export type LibraryCatalog = ReturnType<typeof createLibraryCatalog>;
