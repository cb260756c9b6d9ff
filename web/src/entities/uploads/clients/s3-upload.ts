import {
  PARTS_AT_ONCE,
  PART_RETRIES,
  multipartPartCount,
  multipartPartRange,
  multipartPartSize,
  type FileEntry,
} from '@backbeat/common';
import {
  abortMultipartUpload,
  batchSignPartUrls,
  completeMultipartUpload,
  createMultipartUpload,
  createS3Entry,
  getUploadedParts,
  presignSimpleUpload,
} from '@backbeat/common/contracts';
import type { AwsS3Part } from '@uppy/aws-s3';
import type { Body, Meta, Uppy, UppyFile } from '@uppy/core';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { messageOfText } from './error-message.ts';
import {
  clearMultipartSession,
  readMultipartSession,
  writeMultipartSession,
  type MultipartSession,
} from './multipart-session.ts';
import { partUrlBatches } from './part-url-batches.ts';
import { putToStorage } from './s3-part-request.ts';
import { UploadFailure, type StartUpload, type UploadJobInput } from './types.ts';

/** Waits before each new try of a part: a part goes at most 1 + 3 times (spec 2 §9). */
const PART_RETRY_DELAYS_MS = [0, 1000, 3000].slice(0, PART_RETRIES);

/** Uppy and its S3 plugin come on first use, so they stay out of the first page's script. */
const loadUppy = () => Promise.all([import('@uppy/core'), import('@uppy/aws-s3')]);

/** Uppy's failed PUT carries its XMLHttpRequest as `source`: the storage's words, or its status. */
function failureOf(error: unknown): unknown {
  const source = (error as { source?: { status?: unknown; responseText?: unknown } } | null)
    ?.source;
  const status = source?.status;
  if (typeof status !== 'number' || status === 0) return error;
  const text = typeof source?.responseText === 'string' ? source.responseText : '';
  return new UploadFailure(messageOfText(text) ?? `Storage answered ${status}.`, status);
}

/**
 * Spec 2 §4 and §7 direct S3 upload through Uppy's S3 plugin, with Backbeat's endpoints as its
 * signer. Simple: presign, PUT with the Content-Type and acl header, then `s3/entries`.
 * Multipart: create a session (or resume the one kept under the file's fingerprint, from the
 * parts S3 already holds), parts of the §9 size, 5 at once with 3 retries each, URLs signed 10
 * at a time, complete, then the entry. Success clears the kept session; a failure or a cancel
 * calls abort; a pause keeps it for a later resume.
 */
