import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { createLocalDiskStorage } from '../../storage/local-disk.ts';
import type { StoredFileInfo } from '../../storage/storage.ts';

interface Entry {
  size: number;
  modifiedAt: Date;
  /** Last served (kept as the file's access time, so the order survives a restart). */
  usedAt: number;
}

export type TranscodeCache = ReturnType<typeof createTranscodeCache>;

/**
 * Finished transcodes on local disk (under storage/, whatever the file storage is), capped
 * in size: when a new one pushes the total over the cap, the least recently served go first.
 * Each instance keeps its own; a transcode is only a copy, made again when missing.
 */
export function createTranscodeCache(options: {
  directory: string;
  /** Bytes the cache may hold, read when a transcode is added (an admin may change it). */
  capBytes: () => Promise<number>;
}) {
  const { directory } = options;
  /** Served with one-range support, validators and the large read buffer of stored files. */
  const files = createLocalDiskStorage(directory);
  const entries = new Map<string, Entry>();
  let loaded: Promise<void> | null = null;
  let total = 0;

  /** The files already there (from before a restart); half-written ones are removed. */
  async function load(): Promise<void> {
    await mkdir(directory, { recursive: true });
    for (const name of await readdir(directory)) {
      const path = join(directory, name);
      if (name.endsWith('.tmp')) {
        await rm(path, { force: true });
        continue;
      }
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) continue;
      entries.set(name, { size: info.size, modifiedAt: info.mtime, usedAt: info.atimeMs });
      total += info.size;
    }
  }
  const ready = () => (loaded ??= load());

  async function evict(keep: string): Promise<void> {
    const cap = await options.capBytes();
    if (total <= cap) return;
    const oldestFirst = [...entries].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [key, entry] of oldestFirst) {
      if (total <= cap) break;
      // The newest stays when it alone exceeds the cap: it is being listened to.
      if (key === keep && entries.size === 1) break;
      entries.delete(key);
      total -= entry.size;
      await rm(join(directory, key), { force: true });
    }
  }

  return {
    files,
    directory,

    /** A cached transcode's facts, marked as just used; null when there is none. */
    async lookup(key: string): Promise<StoredFileInfo | null> {
      await ready();
      const entry = entries.get(key);
      if (!entry) return null;
      entry.usedAt = Date.now();
      // The access time only: the modified time is in the file's ETag.
      void utimes(join(directory, key), new Date(entry.usedAt), entry.modifiedAt).catch(() => {
        // Removed behind our back (the folder cleared by hand): forget it.
        if (entries.delete(key)) total -= entry.size;
      });
      return { size: entry.size, modifiedAt: entry.modifiedAt };
    },

    /** Where a transcode is written while it is made (never served from there). */
    async temporaryPath(key: string): Promise<string> {
      await ready();
      return join(directory, `${key}.${process.pid}.${Date.now()}.tmp`);
    },

    /** A finished transcode joins the cache, which then evicts down to its cap. */
    async admit(key: string, temporaryPath: string): Promise<void> {
      await ready();
      const path = join(directory, key);
      await rename(temporaryPath, path);
      const info = await stat(path);
      const before = entries.get(key);
      if (before) total -= before.size;
      entries.set(key, { size: info.size, modifiedAt: info.mtime, usedAt: Date.now() });
      total += info.size;
      await evict(key);
    },

    /** What the cache holds now, in bytes (for tests and the admin). */
    async size(): Promise<number> {
      await ready();
      return total;
    },
  };
}
