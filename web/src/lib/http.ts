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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type ParamValue = string | number | boolean | null | undefined | (string | number)[];
export type Params = Record<string, ParamValue>;

export interface RequestOptions {
  params?: Params;
  body?: unknown;
  signal?: AbortSignal;
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

async function send<T>(method: Method, url: string, options: RequestOptions = {}): Promise<T> {
  const { url: address, init } = buildRequest(method, url, options);
  const response = await fetch(address, { ...init, signal: options.signal });
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text.slice(0, 200) };
    }
  }
  if (!response.ok) {
    const error = new ApiError(response.status, (data ?? {}) as ApiError['body']);
    if (error.body.ignitionTrace) serverErrorListeners.forEach((listener) => listener(error));
    throw error;
  }
  return data as T;
}

/** The one HTTP client of the app; components never build URLs by hand (DESIGN §5). */
export const http = {
  get: <T>(url: string, options?: RequestOptions) => send<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    send<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    send<T>('PUT', url, { ...options, body }),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    send<T>('PATCH', url, { ...options, body }),
  delete: <T>(url: string, options?: RequestOptions) => send<T>('DELETE', url, options),
  /** The full address of a GET, for elements that load it themselves (audio, downloads). */
  url: (url: string, params?: Params) => buildRequest('GET', url, { params }).url,
};
