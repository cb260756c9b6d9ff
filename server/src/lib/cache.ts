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
