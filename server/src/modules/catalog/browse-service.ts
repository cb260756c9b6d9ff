import type { Album, Track } from '@backbeat/common';
import type { CatalogBrowseRepository } from './browse-repository.ts';
import type { AlbumListQuery, FolderScope, TrackFilter } from './list-orders.ts';
import type { KeyedPage, SortKey } from './keyset.ts';
import { createPageCursors, type PageCursors } from './page-cursors.ts';
import type { CatalogService, Viewer } from './service.ts';

export interface AlbumWithTotals extends Album {
  song_count: number;
  /** Milliseconds, of the tracks the viewer can see. */
  duration: number;
  created_at: string;
  /** The album's first genre, if it has one. */
  genre: string | null;
}

export interface TrackFacts {
  year: number | null;
  genre: string | null;
  mime: string;
  /** The MusicBrainz recording id its tags carried, if any. */
  musicBrainzId: string | null;
  /**
   * What the media pipeline recorded of an uploaded file, or a library scan of its file;
   * null for files neither saw (the demo catalog).
   */
  file: {
    size: number;
    extension: string | null;
    /** Bits per second. */
    bitrate: number | null;
    sampleRate: number | null;
    channels: number | null;
    discNumber: number | null;
    /** Bits a sample (lossless files). */
    bitDepth: number | null;
  } | null;
}

/** The probe's figures kept in a file entry's `media` JSON (common mediaAnalysisSchema). */
function probed(media: string | null) {
  if (!media) return null;
  try {
    const parsed = JSON.parse(media) as {
      bitrate?: unknown;
      sample_rate?: unknown;
      channels?: unknown;
      tags?: { disc_number?: unknown } | null;
    };
    const whole = (value: unknown) =>
      typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
    return {
      bitrate: whole(parsed.bitrate),
      sampleRate: whole(parsed.sample_rate),
      channels: whole(parsed.channels),
      discNumber: whole(parsed.tags?.disc_number),
    };
  } catch {
    return null;
  }
}

export type CatalogBrowse = ReturnType<typeof createCatalogBrowse>;

const viewerKey = (viewer: Viewer) => viewer.userId ?? 0;

