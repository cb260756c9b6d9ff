import { describe, expect, it } from 'vitest';
import { MB, type UploadMethod, type UploadStatus } from '@backbeat/common';
import { hasTimedOut, secondsLeft, shouldRetryChunk, uploadsToStart } from './queue-rules.ts';

const chunkSize = 5 * MB;
const item = (
  id: string,
  status: UploadStatus = 'pending',
  extra: { method?: UploadMethod; size?: number; relativePath?: string; paused?: boolean } = {},
) => ({
  id,
  status,
  method: extra.method ?? 'multipart',
  size: extra.size ?? MB,
  paused: false,
  ...extra,
});

describe('chunk retries (spec 2 §8)', () => {
  it('retries network and server errors, and 409 and 423, but no other 4xx', () => {
    expect(shouldRetryChunk(0)).toBe(true);
    expect(shouldRetryChunk(500)).toBe(true);
    expect(shouldRetryChunk(503)).toBe(true);
    expect(shouldRetryChunk(409)).toBe(true);
    expect(shouldRetryChunk(423)).toBe(true);
    for (const status of [400, 403, 404, 413, 422]) expect(shouldRetryChunk(status)).toBe(false);
    expect(shouldRetryChunk(500, false)).toBe(false);
  });
});

describe('which uploads start (spec 2 §4)', () => {
  it('starts three at once, in the order they were added', () => {
    const items = ['a', 'b', 'c', 'd'].map((id) => item(id));
    expect(uploadsToStart(items, chunkSize)).toEqual(['a', 'b', 'c']);
    expect(uploadsToStart([item('a', 'inProgress'), ...items.slice(1)], chunkSize)).toEqual([
      'b',
      'c',
    ]);
  });

  it('skips paused and settled items', () => {
    const items = [
      item('a', 'completed'),
      item('b', 'failed'),
      item('c', 'pending', { paused: true }),
      item('d'),
    ];
    expect(uploadsToStart(items, chunkSize)).toEqual(['d']);
  });

  it.each([
    ['a folder upload', { relativePath: 'album/01.mp3' }],
    ['an S3 multipart upload', { method: 's3Multipart' as const, size: 200 * MB }],
    ['a chunked upload larger than a chunk', { method: 'tus' as const, size: chunkSize + 1 }],
  ])('runs %s alone', (_case, extra) => {
    // It waits for what runs, and nothing behind it overtakes it.
    expect(
      uploadsToStart(
        [item('a', 'inProgress'), item('big', 'pending', extra), item('c')],
        chunkSize,
      ),
    ).toEqual([]);
    // Once alone it starts, and nothing starts beside it.
    expect(uploadsToStart([item('big', 'pending', extra), item('c')], chunkSize)).toEqual(['big']);
    expect(uploadsToStart([item('big', 'inProgress', extra), item('c')], chunkSize)).toEqual([]);
  });

  it('lets a chunked upload of one chunk run beside others', () => {
    const items = [
      item('a', 'inProgress'),
      item('t', 'pending', { method: 'tus', size: chunkSize }),
    ];
    expect(uploadsToStart(items, chunkSize)).toEqual(['t']);
  });
});

describe('time-out and time left', () => {
  it('times out after 30 s without progress', () => {
    expect(hasTimedOut(0, 29_999)).toBe(false);
    expect(hasTimedOut(0, 30_000)).toBe(true);
  });

  it('estimates the seconds left from the speed', () => {
    expect(secondsLeft(10 * MB, 5 * MB, MB)).toBe(5);
    expect(secondsLeft(10 * MB, 0, null)).toBeNull();
  });
});
