import {
  CHUNKED_UPLOAD_MIN_BYTES,
  S3_MULTIPART_MIN_BYTES,
  UPLOAD_QUEUE_CONCURRENCY,
} from './constants.ts';

export type UploadMethod = 'tus' | 's3Simple' | 's3Multipart' | 'multipart';

/** The upload settings the client reads from bootstrap data. */
export interface UploadMethodSettings {
  /** Chunked resumable (tus) upload is on. */
  chunk: boolean;
  /** The storage is S3 and browsers may upload to it directly. */
  s3Direct: boolean;
}

/**
 * Spec 2 §4: direct S3 when the disk is S3 and enabled (multipart from 100 MB); otherwise
 * chunked tus from 4 MB unless disabled; plain multipart for the rest.
 */
export function chooseUploadMethod(size: number, settings: UploadMethodSettings): UploadMethod {
  if (settings.s3Direct) return size >= S3_MULTIPART_MIN_BYTES ? 's3Multipart' : 's3Simple';
  if (settings.chunk && size >= CHUNKED_UPLOAD_MIN_BYTES) return 'tus';
  return 'multipart';
}

/** What the queue needs to know about an upload in progress. */
export interface ActiveUpload {
  method: UploadMethod;
  size: number;
  relativePath?: string | null;
}

/**
 * Spec 2 §4: three uploads at once, but only one while a folder upload (a relative path), an
 * S3 multipart upload or a chunked upload larger than one chunk is running.
 */
export function uploadQueueConcurrency(active: readonly ActiveUpload[], chunkSize: number): number {
  const exclusive = active.some(
    (upload) =>
      !!upload.relativePath ||
      upload.method === 's3Multipart' ||
      (upload.method === 'tus' && upload.size > chunkSize),
  );
  return exclusive ? 1 : UPLOAD_QUEUE_CONCURRENCY;
}
