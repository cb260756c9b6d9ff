import {
  CHUNKED_RETRY_DELAYS_MS,
  METHOD_OVERRIDE_HEADER,
  TUS_UPLOAD_EXPIRY_MS,
  TUS_UPLOAD_PATH,
  XSRF_COOKIE,
  XSRF_HEADER,
  type FileEntry,
} from '@backbeat/common';
import { createTusEntry } from '@backbeat/common/contracts';
import {
  DefaultHttpStack,
  Upload,
  defaultOptions,
  type DetailedError,
  type HttpStack,
  type HttpRequest,
} from 'tus-js-client';
import { api } from '../../../lib/api.ts';
import { readCookie } from '../../../lib/cookies.ts';
import { shouldRetryChunk } from '../queue-rules.ts';
import type { UploadedFile } from '../upload-file.ts';
import { messageOfText } from './error-message.ts';
import { UploadFailure, type StartUpload, type UploadRequestMetadata } from './types.ts';

/**
 * tus-js-client tunnels PATCH itself (`overridePatchMethod`); its DELETE (cancelling an
 * upload) goes the same way here, so every state change is a POST (spec 1 §7).
 */
class MethodOverrideStack implements HttpStack {
  private readonly inner = new DefaultHttpStack({});
  createRequest(method: string, url: string) {
    if (method !== 'DELETE') return this.inner.createRequest(method, url);
    const request = this.inner.createRequest('POST', url);
    request.setHeader(METHOD_OVERRIDE_HEADER, method);
    return request;
  }
  getName() {
    return 'backbeat-method-override';
  }
}

/** Every tus request carries the XSRF cookie as a header (spec 1 §7). */
const addXsrf = (request: HttpRequest) => {
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) request.setHeader(XSRF_HEADER, xsrf);
};

/** tus-js-client keeps an upload's address under this fingerprint, per user and file. */
const tusFingerprint = (userId: number, fileFingerprint: string) =>
  `tus-${userId}-${fileFingerprint}`;

/** Spec 2 §7 tus metadata; every value is text. */
export function tusMetadata(
  info: UploadedFile,
  metadata: UploadRequestMetadata,
): Record<string, string> {
  const values: Record<string, string> = {
    name: info.name,
    clientName: info.name,
    clientExtension: info.extension,
    clientMime: info.mime,
    clientSize: String(info.size),
  };
  if (info.relativePath) values.relativePath = info.relativePath;
  for (const [key, value] of Object.entries(metadata)) {
    if (value === null || value === undefined || key in values) continue;
    values[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return values;
}

const statusOf = (error: unknown) =>
  (error as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;

function failureOf(error: Error | DetailedError): Error {
  const response = (error as Partial<DetailedError>).originalResponse;
  if (!response) return error;
  const words = messageOfText(response.getBody());
  return words ? new UploadFailure(words, response.getStatus()) : error;
}

/**
 * Spec 2 §4 chunked resumable upload (tus-js-client): chunks of the size in settings, PATCH
 * sent as POST with X-HTTP-Method-Override, the XSRF cookie as a header, retries after 0, 3,
 * 5, 10 and 20 s (a 4xx is final unless 409 or 423). The upload's address is kept under the
 * file's fingerprint, so the same file chosen again, even after a reload, resumes from the
 * server's offset. Then `tus/entries` turns the bytes into a file entry.
 */
export const startTusUpload: StartUpload = (input) => {
  const { file, info, metadata, userId, chunkSize, onProgress } = input;
  let stopped = false;
  let upload: Upload | null = null;
  const done = new Promise<FileEntry>((resolve, reject) => {
    const tus: Upload = new Upload(file, {
      endpoint: new URL(TUS_UPLOAD_PATH, window.location.origin).href,
      chunkSize,
      retryDelays: [...CHUNKED_RETRY_DELAYS_MS],
      overridePatchMethod: true,
      httpStack: new MethodOverrideStack(),
      metadata: tusMetadata(info, metadata),
      fingerprint: async () => tusFingerprint(userId, info.fingerprint),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: addXsrf,
      onShouldRetry: (error) => shouldRetryChunk(statusOf(error), navigator.onLine),
      onProgress: (sent) => onProgress(sent),
      onSuccess: () => {
        const uploadKey = tus.url?.split('/').pop() ?? '';
        api(createTusEntry, { uploadKey }).then(({ fileEntry }) => resolve(fileEntry), reject);
      },
      onError: (error) => reject(failureOf(error)),
    });
    upload = tus;
    tus
      .findPreviousUploads()
      .then((previous) => {
        if (stopped) return;
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) tus.resumeFromPreviousUpload(latest);
        tus.start();
      })
      .catch(reject);
  });
  return {
    done,
    async stop(reason) {
      stopped = true;
      // A pause or a time-out keeps the server's bytes for a resume; a cancel removes them.
      await upload?.abort(reason === 'cancel').catch(() => {});
    },
  };
};

/** A chunked upload this browser started before (another visit) and did not finish. */
export interface UnfinishedUpload {
  key: string;
  name: string;
  size: number | null;
  url: string | null;
}

/**
 * The user's unfinished chunked uploads kept by tus-js-client, so the panel can say that
 * choosing the same file again continues it. Ones older than the server keeps are forgotten.
 */
export async function unfinishedTusUploads(
  userId: number,
  now = Date.now(),
): Promise<UnfinishedUpload[]> {
  const storage = defaultOptions.urlStorage;
  const prefix = `tus::${tusFingerprint(userId, '')}`;
  const found: UnfinishedUpload[] = [];
  for (const upload of await storage.findAllUploads()) {
    if (!upload.urlStorageKey.startsWith(prefix)) continue;
    if (now - Date.parse(upload.creationTime) >= TUS_UPLOAD_EXPIRY_MS) {
      await storage.removeUpload(upload.urlStorageKey);
      continue;
    }
    found.push({
      key: upload.urlStorageKey,
      name: upload.metadata.clientName || upload.metadata.name || '',
      size: upload.size,
      url: upload.uploadUrl,
    });
  }
  return found;
}

/** Gives an unfinished upload up: the server drops its bytes, this browser its address. */
export async function forgetTusUpload(upload: UnfinishedUpload): Promise<void> {
  if (upload.url) {
    await Upload.terminate(upload.url, {
      httpStack: new MethodOverrideStack(),
      onBeforeRequest: addXsrf,
      retryDelays: null,
    }).catch(() => {});
  }
  await defaultOptions.urlStorage.removeUpload(upload.key);
}
