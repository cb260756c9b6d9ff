import { describe, expect, it } from 'vitest';
import { decideRange } from './range.ts';

describe('byte ranges', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=10-19', { kind: 'partial', start: 10, end: 19 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
  ])('%s on 1000 bytes', (header, expected) => {
    expect(decideRange(header, 1000)).toEqual(expected);
  });

  it.each(['bytes=1000-', 'bytes=20-10', 'bytes=-0', 'bytes=-', 'items=0-1', 'bytes=0-1,5-9', 'x'])(
    'refuses %s',
    (header) => {
      expect(decideRange(header, 1000)).toEqual({ kind: 'unsatisfiable' });
    },
  );
});
