/** Upload constants of spec 2 §4, §5, §8 and §9, in one place for the server and the web. */

export const MB = 1024 * 1024;

/** Files of this size or more go through chunked resumable (tus) upload, unless disabled. */
export const CHUNKED_UPLOAD_MIN_BYTES = 4 * MB;
/** Files of this size or more go through S3 multipart when direct S3 upload is on. */
export const S3_MULTIPART_MIN_BYTES = 100 * MB;

export const MULTIPART_MIN_PART_BYTES = 20 * MB;
/** S3's own floor for every part but the last. */
export const S3_PART_FLOOR_BYTES = 5 * MB;
/** S3 allows at most this many parts in one upload. */
export const MULTIPART_MAX_PARTS = 10_000;
export const SIGN_PART_URLS_BATCH = 10;
export const PARTS_AT_ONCE = 5;
export const PART_RETRIES = 3;

export const UPLOAD_QUEUE_CONCURRENCY = 3;
export const CHUNKED_RETRY_DELAYS_MS = [0, 3000, 5000, 10_000, 20_000] as const;
export const UPLOAD_INACTIVITY_TIMEOUT_MS = 30_000;
/** Incomplete tus uploads are pruned after this long. */
export const TUS_UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** A presigned S3 URL (simple PUT or one part) is valid this long. */
export const PRESIGNED_URL_SECONDS = 60 * 60;

export const UPLOAD_STATUSES = ['pending', 'inProgress', 'completed', 'failed', 'aborted'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Spec §5 and §8 messages, translated where they are shown. */
export const UPLOAD_MESSAGES = {
  tooLarge: '`:file` exceeds maximum allowed size of :size',
  typeNotAllowed: 'This file type is not allowed',
  timedOut: 'Upload timed out',
  overQuota: 'You have used all of your upload space.',
  notAudio: '`:file` is named as audio, but its contents are not audio',
} as const;

/** The per-user space quota: a restriction (bytes) of the permission that allows uploading. */
export const UPLOAD_PERMISSION = 'music.create';
export const SPACE_RESTRICTION = 'space';

/** The tus endpoint, as the client's tus library is given it. */
export const TUS_UPLOAD_PATH = '/api/v1/tus/upload';
