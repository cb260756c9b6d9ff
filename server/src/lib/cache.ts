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
export function createKeyedCache<K, V>(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<K, { at: number; value: Promise<V>; settled?: V }>();
  // An expired entry is never served, but it used to stay until new keys pushed it out: after
  // a burst of distinct keys (a crawl of album pages) up to maxEntries answers were held for
  // good, a large part of the memory a server kept after load (issue 22). A sweep once per TTL
  // lets them go; it stops while the cache is empty, and never keeps the process alive.
  let sweeper: ReturnType<typeof setInterval> | null = null;
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) {
      if ('settled' in entry && now - entry.at >= options.ttlMs) entries.delete(key);
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
      const entry: { at: number; value: Promise<V>; settled?: V } = { at: now, value };
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as K);
      entries.set(key, entry);
      sweeper ??= setInterval(sweep, options.ttlMs).unref();
      value.then(
        (settled) => void (entry.settled = settled),
        () => entries.get(key) === entry && entries.delete(key),
      );
      return value;
    },
    delete: (key: K) => void entries.delete(key),
    /** Forgets every key whose loaded value matches (and every load still in flight). */
    deleteWhere(matches: (value: V) => boolean): void {
      for (const [key, entry] of entries) {
        if (!('settled' in entry) || matches(entry.settled as V)) entries.delete(key);
      }
    },
    clear: () => entries.clear(),
  };
}
