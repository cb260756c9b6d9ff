import { UploadFailure } from './types.ts';
import { messageOfText } from './error-message.ts';

export interface PutResult {
  etag: string | null;
}

/**
 * A PUT of bytes to a presigned storage URL, reporting progress (fetch cannot). The URL
 * comes from the server; no cookie or XSRF header goes to the storage host.
 */
export function putWithProgress(
  url: string,
  body: Blob,
  options: {
    headers?: Record<string, string>;
    onProgress?: (loaded: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<PutResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was stopped.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => options.onProgress?.(event.loaded);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        resolve({ etag: request.getResponseHeader('ETag') });
        return;
      }
      const words = messageOfText(request.responseText) ?? `Storage answered ${request.status}.`;
      reject(new UploadFailure(words, request.status));
    };
    request.onerror = () => reject(new TypeError('Failed to fetch'));
    request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
