import { MULTIPART_MAX_PARTS, MULTIPART_MIN_PART_BYTES, S3_PART_FLOOR_BYTES } from './constants.ts';

/**
 * Spec §9: parts are 20 MB, raised to size / 10,000 (at least 5 MB) when that is larger, so
 * no file needs more than S3's 10,000 parts.
 */
export function multipartPartSize(fileSize: number): number {
  const spread = Math.max(S3_PART_FLOOR_BYTES, Math.ceil(fileSize / MULTIPART_MAX_PARTS));
  return Math.max(MULTIPART_MIN_PART_BYTES, spread);
}

/** How many parts a file is sent in; a zero-size file is sent as one (empty) part. */
export function multipartPartCount(fileSize: number): number {
  if (fileSize === 0) return 1;
  return Math.ceil(fileSize / multipartPartSize(fileSize));
}

/** The byte range `[start, end)` of part `partNumber` (1-based). */
export function multipartPartRange(
  fileSize: number,
  partNumber: number,
): { start: number; end: number } {
  const size = multipartPartSize(fileSize);
  const start = (partNumber - 1) * size;
  return { start, end: Math.min(fileSize, start + size) };
}
