import type { SortKey } from './keyset.ts';

/** Enough for a few hundred clients syncing at once (three lists each); ~0.5 KB an entry. */
const MAX_ENTRIES = 1000;
/** A sync pages on within seconds; an older cursor is not worth the memory. */
const TTL_MS = 10 * 60_000;

/**
 * Where the pages of whole-library lists ended (issue 42). Library clients page by offset,
 * never by cursor: a page served from offset n ending at offset m leaves the sort key of its
 * last row under (list, m), so the request for the next page, at offset m, reads the rows
 * after that key off the list's index instead of walking m entries. A miss (first page,
 * random access, another instance, an evicted or expired entry) is the plain OFFSET read.
 *
 * Writes between pages: a sync by key never skips or repeats a row that stayed in place;
 * a row added before the key is not listed in this sync (OFFSET would instead repeat the
 * previous page's last row), a row removed before it skips nothing (OFFSET would skip one).
 *
 * `list` names the list fully: the call's order, the viewer, the music folder, the filters.
 */
export function createPageCursors(options: { maxEntries?: number; ttlMs?: number } = {}) {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const ttlMs = options.ttlMs ?? TTL_MS;
  // A Map keeps insertion order: the first entry is the least recently used.
  const entries = new Map<string, { key: SortKey; at: number }>();
  const name = (list: string, offset: number) => `${offset}@${list}`;

  return {
    /** The sort key of the row just before `offset`, when a page served here ended there. */
    before(list: string, offset: number): SortKey | undefined {
      if (offset === 0) return undefined;
      const at = name(list, offset);
      const entry = entries.get(at);
      if (!entry) return undefined;
      entries.delete(at);
      if (Date.now() - entry.at > ttlMs) return undefined;
      // Kept (as the most recent) for a client that asks the same page again.
      entries.set(at, entry);
      return entry.key;
    },

    /** A page of `list` ended at `offset` with the row of sort key `key`. */
    remember(list: string, offset: number, key: SortKey): void {
      const at = name(list, offset);
      entries.delete(at);
      entries.set(at, { key, at: Date.now() });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },

    get size() {
      return entries.size;
    },
  };
}

export type PageCursors = ReturnType<typeof createPageCursors>;
