import { gzipSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keptBytes, keptText } from './kept-bytes.ts';

describe('kept bytes', () => {
  it('copies a small pooled buffer into one of its own size', () => {
    const pooled = Buffer.from('{"id":1}');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const kept = keptBytes(pooled);
    expect(kept.buffer.byteLength).toBe(kept.length);
    expect(kept.equals(pooled)).toBe(true);
  });

  it("copies zlib's output out of its larger chunk, and the gzip still reads back", () => {
    const gzip = gzipSync(Buffer.from('x'.repeat(2000)));
    const kept = keptBytes(gzip);
    expect(kept.buffer.byteLength).toBe(kept.length);
    expect(gunzipSync(kept).toString()).toBe('x'.repeat(2000));
  });

  it('writes text as UTF-8 bytes of exactly its length', () => {
    const kept = keptText('Sigur Rós — Ágætis byrjun');
    expect(kept.buffer.byteLength).toBe(kept.length);
    expect(kept.toString('utf8')).toBe('Sigur Rós — Ágætis byrjun');
  });
});
