/* global self, clients, caches, importScripts */
// Backbeat's service worker: push notifications, the app shell offline, and the music a
// listener downloaded for offline play (web/src/entities/offline writes that cache).

try {
  // The build writes this version and the listener app's files (web/offline-shell-plugin.ts).
  importScripts('/sw-build.js');
} catch {
  // A dev server has no build list: files are kept as they load.
}

const BUILD = self.BACKBEAT_BUILD || { version: 'dev', assets: [] };
const SHELL_CACHE = `backbeat-shell-${BUILD.version}`;
/** Downloads outlive builds; the page names the same cache (entities/offline/offline-cache.ts). */
const OFFLINE_CACHE = 'backbeat-offline-v1';
/** Where the last app page fetched is kept, to open the app offline. */
const SHELL_PAGE = '/__shell';
const SHELL_FILES = ['/favicon.svg', '/icon-192.png', '/icon-512.png', '/manifest.webmanifest'];
/** Requests with this header go to the network even when downloaded (permission checks). */
const NETWORK_HEADER = 'x-backbeat-network';
const RECORD_PREFIX = '/__offline/';

// ---- Range answers from a whole cached file (unit-tested: web/src/entities/offline) ----

/**
 * The byte range a `Range` header asks of a file of `size` bytes: `{ start, end }` (inclusive),
 * 'unsatisfiable', or null for the whole file (no header, a form we do not serve, or several
 * ranges, which a media element does not ask for).
 */
function parseRange(header, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(String(header || '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** A cached whole file as the answer to a (range) request: 206 with the bytes asked, or 200. */
async function rangeAnswer(cached, rangeHeader) {
  const blob = await cached.blob();
  const size = blob.size;
  const headers = new Headers({
    'content-type': cached.headers.get('content-type') || 'application/octet-stream',
    'accept-ranges': 'bytes',
  });
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, statusText: 'Range Not Satisfiable', headers });
  }
  if (!range) {
    headers.set('content-length', String(size));
    return new Response(blob, { status: 200, headers });
  }
  headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`);
  headers.set('content-length', String(range.end - range.start + 1));
  return new Response(blob.slice(range.start, range.end + 1), {
    status: 206,
    statusText: 'Partial Content',
    headers,
  });
}

self.backbeatOffline = { parseRange, rangeAnswer };

// ---- Push notifications ----

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Backbeat', {
      body: message.body || '',
      icon: message.icon || '/favicon.svg',
      tag: message.tag,
      data: { url: message.url || '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only this site's pages are opened.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) return open.navigate(target.href).then((w) => (w || open).focus());
      return clients.openWindow(target.href);
    }),
  );
});

// ---- The app shell ----

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll([...BUILD.assets, ...SHELL_FILES]);
      // The page itself (its bootstrap data is the signed-in listener's); refreshed on each visit.
      const page = await fetch('/', { credentials: 'same-origin' }).catch(() => null);
      if (page && page.ok) await cache.put(SHELL_PAGE, page);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('backbeat-shell-') && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      // A page's request starts while the worker wakes up, rather than after.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** Network first; what came is kept under `key`, and the kept copy answers when offline. */
async function networkFirst(request, cacheName, key, keep = (response) => response.ok, preload) {
  try {
    const response = (await preload) || (await fetch(request));
    if (keep(response)) {
      const copy = response.clone();
      caches
        .open(cacheName)
        .then((cache) => cache.put(key, copy))
        .catch(() => undefined);
    }
    return response;
  } catch (error) {
    const cached = await caches.match(key, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

/** Hashed build files never change: the kept copy, else the network's (then kept). */
async function cacheFirst(request, cacheName) {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches
      .open(cacheName)
      .then((cache) => cache.put(request, copy))
      .catch(() => undefined);
  }
  return response;
}

const isPage = (response) =>
  response.ok &&
  response.type === 'basic' &&
  (response.headers.get('content-type') || '').startsWith('text/html');

// ---- Downloaded music ----

/** Paths the listener downloaded (tracks, their albums' and playlists' answers, artwork). */
let downloaded = null;
let reads = 0;
/** Reads the list again; a read that a newer one overtook does not overwrite it. */
function readDownloaded() {
  const read = ++reads;
  return caches
    .has(OFFLINE_CACHE)
    .then((has) => (has ? caches.open(OFFLINE_CACHE).then((cache) => cache.keys()) : []))
    .then((requests) => {
      const paths = new Set(
        requests
          .map((request) => new URL(request.url).pathname)
          .filter((path) => !path.startsWith(RECORD_PREFIX)),
      );
      if (read === reads) downloaded = paths;
      return paths;
    });
}
readDownloaded();

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'offline-changed') event.waitUntil(readDownloaded());
});

/** A downloaded file: a track from the cache (with ranges); an API answer network first. */
async function downloadedAnswer(request, path) {
  if (path.startsWith('/api/') && !path.endsWith('/stream')) {
    return networkFirst(request, OFFLINE_CACHE, path, (response) => response.ok);
  }
  const cached = await (await caches.open(OFFLINE_CACHE)).match(path, { ignoreVary: true });
  if (!cached) return fetch(request);
  return rangeAnswer(cached, request.headers.get('range'));
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.headers.has(NETWORK_HEADER)) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      networkFirst(request, SHELL_CACHE, SHELL_PAGE, isPage, event.preloadResponse),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, SHELL_CACHE));
    return;
  }
  if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(networkFirst(request, SHELL_CACHE, url.pathname));
    return;
  }
  // Everything else goes to the network untouched, unless the listener downloaded it. Until
  // the list is read (the worker just started), only an offline browser waits for it.
  if (downloaded ? !downloaded.has(url.pathname) : self.navigator.onLine) return;
  event.respondWith(
    (downloaded ? Promise.resolve(downloaded) : readDownloaded()).then((paths) =>
      paths.has(url.pathname) ? downloadedAnswer(request, url.pathname) : fetch(request),
    ),
  );
});
