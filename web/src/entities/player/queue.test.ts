import { describe, expect, it } from 'vitest';
import type { Track } from '@backbeat/common';
import { moveItem, nextIndex, previousIndex, shuffled, toQueueItems } from './queue.ts';

const track = (id: number): Track => ({
  id,
  name: `Track ${id}`,
  number: id,
  duration: 1000,
  artists: [],
  album: null,
  image: null,
  plays: 0,
  popularity: 0,
  is_public: true,
  owner_id: null,
  has_lyrics: false,
  created_at: '2024-01-01T00:00:00.000Z',
});

describe('the queue', () => {
  it('gives the same track queued twice two keys', () => {
    const [a, b] = toQueueItems([track(1), track(1)]);
    expect(a!.key).not.toBe(b!.key);
  });

  it('moves an item and follows the current one', () => {
    const items = toQueueItems([track(1), track(2), track(3)]);
    const { queue, index } = moveItem(items, 2, 0, items[0]!.key);
    expect(queue.map((i) => i.track.id)).toEqual([3, 1, 2]);
    expect(index).toBe(1);
  });

  it('steps forward and back, wrapping only with repeat all', () => {
    expect(nextIndex(3, 1, false)).toBe(2);
    expect(nextIndex(3, 2, false)).toBeNull();
    expect(nextIndex(3, 2, true)).toBe(0);
    expect(previousIndex(3, 0, false)).toBeNull();
    expect(previousIndex(3, 0, true)).toBe(2);
  });

  it('shuffles every item exactly once', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const result = shuffled([1, 2, 3, 4, 5, 6], random);
    expect([...result].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result).not.toEqual([1, 2, 3, 4, 5, 6]);
  });
});
