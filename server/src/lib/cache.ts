/**
 * A value loaded at most once per TTL and shared by concurrent callers. For data read on
 * every request and changed rarely by admins (themes, locales, the guest role).
 */
export function cached<T>(load: () => Promise<T>, ttlMs: number) {
  let entry: { value: Promise<T>; at: number } | null = null;
  const get = (): Promise<T> => {
    if (!entry || Date.now() - entry.at > ttlMs) {
      const value = load();
      entry = { value, at: Date.now() };
      value.catch(() => {
        entry = null;
      });
    }
    return entry.value;
  };
  return Object.assign(get, { clear: () => void (entry = null) });
}

/**
 * Values per key, each loaded at most once per TTL and shared by concurrent callers; the
 * oldest key goes first when full. For rows read on every request (sessions, the signed-in
 * user, their grants). Whoever changes such a row forgets its key at once, so this instance
 * never serves a stale one; other instances may, for at most the TTL.
 */
export function createKeyedCache<K, V>(options: {
  ttlMs: number;
  maxEntries: number;
  /** With `maxWeight`: what a loaded value weighs (bytes); the oldest go past the total. */
  weigh?: (value: V) => number;
  maxWeight?: number;
}) {
  type Entry = { at: number; value: Promise<V>; settled?: V; weight?: number };
  const entries = new Map<K, Entry>();
  let weight = 0;
  /** Forgets a key, and its weight with it. */
  const remove = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return;
    weight -= entry.weight ?? 0;
    entries.delete(key);
  };
  // An expired entry is never served, but it used to stay until new keys pushed it out: after
  // a burst of distinct keys (a crawl of album pages) up to maxEntries answers were held for
  // good, a large part of the memory a server kept after load (issue 22). A sweep once per TTL
  // lets them go; it stops while the cache is empty, and never keeps the process alive.
  let sweeper: ReturnType<typeof setInterval> | null = null;
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) {
      if ('settled' in entry && now - entry.at >= options.ttlMs) remove(key);
    }
    if (entries.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  };
  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < options.ttlMs) return hit.value;
      const value = load();
      const entry: Entry = { at: now, value };
      remove(key);
      if (entries.size >= options.maxEntries) remove(entries.keys().next().value as K);
      entries.set(key, entry);
      sweeper ??= setInterval(sweep, options.ttlMs).unref();
      value.then(
        (settled) => {
          entry.settled = settled;
          if (!options.weigh || !options.maxWeight || entries.get(key) !== entry) return;
          entry.weight = options.weigh(settled);
          weight += entry.weight;
          // Past the total, the oldest answers go first (never the one just loaded).
          for (const oldest of entries.keys()) {
            if (weight <= options.maxWeight || oldest === key) break;
            remove(oldest);
          }
        },
        () => entries.get(key) === entry && remove(key),
      );
      return value;
    },
    delete: (key: K) => remove(key),
    /** Forgets every key whose loaded value matches (and every load still in flight). */
    deleteWhere(matches: (value: V) => boolean): void {
      for (const [key, entry] of entries) {
        if (!('settled' in entry) || matches(entry.settled as V)) remove(key);
      }
    },
    clear: () => {
      entries.clear();
      weight = 0;
    },
  };
}
