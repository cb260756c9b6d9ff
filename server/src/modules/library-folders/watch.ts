import { watch, type FSWatcher } from 'node:fs';
import type { LibraryFolder } from '@backbeat/common';

/** A burst of changes (a tagger saving a whole album) becomes one rescan this long after. */
export const WATCH_SETTLE_MS = 2000;
/** Folders added or removed elsewhere (another instance, the import command) are seen this often. */
export const WATCH_REFRESH_MS = 15_000;

export interface LibraryWatcherDeps {
  list: () => Promise<Pick<LibraryFolder, 'id' | 'path' | 'status'>[]>;
  requestScan: (id: number) => Promise<unknown>;
  log?: (message: string, error?: unknown) => void;
  settleMs?: number;
  refreshMs?: number;
}

/**
 * Watch mode (issue 18): every library folder is watched, recursively; a change in it asks
 * for a rescan once things have been quiet for a moment. The rescan is incremental (only
 * changed files are read) and one at a time per folder (its lease), so a change seen by
 * several instances costs one short scan. Returns the way to stop watching.
 */
export function watchLibraryFolders(deps: LibraryWatcherDeps): {
  refresh: () => Promise<void>;
  stop: () => void;
} {
  const settleMs = deps.settleMs ?? WATCH_SETTLE_MS;
  const watchers = new Map<number, { path: string; watcher: FSWatcher }>();
  const pending = new Map<number, NodeJS.Timeout>();
  let stopped = false;

  const changed = (id: number) => {
    clearTimeout(pending.get(id));
    pending.set(
      id,
      setTimeout(() => {
        pending.delete(id);
        deps.requestScan(id).catch((error: unknown) => deps.log?.('rescan request failed', error));
      }, settleMs),
    );
  };

  const unwatch = (id: number) => {
    watchers.get(id)?.watcher.close();
    watchers.delete(id);
    clearTimeout(pending.get(id));
    pending.delete(id);
  };

  async function refresh() {
    if (stopped) return;
    const folders = (await deps.list()).filter((folder) => folder.status !== 'removing');
    const wanted = new Map(folders.map((folder) => [folder.id, folder.path]));
    for (const [id, entry] of watchers) {
      if (wanted.get(id) !== entry.path) unwatch(id);
    }
    for (const [id, path] of wanted) {
      if (watchers.has(id)) continue;
      try {
        const watcher = watch(path, { recursive: true, persistent: false }, () => changed(id));
        // A folder that disappears (unmounted) is watched again once it is back.
        watcher.on('error', (error) => {
          deps.log?.(`stopped watching ${path}`, error);
          unwatch(id);
        });
        watchers.set(id, { path, watcher });
      } catch (error) {
        deps.log?.(`cannot watch ${path}`, error);
      }
    }
  }

  const timer = setInterval(() => {
    refresh().catch((error: unknown) => deps.log?.('watch refresh failed', error));
  }, deps.refreshMs ?? WATCH_REFRESH_MS);
  timer.unref();

  return {
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
      for (const id of [...watchers.keys()]) unwatch(id);
    },
  };
}
