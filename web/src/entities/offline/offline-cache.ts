import {
  canPlayAudio,
  canPlayVideo,
  getAlbum,
  getPlaylist,
  getSubscriptionPermissions,
  streamTrack,
} from '@backbeat/common/contracts';
import type { Track } from '@backbeat/common';
import { apiUrl } from '../../lib/api.ts';
import { getBootstrap } from '../../lib/bootstrap.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * Music kept for offline play, in Cache Storage. The service worker (web/public/sw.js) reads
 * the same cache: it answers a downloaded track's requests from it (with ranges, so the
 * player seeks), and an album's or playlist's API answer when the network is gone. Entries
 * are keyed by path; each download also writes a record of what it holds.
 */
export const OFFLINE_CACHE = 'backbeat-offline-v1';
const RECORD_PREFIX = '/__offline/collections/';
/** The worker lets these through to the network even when the file is downloaded. */
const NETWORK_HEADER = 'x-backbeat-network';

export type OfflineKind = 'album' | 'playlist';

export interface OfflineCollection {
  kind: OfflineKind;
  id: number;
  name: string;
  /** The page's address in the app. */
  link: string;
  image: string | null;
  trackIds: number[];
  /** Who downloaded it (null: a guest); another account signed in here does not get it. */
  userId: number | null;
  /** Every path this download keeps, with its size in bytes. */
  files: Record<string, number>;
  downloadedAt: string;
}

export interface DownloadRequest {
  kind: OfflineKind;
  id: number;
  name: string;
  link: string;
  image: string | null;
  tracks: Track[];
}

export const offlineSupported = () =>
  typeof window !== 'undefined' && 'caches' in window && window.isSecureContext;

export const collectionKey = (kind: OfflineKind, id: number) => `${kind}-${id}`;
const recordPath = (kind: OfflineKind, id: number) => `${RECORD_PREFIX}${collectionKey(kind, id)}`;

/** This site's path of an address, or null for another site's (not kept). */
function sameOriginPath(address: string | null | undefined): string | null {
  if (!address) return null;
  const url = new URL(address, window.location.origin);
  return url.origin === window.location.origin ? url.pathname : null;
}

/**
 * What the app asks before it plays (the plan's permissions; a failed check means "may not"),
 * kept with every download and answered from the copy offline: the server's last word.
 */
const playChecks = () =>
  [getSubscriptionPermissions, canPlayAudio, canPlayVideo].map((check) => apiUrl(check));

const pageAnswerUrl = (kind: OfflineKind, id: number) =>
  kind === 'album' ? apiUrl(getAlbum, { id }) : apiUrl(getPlaylist, { id });

/** Tells the service worker which paths are downloaded now. */
function notifyWorker() {
  navigator.serviceWorker?.controller?.postMessage({ type: 'offline-changed' });
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: ApiError['body'] = {};
  try {
    body = (await response.json()) as ApiError['body'];
  } catch {
    // Not JSON: the status says enough.
  }
  return new ApiError(response.status, body);
}

/** Fetches an address from the server (never a kept copy) and keeps it whole under `path`. */
async function keep(cache: Cache, address: string, path: string): Promise<number> {
  const response = await fetch(address, {
    credentials: 'include',
    // The server's answer now, not the browser's HTTP cache (a stream is kept there a day).
    cache: 'no-store',
    headers: { [NETWORK_HEADER]: '1' },
  });
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  await cache.put(
    path,
    new Response(blob, { headers: { 'content-type': type, 'content-length': String(blob.size) } }),
  );
  return blob.size;
}

const currentUserId = () => getBootstrap().user?.id ?? null;

export async function listCollections(): Promise<OfflineCollection[]> {
  if (!offlineSupported() || !(await caches.has(OFFLINE_CACHE))) return [];
  const cache = await caches.open(OFFLINE_CACHE);
  const requests = await cache.keys();
  const records = await Promise.all(
    requests
      .filter((r) => new URL(r.url).pathname.startsWith(RECORD_PREFIX))
      .map(async (r) => (await cache.match(r))?.json() as Promise<OfflineCollection> | undefined),
  );
  return records
    .filter((r): r is OfflineCollection => Boolean(r))
    .sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt));
}

/** Bytes kept, counting a track that two downloads share once. */
export function bytesUsed(collections: OfflineCollection[]): number {
  const sizes = new Map<string, number>();
  for (const c of collections)
    for (const [path, size] of Object.entries(c.files)) sizes.set(path, size);
  return [...sizes.values()].reduce((sum, size) => sum + size, 0);
}

/** Deletes paths that no other download keeps. */
async function dropFiles(cache: Cache, paths: string[], others: OfflineCollection[]) {
  const stillKept = new Set(others.flatMap((c) => Object.keys(c.files)));
  await Promise.all(paths.filter((p) => !stillKept.has(p)).map((p) => cache.delete(p)));
}

/**
 * Downloads the page's answer, artwork and every track of an album or playlist. The server
 * decides as for any play: a refusal (no permission, no plan that plays) stops the download,
 * is thrown as the server's error, and leaves nothing of it behind.
 */
