import type { GaplessInfo, MediaAnalysis } from '@backbeat/common';
import type { LibraryTrackFact, LibraryTrackInput } from './library-track-input.ts';

/*
 * The catalog's new rows, written once: every caller (editors, upload drafts, library folders)
 * starts a track, album or artist from these, so a column's default lives here alone.
 */

/** Genre and tag names as the catalog keeps them: trimmed, lowercase, each once. */
export const lowerNames = (names: string[]) => [
  ...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean)),
];

/** A new artist: unverified, no links, no plays; the library's own have no owner. */
export function newArtistRow(input: {
  name: string;
  ownerId: number | null;
  stamp: string;
  image?: string | null;
  description?: string | null;
  links?: string;
  /** A library folder's new artist starts restricted to it (issue 18). */
  accessFolderId?: number | null;
}) {
  return {
    name: input.name,
    image: input.image ?? null,
    description: input.description ?? null,
    verified: 0,
    links: input.links ?? '[]',
    plays: 0,
    popularity: 0,
    owner_id: input.ownerId,
    ...(input.accessFolderId !== undefined ? { access_folder_id: input.accessFolderId } : {}),
    created_at: input.stamp,
    updated_at: input.stamp,
  };
}

/** A new album, unlisted until the listing rule says otherwise (listing.ts). */
export function newAlbumRow(input: {
  name: string;
  ownerId: number | null;
  status: 'draft' | 'published';
  stamp: string;
  releaseDate?: string | null;
  image?: string | null;
  type?: string;
}) {
  return {
    name: input.name.slice(0, 255),
    release_date: input.releaseDate ?? null,
    image: input.image ?? null,
    type: input.type ?? 'album',
    description: null,
    owner_id: input.ownerId,
    is_public: 0,
    plays: 0,
    popularity: 0,
    status: input.status,
    release_at: null,
    created_at: input.stamp,
    updated_at: input.stamp,
  };
}

/** A new album named by tags: the year is its release date, a compilation flag its type. */
export function albumRowFromTags(input: {
  name: string;
  year: number | null | undefined;
  compilation: boolean | null | undefined;
  image: string | null;
  ownerId: number | null;
  status: 'draft' | 'published';
  stamp: string;
}) {
  return newAlbumRow({
    ...input,
    releaseDate: input.year ? `${String(input.year).padStart(4, '0')}-01-01` : null,
    type: input.compilation ? 'compilation' : 'album',
  });
}

/** A new track, unlisted until the listing rule says otherwise (listing.ts). */
export function newTrackRow(input: {
  name: string;
  ownerId: number | null;
  status: 'draft' | 'published';
  stamp: string;
}) {
  return {
    name: input.name,
    number: null,
    duration: 0,
    album_id: null,
    image: null,
    description: null,
    owner_id: input.ownerId,
    is_public: 0,
    audio_path: null,
    audio_mime: null,
    waveform: '[]',
    plays: 0,
    popularity: 0,
    status: input.status,
    release_at: null,
    file_entry_id: null,
    created_at: input.stamp,
    updated_at: input.stamp,
  };
}

/** Measured loudness (EBU R128) of a track's audio, as the analysis gives it. */
export interface MeasuredLoudness {
  integrated_lufs: number;
  true_peak_dbtp: number;
  track_gain_db: number;
}

/** What the player needs of a track's audio as columns: levelling and gapless joins. */
export function audioColumns(audio: {
  loudness?: MeasuredLoudness | null;
  gapless?: GaplessInfo | null;
}) {
  return {
    loudness_lufs: audio.loudness?.integrated_lufs ?? null,
    true_peak_dbtp: audio.loudness?.true_peak_dbtp ?? null,
    track_gain_db: audio.loudness?.track_gain_db ?? null,
    gapless: audio.gapless ? JSON.stringify(audio.gapless) : null,
  };
}

/**
 * The same from an uploaded file's analysis: empty until the file was analysed, so a track
 * made before then keeps what it had; loudness only when it was measured.
 */
export function analysisColumns(media: MediaAnalysis | null | undefined) {
  if (!media || media.status !== 'ready') return {};
  const { gapless, ...loudness } = audioColumns(media);
  return { gapless, ...(media.loudness ? loudness : {}) };
}

/** The columns a library file gives its track (issue 18), on its first scan and every later one. */
export function libraryTrackColumns(
  input: LibraryTrackInput,
  albumId: number | null,
  stamp: string,
) {
  const measures = input.keepMeasures
    ? {}
    : {
        duration: input.durationMs,
        waveform: JSON.stringify(input.waveform),
        ...audioColumns(input),
      };
  return {
    name: input.title.slice(0, 255),
    album_id: albumId,
    image: input.image,
    audio_path: input.audioPath,
    audio_mime: input.mime,
    ...measures,
    library_folder_id: input.folderId,
    ...libraryFactColumns(input, ['disc', 'file', 'musicbrainzId']),
    updated_at: stamp,
  };
}

/** The columns of the given file facts of a library track (lyrics are written apart). */
export function libraryFactColumns(input: LibraryTrackInput, facts: readonly LibraryTrackFact[]) {
  const has = new Set(facts);
  return {
    ...(has.has('disc')
      ? {
          disc_number: input.disc?.number ?? null,
          disc_title: input.disc?.title?.slice(0, 255) ?? null,
        }
      : {}),
    ...(has.has('file')
      ? {
          file_size: input.file?.size ?? null,
          bitrate: input.file?.bitrate ?? null,
          bit_depth: input.file?.bitDepth ?? null,
        }
      : {}),
    ...(has.has('musicbrainzId')
      ? { musicbrainz_id: input.musicbrainzId?.slice(0, 64) ?? null }
      : {}),
  };
}

/** A library file's new track: the site's (no owner), published, never announced. */
export function newLibraryTrackRow(
  input: LibraryTrackInput,
  albumId: number | null,
  stamp: string,
) {
  return {
    ...newTrackRow({ name: input.title, ownerId: null, status: 'published', stamp }),
    ...libraryTrackColumns(input, albumId, stamp),
    released_notified: 1,
  };
}
