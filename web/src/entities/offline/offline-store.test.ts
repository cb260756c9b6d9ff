import { afterEach, describe, expect, it, vi } from 'vitest';

// The store's order of changes, with the cache itself stood in for: Cache Storage is a browser's.
const cache = vi.hoisted(() => ({
  steps: [] as string[],
  finishRecheck: () => {},
}));
vi.mock('./offline-cache.ts', () => ({
  offlineSupported: () => true,
  listCollections: async () => [],
  bytesUsed: () => 0,
  collectionKey: (kind: string, id: number) => `${kind}-${id}`,
  dropOthersDownloads: async () => {},
  recheckDownloads: () =>
    new Promise<number>((resolve) => {
      cache.steps.push('recheck started');
      cache.finishRecheck = () => {
        cache.steps.push('recheck done');
        resolve(0);
      };
    }),
  clearOffline: async () => {
    cache.steps.push('cleared');
  },
  downloadCollection: async () => {},
  removeCollection: async () => {},
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('offline storage changes', () => {
  it('clears only once the page-load check has stopped writing', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const { offline } = await import('./offline-store.ts');
    const loaded = offline.load();
    await vi.waitFor(() => expect(cache.steps).toEqual(['recheck started']));

    const cleared = offline.clear();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The check still runs: clearing now would leave what it writes next behind.
    expect(cache.steps).toEqual(['recheck started']);

    cache.finishRecheck();
    await Promise.all([loaded, cleared]);
    expect(cache.steps).toEqual(['recheck started', 'recheck done', 'cleared']);
  });
});
