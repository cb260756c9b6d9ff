import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MB, MULTIPART_MAX_PARTS, S3_PART_FLOOR_BYTES } from './constants.ts';
import { multipartPartCount, multipartPartRange, multipartPartSize } from './part-size.ts';

describe('multipart part sizing (spec §9)', () => {
  it.each([
    [0, 20 * MB, 1],
    [1, 20 * MB, 1],
    [100 * MB, 20 * MB, 5],
    [100 * MB + 1, 20 * MB, 6],
    [200_000 * MB, 20 * MB, 10_000],
    [400_000 * MB, 40 * MB, 10_000],
  ])('%d bytes go in parts of %d bytes, %d parts', (size, partSize, parts) => {
    expect(multipartPartSize(size)).toBe(partSize);
    expect(multipartPartCount(size)).toBe(parts);
  });

  it('covers every byte once, in at most 10,000 parts of at least 5 MB but the last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 * 1024 ** 4 }), (size) => {
        const count = multipartPartCount(size);
        expect(count).toBeGreaterThanOrEqual(1);
        expect(count).toBeLessThanOrEqual(MULTIPART_MAX_PARTS);
        expect(multipartPartSize(size)).toBeGreaterThanOrEqual(20 * MB);
        const first = multipartPartRange(size, 1);
        const last = multipartPartRange(size, count);
        expect(first.start).toBe(0);
        expect(last.end).toBe(size);
        if (count > 1) {
          expect(first.end - first.start).toBeGreaterThanOrEqual(S3_PART_FLOOR_BYTES);
          expect(last.end).toBeGreaterThan(last.start);
          // Consecutive parts touch: part n ends where part n+1 starts.
          const middle = Math.ceil(count / 2);
          expect(multipartPartRange(size, middle).end).toBe(
            multipartPartRange(size, middle + 1).start,
          );
        }
      }),
    );
  });
});