function startS3Upload(input: UploadJobInput, multipart: boolean) {
  const { file, info, metadata, userId, onProgress } = input;
  const controller = new AbortController();
  const { signal } = controller;
  const mime = info.mime || 'application/octet-stream';
  let session: MultipartSession | null = null;
  let objectKey: string | null = null;
  let uppy: Uppy<Meta, Body> | null = null;
  let stopped = false;
  let keepSession = false;

  /** Stops Uppy's requests and lets go of it (once). */
  const shutUppy = () => {
    const instance = uppy;
    uppy = null;
    instance?.destroy();
  };

  const abortSession = async () => {
    const current = session;
    session = null;
    clearMultipartSession(userId, info.fingerprint);
    if (!current) return;
    await api(abortMultipartUpload, { key: current.fileKey, uploadId: current.uploadId }).catch(
      () => {},
    );
  };

  /** The parts S3 holds of the session kept on this device (whole ones only), or null. */
  async function keptParts(): Promise<AwsS3Part[] | null> {
    const kept = readMultipartSession(userId, info.fingerprint);
    if (!kept) return null;
    try {
      const { parts } = await api(
        getUploadedParts,
        { key: kept.fileKey, uploadId: kept.uploadId },
        { signal },
      );
      signal.throwIfAborted();
      session = kept;
      objectKey = kept.fileKey;
      return parts.filter((part) => {
        const range = multipartPartRange(info.size, part.PartNumber);
        return part.Size === range.end - range.start;
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      // The server no longer knows it (finished, pruned or another account's): start anew.
      clearMultipartSession(userId, info.fingerprint);
      return null;
    }
  }

  const requireSession = () => {
    if (!session) throw new UploadFailure('The upload was stopped.');
    return session;
  };

  async function send(): Promise<void> {
    const [held, [{ default: Uppy }, { default: AwsS3 }]] = await Promise.all([
      multipart ? keptParts() : null,
      loadUppy(),
    ]);
    signal.throwIfAborted();
    const heldNumbers = new Set((held ?? []).map((part) => part.PartNumber));
    const toSend = Array.from({ length: multipartPartCount(info.size) }, (_, i) => i + 1).filter(
      (part) => !heldNumbers.has(part),
    );
    const urlOf = partUrlBatches(toSend, async (partNumbers) => {
      const current = requireSession();
      const { urls } = await api(
        batchSignPartUrls,
        { key: current.fileKey, uploadId: current.uploadId, partNumbers },
        { signal },
      );
      return urls;
    });

    const instance = new Uppy<Meta, Body>({ autoProceed: false });
    uppy = instance;
    instance.use(AwsS3<Meta, Body>, {
      shouldUseMultipart: () => multipart,
      getChunkSize: ({ size }) => multipartPartSize(size),
      limit: PARTS_AT_ONCE,
      retryDelays: PART_RETRY_DELAYS_MS,
      uploadPartBytes: putToStorage(multipart),
      getUploadParameters: async () => {
        const presigned = await api(
          presignSimpleUpload,
          { filename: info.name, mime, size: info.size, extension: info.extension, metadata },
          { signal },
        );
        objectKey = presigned.key;
        return {
          method: 'PUT',
          url: presigned.url,
          headers: { 'Content-Type': mime, 'x-amz-acl': presigned.acl },
        };
      },
      createMultipartUpload: async () => {
        const created = await api(
          createMultipartUpload,
          { filename: info.name, mime, size: info.size, extension: info.extension, metadata },
          { signal },
        );
        session = { createdAt: Date.now(), fileKey: created.key, uploadId: created.uploadId };
        objectKey = created.key;
        writeMultipartSession(userId, info.fingerprint, session);
        return { key: created.key, uploadId: created.uploadId };
      },
      listParts: async () => {
        if (held) return held;
        const current = requireSession();
        const body = { key: current.fileKey, uploadId: current.uploadId };
        return (await api(getUploadedParts, body, { signal })).parts;
      },
      signPart: async (_file, { partNumber }) => ({ method: 'PUT', url: await urlOf(partNumber) }),
      completeMultipartUpload: async (_file, { key, uploadId, parts }) => {
        await api(
          completeMultipartUpload,
          {
            key,
            uploadId,
            parts: parts.map((part) => ({ PartNumber: part.PartNumber!, ETag: part.ETag! })),
          },
          { signal },
        );
        session = null;
        clearMultipartSession(userId, info.fingerprint);
        return {};
      },
      // Uppy aborts when it is shut down; a pause keeps the session for a resume.
      abortMultipartUpload: async () => {
        if (!keepSession) await abortSession();
      },
    });

    const fileId = instance.addFile({
      name: info.name,
      type: mime,
      data: file,
      source: 'backbeat',
    });
    if (held && session) {
      // Uppy resumes a file that carries its session: it lists the parts and sends the rest.
      const resumed = { s3Multipart: { key: session.fileKey, uploadId: session.uploadId } };
      instance.setFileState(fileId, resumed as Partial<UppyFile<Meta, Body>>);
      onProgress(
        held.reduce((sum, part) => {
          const range = multipartPartRange(info.size, part.PartNumber!);
          return sum + range.end - range.start;
        }, 0),
      );
    }
    await new Promise<void>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      instance.on('upload-progress', (_file, progress) => onProgress(progress.bytesUploaded));
      instance.on('upload-success', () => resolve());
      instance.on('upload-error', (_file, error) => reject(failureOf(error)));
      instance.upload().catch(reject);
    });
  }

  const run = async (): Promise<FileEntry> => {
    try {
      await send();
      shutUppy();
      const { fileEntry } = await api(
        createS3Entry,
        {
          clientName: info.name,
          clientMime: info.mime || undefined,
          clientExtension: info.extension || undefined,
          filename: objectKey!,
          size: info.size,
          metadata,
        },
        { signal },
      );
      onProgress(info.size);
      return fileEntry;
    } catch (error) {
      if (!stopped) {
        // The parts still on their way stop too, then S3 drops what it holds.
        controller.abort();
        shutUppy();
        await abortSession();
      }
      throw error;
    }
  };

  return {
    done: run(),
    async stop(reason: 'pause' | 'cancel' | 'fail') {
      stopped = true;
      keepSession = reason === 'pause';
      controller.abort();
      shutUppy();
      if (!keepSession) await abortSession();
    },
  };
}

export const startS3SimpleUpload: StartUpload = (input) => startS3Upload(input, false);
export const startS3MultipartUpload: StartUpload = (input) => startS3Upload(input, true);
