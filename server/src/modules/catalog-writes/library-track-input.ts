import type { GaplessInfo } from '@backbeat/common';

/**
 * The fields of a library track a scan can write on their own (`saveTracks`' `only`): facts
 * of the file, and its lyrics. Everything else (title, artists, album, genres, image) is
 * written only when the file itself changed, so an admin's edits of an unchanged file stay.
 */
export const LIBRARY_TRACK_FACTS = ['disc', 'file', 'musicbrainzId', 'lyrics'] as const;
export type LibraryTrackFact = (typeof LIBRARY_TRACK_FACTS)[number];

/** One library file's track as the scan read it: what the catalog saves (issue 18). */
export interface LibraryTrackInput {
  title: string;
  /** The track's artists, by name (the album artist when the file names none). */
  artists: string[];
  album: {
    name: string;
    /** The album artist: the tag, "Various Artists" for a compilation, else the track's first. */
    artist: string;
    compilation: boolean;
    year: number | null;
    genres: string[];
  } | null;
  /** The disc it is on (tags, else a `CD2` folder) and the disc's title, if known. */
  disc?: { number: number; title: string | null } | null;
  /** What the scan read of the file: bytes, average bits a second, bits a sample. */
  file?: { size: number; bitrate: number | null; bitDepth: number | null };
  /** The MusicBrainz recording id from the tags, if any. */
  musicbrainzId?: string | null;
  /** Stored artwork URL (embedded picture or the folder's cover), if any. */
  image: string | null;
  durationMs: number;
  waveform: number[];
  loudness: { integrated_lufs: number; true_peak_dbtp: number; track_gain_db: number } | null;
  /** Encoder delay and padding the pipeline read (gapless playback), if any. */
  gapless?: GaplessInfo | null;
  genres: string[];
  lyrics: string | null;
  /** Storage key of the audio (`library/<file id>`) and its type. */
  audioPath: string;
  mime: string;
  /** The library folder the file is in (who may see it follows the folder's access). */
  folderId: number;
  /** The folder is seen by chosen users only (its new artists start hidden from others). */
  restricted?: boolean;
  /**
   * The file's bytes are the ones measured before (read again for its tags only): the
   * track's length, waveform, loudness and gapless figures stay as they are.
   */
  keepMeasures?: boolean;
}
