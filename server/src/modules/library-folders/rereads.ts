/*
 * When a library scan reads a file again (issue 18, 38): a file is skipped while its size and
 * modification time stay the same, unless its track is out of date all the same (read by an
 * older version of the scan, or its side-car `.lrc` changed), and then only what changed is
 * written to its track.
 */
import type { LibraryTrackFact } from '../catalog-writes/library.ts';
import type { FoundFile } from './files.ts';
import type { LibraryFileRow } from './repository.ts';

/**
 * What each version of the scan's reading added, by version: a file whose row was written by
 * an older one is read once more though unchanged, and only the fields the versions since
 * added are written to its track (title, artists, album, genres and image stay as they are:
 * an admin may have edited them). Raise it with the fields it brings when the scan reads
 * something new. 1: disc, size, bit rate, bit depth and MusicBrainz id (migration 0030;
 * 0032 keeps rows read since then at 1).
 */
export const TAGS_VERSIONS: Record<number, readonly LibraryTrackFact[]> = {
  1: ['disc', 'file', 'musicbrainzId'],
};
/** The version of what a scan reads of a file (the newest of TAGS_VERSIONS). */
export const TAGS_VERSION = Math.max(...Object.keys(TAGS_VERSIONS).map(Number));
/** The fields the versions after `version` added. */
const fieldsSince = (version: number): LibraryTrackFact[] => [
  ...new Set(
    Object.entries(TAGS_VERSIONS).flatMap(([at, fields]) => (Number(at) > version ? fields : [])),
  ),
];
/**
 * Same size and modification time (to the millisecond: a time set back through a `Date`
 * may come back a hair under the whole millisecond it was).
 */
export const sameFile = (row: Pick<LibraryFileRow, 'size' | 'mtime_ms'>, file: FoundFile) =>
  Number(row.size) === file.size && Math.abs(Number(row.mtime_ms) - file.mtimeMs) <= 1;
/**
 * An unchanged file whose track is out of date all the same: read by an older version of the
 * scan, or its side-car `.lrc` added, changed or removed since. (A file that failed is tried
 * again only when it changes.)
 */
export const readAgain = (
  row: Pick<LibraryFileRow, 'track_id' | 'error' | 'tags_version' | 'lyrics_stamp'>,
  file: FoundFile,
) =>
  !!row.track_id &&
  !row.error &&
  (row.tags_version < TAGS_VERSION || row.lyrics_stamp !== file.lyricsStamp);
/** What of an unchanged file's track readAgain writes: the newer fields, the lyrics. */
export const refreshed = (
  row: Pick<LibraryFileRow, 'tags_version' | 'lyrics_stamp'>,
  file: FoundFile,
) => [
  ...fieldsSince(row.tags_version),
  ...(row.lyrics_stamp !== file.lyricsStamp ? (['lyrics'] as const) : []),
];
