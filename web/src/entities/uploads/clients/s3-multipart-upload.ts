import {
  PARTS_AT_ONCE,
  PART_RETRIES,
  SIGN_PART_URLS_BATCH,
  multipartPartCount,
  multipartPartRange,
} from '@backbeat/common';
import {
  abortMultipartUpload,
  batchSignPartUrls,
  completeMultipartUpload,
  createMultipartUpload,
  createS3Entry,
  getUploadedParts,
} from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import {
  clearMultipartSession,
  readMultipartSession,
  writeMultipartSession,
  type MultipartSession,
} from './multipart-session.ts';
import { UploadFailure, type StartUpload } from './types.ts';
import { putWithProgress } from './xhr-put.ts';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Spec 2 §4 and §7 S3 multipart: create a session (or resume the one kept under the file's
 * fingerprint, asking which parts S3 already holds), sign part URLs 10 at a time, PUT 5
 * parts at once with 3 retries each, complete, then make the entry. Success clears the
 * kept session; a failure or a cancel calls abort; a pause keeps it for a later resume.
 */
export const startS3MultipartUpload: StartUpload = (input) => {
  const { file, info, metadata, userId, onProgress } = input;
  const controller = new AbortController();
  const { signal } = controller;
  const mime = info.mime || 'application/octet-stream';
  let session: MultipartSession | null = null;
  let stopped = false;

  const abortSession = async () => {
    const current = session;
    session = null;
    clearMultipartSession(userId, info.fingerprint);
    if (!current) return;
    await api(abortMultipartUpload, { key: current.fileKey, uploadId: current.uploadId }).catch(
      () => {},
    );
  };

  /** The kept session and the parts S3 holds of it, or a new session. */
  async function openSession(): Promise<Map<number, string>> {
    const held = new Map<number, string>();
    const kept = readMultipartSession(userId, info.fingerprint);
    if (kept) {
      try {
        const { parts } = await api(
          getUploadedParts,
          { key: kept.fileKey, uploadId: kept.uploadId },
          { signal },
        );
        for (const part of parts) {
          const range = multipartPartRange(info.size, part.PartNumber);
          if (part.Size === range.end - range.start) held.set(part.PartNumber, part.ETag);
        }
        session = kept;
        return held;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        // The server no longer knows it (finished, pruned or another account's): start anew.
        clearMultipartSession(userId, info.fingerprint);
      }
    }
    const created = await api(
      createMultipartUpload,
      { filename: info.name, mime, size: info.size, extension: info.extension, metadata },
      { signal },
    );
    session = { createdAt: Date.now(), fileKey: created.key, uploadId: created.uploadId };
    writeMultipartSession(userId, info.fingerprint, session);
    return held;
  }

  async function uploadParts(current: MultipartSession, held: Map<number, string>) {
    const count = multipartPartCount(info.size);
    const todo: number[] = [];
    let heldBytes = 0;
    for (let part = 1; part <= count; part += 1) {
      const range = multipartPartRange(info.size, part);
      if (held.has(part)) heldBytes += range.end - range.start;
      else todo.push(part);
    }
    const inFlight = new Map<number, number>();
    const report = () => {
      let sending = 0;
      for (const loaded of inFlight.values()) sending += loaded;
      onProgress(heldBytes + sending);
    };
    report();

    const urls = new Map<number, Promise<string>>();
    /** Signs the batch of up to 10 parts starting at `index` of `todo`, once. */
    const urlFor = (index: number): Promise<string> => {
      const part = todo[index]!;
      if (!urls.has(part)) {
        const start = index - (index % SIGN_PART_URLS_BATCH);
        const batch = todo.slice(start, start + SIGN_PART_URLS_BATCH);
        const signed = api(
          batchSignPartUrls,
          { key: current.fileKey, uploadId: current.uploadId, partNumbers: batch },
          { signal },
        );
        for (const number of batch) {
          const url = signed.then(({ urls: list }) => {
            const found = list.find((entry) => entry.partNumber === number);
            if (!found) throw new UploadFailure('The part could not be signed.');
            return found.url;
          });
          // A part nobody reaches (the run stopped first) must not report its failure alone.
          url.catch(() => {});
          urls.set(number, url);
        }
      }
      return urls.get(part)!;
    };

    const sendPart = async (index: number) => {
      const part = todo[index]!;
      const range = multipartPartRange(info.size, part);
      for (let attempt = 0; ; attempt += 1) {
        try {
          const { etag } = await putWithProgress(
            await urlFor(index),
            file.slice(range.start, range.end),
            {
              signal,
              onProgress: (loaded) => {
                inFlight.set(part, loaded);
                report();
              },
            },
          );
          if (!etag) {
            throw new UploadFailure('The storage did not show the ETag header to the browser.');
          }
          inFlight.delete(part);
          held.set(part, etag);
          heldBytes += range.end - range.start;
          report();
          return;
        } catch (error) {
          inFlight.delete(part);
          if (isAbort(error) || error instanceof UploadFailure || attempt >= PART_RETRIES) {
            throw error;
          }
        }
      }
    };

    let next = 0;
    const worker = async () => {
      while (next < todo.length && !signal.aborted) await sendPart(next++);
    };
    await Promise.all(Array.from({ length: Math.min(PARTS_AT_ONCE, todo.length) }, worker));
  }

  const run = async () => {
    try {
      const held = await openSession();
      const current = session!;
      await uploadParts(current, held);
      // Stopped while the last parts were on their way: nothing more happens in this run.
      signal.throwIfAborted();
      await api(
        completeMultipartUpload,
        {
          key: current.fileKey,
          uploadId: current.uploadId,
          parts: [...held]
            .sort(([a], [b]) => a - b)
            .map(([PartNumber, ETag]) => ({ PartNumber, ETag })),
        },
        { signal },
      );
      session = null;
      clearMultipartSession(userId, info.fingerprint);
      const { fileEntry } = await api(
        createS3Entry,
        {
          clientName: info.name,
          clientMime: info.mime || undefined,
          clientExtension: info.extension || undefined,
          filename: current.fileKey,
          size: info.size,
          metadata,
        },
        { signal },
      );
      return fileEntry;
    } catch (error) {
      if (!stopped) {
        // The other parts still on their way stop too, then S3 drops what it holds.
        controller.abort();
        await abortSession();
      }
      throw error;
    }
  };

  return {
    done: run(),
    async stop(reason) {
      stopped = true;
      controller.abort();
      if (reason !== 'pause') await abortSession();
    },
  };
};
