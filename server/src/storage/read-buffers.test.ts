import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBufferPool } from './read-buffers.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('read buffer pool', () => {
  it('hands back kept buffers before making new ones, up to its limit', () => {
    const pool = createBufferPool({ bytes: 16, max: 2, idleMs: 1000 });
    const taken = [pool.take(), pool.take(), pool.take()];
    for (const buffer of taken) pool.giveBack(buffer);
    expect(pool.kept).toBe(2);
    expect(taken).toContain(pool.take());
    pool.giveBack(Buffer.alloc(8));
    expect(pool.kept).toBe(1);
  });

  it('lets every kept buffer go once none was taken for its idle time', () => {
    vi.useFakeTimers();
    const pool = createBufferPool({ bytes: 16, max: 4, idleMs: 10_000 });
    pool.giveBack(pool.take());
    pool.giveBack(Buffer.alloc(16));
    vi.advanceTimersByTime(6_000);
    // Still streaming: a take within the idle time keeps them for another full idle time.
    pool.giveBack(pool.take());
    vi.advanceTimersByTime(6_000);
    expect(pool.kept).toBe(2);
    vi.advanceTimersByTime(4_000);
    expect(pool.kept).toBe(0);
    pool.giveBack(pool.take());
    expect(pool.kept).toBe(1);
  });
});
