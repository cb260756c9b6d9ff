import type { FileEntry } from '@backbeat/common';
import type { UploadedFile } from '../upload-file.ts';

/**
 * Why an upload is stopped: a pause keeps what the server holds so it can resume, a
 * cancel removes it, and a failure (an error or the inactivity time-out) removes what
 * cannot be resumed (an S3 multipart upload is aborted, spec 2 §4).
 */
export type StopReason = 'pause' | 'cancel' | 'fail';

/** What the caller says about the upload besides the file (spec 2 §7 `metadata`). */
export interface UploadRequestMetadata {
  parentId?: number | null;
  relativePath?: string;
  accept?: string[];
  [key: string]: unknown;
}

export interface UploadJobInput {
  file: Blob;
  info: UploadedFile;
  metadata: UploadRequestMetadata;
  /** The signed-in user, so resumable sessions on a shared device stay apart. */
  userId: number;
  /** Settings the method needs (the tus chunk size). */
  chunkSize: number;
  /** Bytes the server has so far (including what it had before a resume). */
  onProgress(bytesSent: number): void;
}

export interface UploadJob {
  /** The file entry once every byte arrived; rejects with the error to show. */
  done: Promise<FileEntry>;
  stop(reason: StopReason): Promise<void>;
}

export type StartUpload = (input: UploadJobInput) => UploadJob;

/** A failure whose message is meant for the user (the backend's words, spec 2 §8). */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}
