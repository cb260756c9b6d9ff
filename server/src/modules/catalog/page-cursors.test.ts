import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPageCursors } from './page-cursors.ts';

describe('page cursors', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the key where a page of the same list ended, and nothing at offset 0', () => {
    const cursors = createPageCursors();
    cursors.remember('tracks:1:*', 500, [812]);
    expect(cursors.before('tracks:1:*', 500)).toEqual([812]);
    // Asked again (a client retrying the page): still there.
    expect(cursors.before('tracks:1:*', 500)).toEqual([812]);
    expect(cursors.before('tracks:2:*', 500)).toBeUndefined();
    expect(cursors.before('tracks:1:*', 499)).toBeUndefined();
    expect(cursors.before('tracks:1:*', 0)).toBeUndefined();
  });

  it('keeps at most its cap, the least recently used going first', () => {
    const cursors = createPageCursors({ maxEntries: 3 });
    for (const offset of [10, 20, 30]) cursors.remember('list', offset, [offset]);
    expect(cursors.before('list', 10)).toEqual([10]);
    cursors.remember('list', 40, [40]);
    expect(cursors.size).toBe(3);
    expect(cursors.before('list', 20)).toBeUndefined();
    expect(cursors.before('list', 10)).toEqual([10]);
    expect(cursors.before('list', 40)).toEqual([40]);
  });

  it('forgets a key older than its lifetime', () => {
    vi.useFakeTimers();
    const cursors = createPageCursors({ ttlMs: 1000 });
    cursors.remember('list', 10, ['b', 7]);
    vi.advanceTimersByTime(1000);
    expect(cursors.before('list', 10)).toEqual(['b', 7]);
    vi.advanceTimersByTime(1001);
    expect(cursors.before('list', 10)).toBeUndefined();
    expect(cursors.size).toBe(0);
  });
});
