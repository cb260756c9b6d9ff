import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeyedCache } from './cache.ts';

describe('createKeyedCache', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one load between concurrent callers and reloads after the TTL', async () => {
    vi.useFakeTimers();
    const cache = createKeyedCache<string, number>({ ttlMs: 2000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(1999);
    expect(await cache.get('a', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('forgets a key at once when asked, and forgets failed loads', async () => {
    const cache = createKeyedCache<string, string>({ ttlMs: 60_000, maxEntries: 10 });
    await cache.get('a', async () => 'old');
    cache.delete('a');
    expect(await cache.get('a', async () => 'new')).toBe('new');

    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', async () => 'up')).toBe('up');
  });

  it('forgets every value that matches, and loads still in flight', async () => {
    const cache = createKeyedCache<string, { user: number } | undefined>({
      ttlMs: 60_000,
      maxEntries: 10,
    });
    await cache.get('s1', async () => ({ user: 1 }));
    await cache.get('s2', async () => ({ user: 2 }));
    let release!: (value: { user: number }) => void;
    const pending = cache.get('s3', () => new Promise((resolve) => (release = resolve)));
    cache.deleteWhere((value) => value?.user === 1);
    release({ user: 3 });
    await pending;

    expect(await cache.get('s1', async () => ({ user: 10 }))).toEqual({ user: 10 });
    expect(await cache.get('s2', async () => ({ user: 20 }))).toEqual({ user: 2 });
    expect(await cache.get('s3', async () => ({ user: 30 }))).toEqual({ user: 30 });
  });

  it('drops the oldest key when full', async () => {
    const cache = createKeyedCache<number, number>({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of [1, 2, 3]) await cache.get(key, async () => key);
    expect(await cache.get(1, async () => 100)).toBe(100);
    expect(await cache.get(3, async () => 300)).toBe(3);
  });

  it('keeps answers up to a total weight, dropping the oldest first', async () => {
    const cache = createKeyedCache<string, string>({
      ttlMs: 60_000,
      maxEntries: 100,
      weigh: (value) => value.length,
      maxWeight: 10,
    });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    // 12 > 10: the oldest goes, the newest two stay.
    await cache.get('c', async () => 'cccc');
    expect(await cache.get('a', async () => 'again')).toBe('again');
    // 'again' (5) + 'cccc' (4) fit only once 'b' is gone.
    expect(await cache.get('c', async () => 'new')).toBe('cccc');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
    // An answer heavier than the whole allowance is still served (and kept alone).
    expect(await cache.get('big', async () => 'x'.repeat(50))).toBe('x'.repeat(50));
    expect(await cache.get('c', async () => 'c3')).toBe('c3');
  });
});
