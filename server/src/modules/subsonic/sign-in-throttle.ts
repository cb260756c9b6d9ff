import { SUBSONIC_SIGN_IN_THROTTLE } from '@backbeat/common';

/**
 * How /rest user names are compared: as the account lookup finds them (users/repository.ts
 * lowercases, auth.ts trims). Throttles and remembered sign-ins use the same form, so
 * `" Kim@Example.com\t"` is counted, locked and matched as the account it signs in to.
 */
export const normalizeUserName = (name: string) => name.trim().toLowerCase();

/**
 * Failed /rest sign-ins, counted per account (its user name, from any address) and per
 * address (any names, any API keys): one account's failures lock that account, while an
 * address that mistyped one name may still sign in to another account, up to a ceiling high
 * enough for a household of apps. Counts run in one-minute windows.
 *
 * Anyone may fail without signing in, so each table is an expiring LRU with a fixed number
 * of keys (as @fastify/rate-limit's local store is): a flood of distinct names pushes out the
 * oldest entries instead of growing the process. The tables are apart so that names cannot
 * push an address's count out.
 */
export function createSignInThrottle(limits = SUBSONIC_SIGN_IN_THROTTLE) {
  const accounts = createExpiringCounts(limits.windowMs, limits.maxTracked);
  const addresses = createExpiringCounts(limits.windowMs, limits.maxTracked);
  return {
    /** Whether this address, or this account (a normalised name), may not try again yet. */
    locked(ip: string, account?: string): boolean {
      if (addresses.count(ip) >= limits.perAddress) return true;
      return account !== undefined && accounts.count(account) >= limits.perAccount;
    },
    /** Counts a failure against the address, and against the account when one was named. */
    failed(ip: string, account?: string): void {
      addresses.add(ip);
      if (account !== undefined) accounts.add(account);
    },
    /** Keys held (accounts, addresses): what a flood of failures costs in memory. */
    tracked() {
      return { accounts: accounts.size(), addresses: addresses.size() };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** Counts per key in fixed windows; at most `maxKeys`, the least recently counted go first. */
function createExpiringCounts(windowMs: number, maxKeys: number) {
  const entries = new Map<string, { count: number; since: number }>();
  const expired = (entry: { since: number }, now: number) => now - entry.since >= windowMs;
  return {
    count(key: string): number {
      const entry = entries.get(key);
      if (!entry) return 0;
      if (!expired(entry, Date.now())) return entry.count;
      entries.delete(key);
      return 0;
    },
    add(key: string): void {
      const now = Date.now();
      const entry = entries.get(key);
      entries.delete(key);
      entries.set(
        key,
        entry && !expired(entry, now)
          ? { ...entry, count: entry.count + 1 }
          : { count: 1, since: now },
      );
      // The map iterates least recently counted first: expired entries there go now, and
      // past the cap the oldest go even if live.
      for (const [oldest, value] of entries) {
        if (entries.size <= maxKeys && !expired(value, now)) break;
        entries.delete(oldest);
      }
    },
    size: () => entries.size,
  };
}
