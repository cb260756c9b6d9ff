import { UploadFailure } from './types.ts';

/** What Uppy's S3 plugin hands its `uploadPartBytes` hook. */
export interface PartRequest {
  signature: { url: string; headers?: Record<string, string>; method?: string; expires?: number };
  body: Blob | FormData;
  size?: number;
  onProgress?: (event: { loaded: number; lengthComputable: boolean }) => void;
  onComplete?: (etag: string) => void;
  signal?: AbortSignal;
}

export const HIDDEN_ETAG_MESSAGE =
  'The storage bucket does not let the browser read the ETag header. Add ETag to its CORS ExposeHeaders, then try again.';

const abortError = () => new DOMException('The upload was stopped.', 'AbortError');

/** Response headers by lower-case name, read the way every browser offers them. */
function headersOf(xhr: XMLHttpRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const [name, ...value] = line.split(': ');
    if (name) headers[name.toLowerCase()] = value.join(': ');
  }
  return headers;
}

/**
 * One PUT of a file or part to a presigned URL, as Uppy's own request does, except that an
 * answer whose ETag the browser may not read fails at once with the reason: Uppy 5's request
 * never settles then, and the listener saw only "Upload timed out" 30 s later. A simple
 * upload needs no ETag (nothing is assembled from parts), so only multipart asks for it.
 */
export function putToStorage(needsEtag: boolean) {
  return (request: PartRequest): Promise<{ ETag: string; location?: string }> => {
    const { signature, body, signal } = request;
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(signature.method ?? 'PUT', signature.url, true);
      for (const [name, value] of Object.entries(signature.headers ?? {})) {
        xhr.setRequestHeader(name, value);
      }
      xhr.responseType = 'text';
      if (typeof signature.expires === 'number') xhr.timeout = signature.expires * 1000;
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort);
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.upload.addEventListener('progress', (event) => request.onProgress?.(event));
      xhr.addEventListener('abort', () => {
        settle();
        reject(abortError());
      });
      xhr.addEventListener('timeout', () => {
        settle();
        reject(Object.assign(new Error('Request has expired'), { source: { status: 403 } }));
      });
      xhr.addEventListener('error', (event) => {
        settle();
        reject(Object.assign(new Error('Unknown error'), { source: event.target }));
      });
      xhr.addEventListener('load', () => {
        settle();
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(Object.assign(new Error(`Storage answered ${xhr.status}`), { source: xhr }));
          return;
        }
        const size = request.size ?? (body instanceof Blob ? body.size : 0);
        request.onProgress?.({ loaded: size, lengthComputable: true });
        const { etag, location } = headersOf(xhr);
        if (!etag && needsEtag) {
          reject(new UploadFailure(HIDDEN_ETAG_MESSAGE));
          return;
        }
        request.onComplete?.(etag ?? '');
        resolve({ ETag: etag ?? '', location });
      });
      xhr.send(body);
    });
  };
}
