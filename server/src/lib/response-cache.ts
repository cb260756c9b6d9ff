/**
 * Serialised JSON answers kept briefly per instance, for public reads that many listeners
 * ask for at once (artist, album, channel pages). Concurrent misses share one load; a load
 * that finds nothing (null) is remembered too.
 */
export function createResponseCache(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { at: number; value: Promise<string | null> }>();
  return {
    get(key: string, load: () => Promise<unknown>): Promise<string | null> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < options.ttlMs) return hit.value;
      const value = load().then((result) => (result === null ? null : JSON.stringify(result)));
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { at: Date.now(), value });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