/** The whole-library reads of library clients, presented as the rest of the catalog is. */
export function createCatalogBrowse(deps: {
  repository: CatalogBrowseRepository;
  catalog: Pick<CatalogService, 'albums' | 'tracks'>;
  /** Where served pages ended, so that the next page is read by key (page-cursors.ts). */
  cursors?: PageCursors;
}) {
  const { repository, catalog } = deps;
  const cursors = deps.cursors ?? createPageCursors();

  /**
   * A page of a whole-library list at `offset`: after the key where the previous page ended
   * when this instance served it, else at the offset; then the key where this one ends.
   */
  async function keyedPage(
    list: string,
    offset: number,
    read: (after: SortKey | undefined) => Promise<KeyedPage>,
  ): Promise<number[]> {
    const page = await read(cursors.before(list, offset));
    if (page.last) cursors.remember(list, offset + page.ids.length, page.last);
    return page.ids;
  }
  const listOf = (name: string, viewer: Viewer, folder: FolderScope) =>
    `${name}:${viewerKey(viewer)}:${folder === undefined ? '*' : String(folder)}`;

  async function withTotals(albums: Album[], viewer: Viewer): Promise<AlbumWithTotals[]> {
    const totals = new Map(
      (
        await repository.albumTotals(
          albums.map((album) => album.id),
          viewerKey(viewer),
        )
      ).map((row) => [row.id, row]),
    );
    return albums.map((album) => {
      const total = totals.get(album.id);
      return {
        ...album,
        song_count: Number(total?.song_count ?? 0),
        duration: Number(total?.duration ?? 0),
        genre: total?.genre ?? null,
        created_at: new Date(total ? (total.created_at as string | Date) : 0).toISOString(),
      };
    });
  }

  return {
    withTotals,

    async artists(viewer: Viewer, folder?: FolderScope) {
      const rows = await repository.artistsByName(viewerKey(viewer), folder);
      return rows.map((row) => ({ ...row, album_count: Number(row.album_count) }));
    },

    /** A page of every artist the viewer can see, by name, with their album counts. */
    async artistsPage(offset: number, size: number, viewer: Viewer, folder?: FolderScope) {
      const ids = await keyedPage(listOf('artists', viewer, folder), offset, (after) =>
        repository.artistPage(offset, size, viewerKey(viewer), folder, after),
      );
      const rows = new Map(
        (await repository.artistsWithAlbumCounts(ids, viewerKey(viewer))).map((row) => [
          row.id,
          { ...row, album_count: Number(row.album_count) },
        ]),
      );
      return ids.flatMap((id) => rows.get(id) ?? []);
    },

    async albumList(
      query: AlbumListQuery,
      viewer: Viewer,
      folder?: FolderScope,
    ): Promise<AlbumWithTotals[]> {
      const { order, fromYear, toYear, genre, offset } = query;
      const list = JSON.stringify([
        'albums',
        order,
        fromYear ?? null,
        toYear ?? null,
        genre ?? null,
      ]);
      const ids = await keyedPage(listOf(list, viewer, folder), offset, (after) =>
        repository.albumPage(query, viewerKey(viewer), folder, after),
      );
      return withTotals(await catalog.albums(ids), viewer);
    },

    async tracksPage(
      offset: number,
      size: number,
      viewer: Viewer,
      folder?: FolderScope,
    ): Promise<Track[]> {
      const ids = await keyedPage(listOf('tracks', viewer, folder), offset, async (after) => {
        const ids = await repository.trackIdsPage(
          offset,
          size,
          viewerKey(viewer),
          folder,
          after === undefined ? undefined : Number(after[0]),
        );
        const last = ids.at(-1);
        return { ids, last: last === undefined ? null : [last] };
      });
      return catalog.tracks(ids);
    },

    async randomTracks(
      size: number,
      filter: TrackFilter,
      viewer: Viewer,
      folder?: FolderScope,
    ): Promise<Track[]> {
      return catalog.tracks(
        await repository.randomTrackIds(size, filter, viewerKey(viewer), folder),
      );
    },

    /**
     * An artist's tracks that are on no album (a loose file has no album tag): a folder
     * browser lists them beside the artist's albums, or could never reach them.
     */
    async looseTracks(artistId: number, viewer: Viewer, limit: number): Promise<Track[]> {
      return catalog.tracks(await repository.looseTrackIds(artistId, viewerKey(viewer), limit));
    },

    /** The library folders the viewer may see. */
    folders: (viewer: Viewer) => repository.folders(viewerKey(viewer)),

    /** Which of these ids have music in the folder (undefined: all of them). */
    async keepInFolder<T extends { id: number }>(
      table: 'tracks' | 'albums' | 'artists',
      items: T[],
      folder: FolderScope,
    ): Promise<T[]> {
      if (folder === undefined) return items;
      const inside = await repository.idsInFolder(
        table,
        items.map((item) => item.id),
        folder,
      );
      return items.filter((item) => inside.has(item.id));
    },

    /** Year, first genre and file type of each track, by id. */
    async trackFacts(trackIds: readonly number[]): Promise<Map<number, TrackFacts>> {
      const rows = await repository.trackFacts(trackIds);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            year: row.release_date ? Number(row.release_date.slice(0, 4)) || null : null,
            genre: row.genre ?? null,
            mime: row.audio_mime ?? 'audio/mpeg',
            musicBrainzId: row.musicbrainz_id ?? null,
            file:
              row.file_size !== null && row.file_size !== undefined
                ? {
                    size: Number(row.file_size),
                    extension: row.extension ?? null,
                    bitrate: null,
                    sampleRate: null,
                    channels: null,
                    discNumber: null,
                    bitDepth: null,
                    ...probed(row.media ?? null),
                  }
                : row.library_file_size !== null && row.library_file_size !== undefined
                  ? {
                      size: Number(row.library_file_size),
                      extension: null,
                      bitrate: row.library_bitrate === null ? null : Number(row.library_bitrate),
                      sampleRate: null,
                      channels: null,
                      discNumber: null,
                      bitDepth: row.bit_depth === null ? null : Number(row.bit_depth),
                    }
                  : null,
          },
        ]),
      );
    },

    async genres(viewer: Viewer) {
      const rows = await repository.genreCounts(viewerKey(viewer));
      return rows.map((row) => ({
        name: row.display_name,
        song_count: Number(row.song_count ?? 0),
        album_count: Number(row.album_count ?? 0),
      }));
    },
  };
}
