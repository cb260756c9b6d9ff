import {
  COMMA_LIST_PARAMS,
  METHOD_OVERRIDE_HEADER,
  METHOD_OVERRIDE_PARAM,
  WORKSPACE_COOKIE,
  XSRF_COOKIE,
  XSRF_HEADER,
  apiPath,
} from '@backbeat/common';
import { ApiError } from './api-error.ts';
import { readCookie } from './cookies.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type ParamValue = string | number | boolean | null | undefined | (string | number)[];
export type Params = Record<string, ParamValue>;

export interface RequestOptions {
  params?: Params;
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a report sent as the tab is hidden or closed). */
  keepalive?: boolean;
}

/** Listeners for answers that need app-wide handling (the debug error dialog). */
const serverErrorListeners = new Set<(error: ApiError) => void>();
export function onServerError(listener: (error: ApiError) => void): () => void {
  serverErrorListeners.add(listener);
  return () => serverErrorListeners.delete(listener);
}

function activeWorkspaceId(): string | null {
  const value = readCookie(WORKSPACE_COOKIE);
  return value && value !== '0' ? value : null;
}

/** Builds the final address following every convention of spec §7. */
export function buildRequest(method: Method, url: string, options: RequestOptions = {}) {
  const target = new URL(apiPath(url), window.location.origin);
  const params: Params = { ...options.params };
  const workspaceId = activeWorkspaceId();
  if (workspaceId && ['GET', 'POST', 'PUT'].includes(method) && params.workspaceId === undefined) {
    params.workspaceId = workspaceId;
  }
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (method === 'GET' && (COMMA_LIST_PARAMS as readonly string[]).includes(key)) {
        target.searchParams.set(key, value.join(','));
      } else {
        for (const item of value) target.searchParams.append(`${key}[]`, String(item));
      }
    } else {
      target.searchParams.set(key, String(value));
    }
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  let sentMethod: Method = method;
  if (method === 'PUT' || method === 'PATCH' || method === 'DELETE') {
    sentMethod = 'POST';
    headers[METHOD_OVERRIDE_HEADER] = method;
    target.searchParams.set(METHOD_OVERRIDE_PARAM, method);
  }
  if (target.origin === window.location.origin) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (sentMethod === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = '{}';
  }
  return {
    url: target.toString(),
    init: { method: sentMethod, headers, body, credentials: 'include' as const },
  };
}

/** The answer's JSON, or the ApiError a non-2xx status stands for. */
function readAnswer<T>(status: number, text: string): T {
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text.slice(0, 200) };
    }
  }
  if (status < 200 || status >= 300) {
    const error = new ApiError(status, (data ?? {}) as ApiError['body']);
    if (error.body.ignitionTrace) serverErrorListeners.forEach((listener) => listener(error));
    throw error;
  }
  return data as T;
}

async function send<T>(method: Method, url: string, options: RequestOptions = {}): Promise<T> {
  const { url: address, init } = buildRequest(method, url, options);
  const response = await fetch(address, {
    ...init,
    signal: options.signal,
    ...(options.keepalive ? { keepalive: true } : {}),
  });
  return readAnswer<T>(response.status, await response.text());
}

export interface UploadOptions {
  /** Called as the body goes out, with the share sent so far (0..1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A multipart POST that reports its progress (fetch cannot), with the same conventions. */
function upload<T>(url: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const { url: address, init } = buildRequest('POST', url, { body });
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method, address);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(init.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        resolve(readAnswer<T>(request.status, request.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.onerror = () => reject(new TypeError('Failed to fetch'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

/** The one HTTP client of the app; components never build URLs by hand (DESIGN §5). */
export const http = {
  send,
  get: <T>(url: string, options?: RequestOptions) => send<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    send<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    send<T>('PUT', url, { ...options, body }),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    send<T>('PATCH', url, { ...options, body }),
  delete: <T>(url: string, options?: RequestOptions) => send<T>('DELETE', url, options),
  upload,
  /** The full address of a GET, for elements that load it themselves (audio, downloads). */
  url: (url: string, params?: Params) => buildRequest('GET', url, { params }).url,
};
