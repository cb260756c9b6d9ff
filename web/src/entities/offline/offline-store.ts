import { create } from 'zustand';
import {
  bytesUsed,
  clearOffline,
  collectionKey,
  downloadCollection,
  dropOthersDownloads,
  listCollections,
  offlineSupported,
  recheckDownloads,
  removeCollection,
  type DownloadRequest,
  type OfflineCollection,
  type OfflineKind,
} from './offline-cache.ts';

interface OfflineState {
  /** Downloads in this browser, by `kind-id`; null until read. */
  collections: Record<string, OfflineCollection> | null;
  /** Downloads under way: tracks done of all. */
  progress: Record<string, { done: number; total: number }>;
}

export const useOfflineStore = create<OfflineState>(() => ({ collections: null, progress: {} }));

async function refresh() {
  const list = await listCollections();
  useOfflineStore.setState({
    collections: Object.fromEntries(list.map((c) => [collectionKey(c.kind, c.id), c])),
  });
}

let checked = false;

let lastChange: Promise<unknown> = Promise.resolve();
/**
 * Runs changes to the offline cache one after another. The page-load check writes the play
 * answers again while it runs: a "Clear all" in the middle deleted the cache, and the check's
 * next write made it anew with those answers in it (seen in the browser suite).
 */
function oneAtATime<T>(change: () => Promise<T>): Promise<T> {
  const result = lastChange.then(change);
  lastChange = result.catch(() => undefined);
  return result;
}

export const offline = {
  supported: offlineSupported,
  /**
   * Reads what this listener downloaded (another account's downloads in this browser are
   * dropped); once per page load, also drops tracks the server now refuses.
   */
  async load() {
    if (!offlineSupported()) return;
    await oneAtATime(dropOthersDownloads);
    await refresh();
    if (checked || !navigator.onLine) return;
    checked = true;
    if (await oneAtATime(recheckDownloads).catch(() => 0)) await refresh();
  },
  /** Throws the server's refusal (nothing is kept then). */
  async download(request: DownloadRequest) {
    const key = collectionKey(request.kind, request.id);
    const setProgress = (done: number, total: number) =>
      useOfflineStore.setState((s) => ({ progress: { ...s.progress, [key]: { done, total } } }));
    setProgress(0, request.tracks.length);
    // Asks the browser not to evict downloads when space runs short (granted quietly, or not).
    void navigator.storage?.persist?.().catch(() => false);
    try {
      await oneAtATime(() => downloadCollection(request, setProgress));
    } finally {
      // What is downloaded first, then the end of the progress: never "idle" in between.
      await refresh().catch(() => undefined);
      useOfflineStore.setState((s) => {
        const { [key]: _done, ...progress } = s.progress;
        return { progress };
      });
    }
  },
  async remove(kind: OfflineKind, id: number) {
    await oneAtATime(() => removeCollection(kind, id));
    await refresh();
  },
  async clear() {
    await oneAtATime(clearOffline);
    await refresh();
  },
};

export const useOfflineBytes = () =>
  useOfflineStore((s) => (s.collections ? bytesUsed(Object.values(s.collections)) : 0));
