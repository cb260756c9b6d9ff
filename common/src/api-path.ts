import { API_PREFIX, UNPREFIXED_PATH_ROOTS } from './constants.ts';

/**
 * Spec §7: relative URLs that do not start with auth, secure, log-viewer or horizon get the
 * `api/v1/` prefix. Absolute URLs and paths that already carry the prefix are left alone.
 */
export function apiPath(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  const path = url.replace(/^\/+/, '');
  if (path.startsWith(API_PREFIX)) return `/${path}`;
  const root = path.split(/[/?#]/, 1)[0] ?? '';
  if ((UNPREFIXED_PATH_ROOTS as readonly string[]).includes(root)) return `/${path}`;
  return `/${API_PREFIX}${path}`;
}

/** Redirect targets are honoured only for same-origin relative paths. */
export function isSafeRedirect(target: string | null | undefined): target is string {
  if (!target || !target.startsWith('/')) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return false;
  // Control characters and backslashes can turn a path into a host in some browsers.
  return ![...target].some(
    (char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f,
  );
}