export async function downloadCollection(
  request: DownloadRequest,
  onProgress: (done: number, total: number) => void,
): Promise<OfflineCollection> {
  const cache = await caches.open(OFFLINE_CACHE);
  const all = await listCollections();
  const same = (c: OfflineCollection) => c.kind === request.kind && c.id === request.id;
  const others = all.filter((c) => !same(c));
  // Downloading again (a playlist that changed) fetches only the tracks it lacks.
  const previous = all.find(same);
  const keptElsewhere = new Map(
    [...others, ...(previous ? [previous] : [])].flatMap((c) => Object.entries(c.files)),
  );
  const files: Record<string, number> = {};
  const added: string[] = [];
  const total = request.tracks.length;
  try {
    const pagePath = sameOriginPath(pageAnswerUrl(request.kind, request.id))!;
    files[pagePath] = await keep(cache, pageAnswerUrl(request.kind, request.id), pagePath);
    if (!keptElsewhere.has(pagePath)) added.push(pagePath);
    for (const address of playChecks()) {
      const path = sameOriginPath(address)!;
      files[path] = await keep(cache, address, path);
      if (!keptElsewhere.has(path)) added.push(path);
    }
    onProgress(0, total);
    for (const [index, track] of request.tracks.entries()) {
      const address = apiUrl(streamTrack, { id: track.id });
      const path = sameOriginPath(address)!;
      const kept = keptElsewhere.get(path);
      if (kept !== undefined) files[path] = kept;
      else {
        files[path] = await keep(cache, address, path);
        added.push(path);
      }
      onProgress(index + 1, total);
    }
    // Artwork is a nicety: a missing image does not fail the download.
    const images = new Set(
      [
        request.image,
        ...request.tracks.map((t) => t.image),
        ...request.tracks.map((t) => t.album?.image),
      ]
        .map(sameOriginPath)
        .filter((path): path is string => Boolean(path) && !(path! in files)),
    );
    for (const path of images) {
      try {
        files[path] = keptElsewhere.get(path) ?? (await keep(cache, path, path));
        if (!keptElsewhere.has(path)) added.push(path);
      } catch {
        // Shown with its placeholder offline.
      }
    }
  } catch (error) {
    await dropFiles(cache, added, others);
    notifyWorker();
    throw error;
  }
  const record: OfflineCollection = {
    kind: request.kind,
    id: request.id,
    name: request.name,
    link: request.link,
    image: request.image,
    trackIds: request.tracks.map((t) => t.id),
    userId: currentUserId(),
    files,
    downloadedAt: new Date().toISOString(),
  };
  await cache.put(recordPath(request.kind, request.id), Response.json(record));
  // What the earlier download held and this one does not (tracks taken off a playlist).
  if (previous) {
    const gone = Object.keys(previous.files).filter((path) => !(path in files));
    await dropFiles(cache, gone, others);
  }
  notifyWorker();
  return record;
}

export async function removeCollection(kind: OfflineKind, id: number): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  const all = await listCollections();
  const target = all.find((c) => c.kind === kind && c.id === id);
  await cache.delete(recordPath(kind, id));
  if (target) {
    await dropFiles(
      cache,
      Object.keys(target.files),
      all.filter((c) => c !== target),
    );
  }
  notifyWorker();
}

/** Drops what another account (or a guest, before a login) downloaded in this browser. */
export async function dropOthersDownloads(): Promise<void> {
  const me = currentUserId();
  for (const c of await listCollections())
    if (c.userId !== me) await removeCollection(c.kind, c.id);
}

export async function clearOffline(): Promise<void> {
  await caches.delete(OFFLINE_CACHE);
  notifyWorker();
}

/** Drops one track from a download (its file too, unless another download keeps it). */
async function dropTrack(collection: OfflineCollection, trackId: number) {
  // A download with nothing left to play goes whole.
  if (collection.trackIds.every((id) => id === trackId))
    return removeCollection(collection.kind, collection.id);
  const cache = await caches.open(OFFLINE_CACHE);
  const path = sameOriginPath(apiUrl(streamTrack, { id: trackId }))!;
  const files = { ...collection.files };
  delete files[path];
  const updated = {
    ...collection,
    trackIds: collection.trackIds.filter((id) => id !== trackId),
    files,
  };
  await cache.put(recordPath(collection.kind, collection.id), Response.json(updated));
  const others = (await listCollections()).filter(
    (c) => c.kind !== collection.kind || c.id !== collection.id,
  );
  await dropFiles(cache, [path], others);
}

/**
 * Asks the server again whether this listener may still play each downloaded track (one byte
 * of each); a refused track is dropped from its downloads. A network error stops the check
 * and leaves everything as it is: that is being offline, not a refusal.
 */
export async function recheckDownloads(): Promise<number> {
  let removed = 0;
  const collections = await listCollections();
  if (!collections.length) return 0;
  const cache = await caches.open(OFFLINE_CACHE);
  try {
    for (const address of playChecks()) await keep(cache, address, sameOriginPath(address)!);
  } catch {
    return 0;
  }
  const refused = new Map<number, boolean>();
  for (const collection of collections) {
    for (const id of collection.trackIds) {
      if (!refused.has(id)) {
        const response = await fetch(apiUrl(streamTrack, { id }), {
          credentials: 'include',
          cache: 'no-store',
          headers: { [NETWORK_HEADER]: '1', range: 'bytes=0-0' },
        }).catch(() => null);
        if (!response) return removed;
        void response.body?.cancel();
        refused.set(id, [401, 402, 403, 404, 410].includes(response.status));
      }
      const current = refused.get(id)
        ? (await listCollections()).find(
            (c) => c.kind === collection.kind && c.id === collection.id,
          )
        : undefined;
      if (current) {
        await dropTrack(current, id);
        removed++;
      }
    }
  }
  if (removed) notifyWorker();
  return removed;
}
