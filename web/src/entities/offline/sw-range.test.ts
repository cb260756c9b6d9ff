import { describe, expect, it } from 'vitest';
import source from '../../../public/sw.js?raw';

type Range = { start: number; end: number } | 'unsatisfiable' | null;
interface WorkerRange {
  parseRange(header: string | null, size: number): Range;
  rangeAnswer(cached: Response, header: string | null): Promise<Response>;
}

/** The service worker as the browser runs it (web/public/sw.js), with its range helpers. */
function loadWorker(): WorkerRange {
  const self: Record<string, unknown> = {
    addEventListener: () => undefined,
    location: { origin: 'http://127.0.0.1' },
    navigator: { onLine: true },
  };
  const caches = { has: async () => false, open: async () => ({ keys: async () => [] }) };
  const run = new Function('self', 'caches', 'clients', 'importScripts', source) as (
    ...globals: unknown[]
  ) => void;
  run(self, caches, {}, () => undefined);
  return self.backbeatOffline as WorkerRange;
}

const worker = loadWorker();
const bytes = Uint8Array.from({ length: 100 }, (_, i) => i);
const cached = () =>
  new Response(bytes, { headers: { 'content-type': 'audio/mpeg', 'content-length': '100' } });

describe('the range a media request asks of a downloaded track', () => {
  it('reads the forms a media element sends', () => {
    expect(worker.parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(worker.parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(worker.parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(worker.parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(worker.parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('answers the whole file when there is no range, or one it does not serve', () => {
    expect(worker.parseRange(null, 100)).toBeNull();
    expect(worker.parseRange('items=0-5', 100)).toBeNull();
    expect(worker.parseRange('bytes=0-5,10-15', 100)).toBeNull();
    expect(worker.parseRange('bytes=-', 100)).toBeNull();
  });

  it('refuses a range past the end', () => {
    expect(worker.parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(worker.parseRange('bytes=20-10', 100)).toBe('unsatisfiable');
    expect(worker.parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});

describe('the answer from a downloaded track', () => {
  it('is 206 with exactly the bytes asked and their Content-Range', async () => {
    const answer = await worker.rangeAnswer(cached(), 'bytes=10-19');
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(answer.headers.get('content-length')).toBe('10');
    expect(answer.headers.get('content-type')).toBe('audio/mpeg');
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect([...new Uint8Array(await answer.arrayBuffer())]).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
  });

  it('gives the tail for an open range, as a seek near the end asks', async () => {
    const answer = await worker.rangeAnswer(cached(), 'bytes=95-');
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 95-99/100');
    expect([...new Uint8Array(await answer.arrayBuffer())]).toEqual([95, 96, 97, 98, 99]);
  });

  it('is the whole file with 200 without a range', async () => {
    const answer = await worker.rangeAnswer(cached(), null);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);
  });

  it('is 416 with the size for a range past the end', async () => {
    const answer = await worker.rangeAnswer(cached(), 'bytes=150-');
    expect(answer.status).toBe(416);
    expect(answer.headers.get('content-range')).toBe('bytes */100');
  });
});
