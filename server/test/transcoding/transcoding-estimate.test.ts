import { request as httpRequest } from 'node:http';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { signIn } from '../helpers/built-server.ts';
import { createUser } from '../helpers/factories.ts';
import { storeFlacTrack, toneFlac } from '../helpers/flac-track.ts';
import { probeAudio } from '../helpers/probe.ts';

/**
 * Subsonic's `estimateContentLength=true` on a first (uncached) transcode, through a real
 * listening server and Node's own HTTP client (as a phone app's HTTP stack reads it): a
 * Content-Length from duration × bitrate, exactly that many bytes, a Range accepted as
 * Navidrome does (the whole transcode from its start, `Accept-Ranges: none`), and audio that
 * ffprobe reads as the asked codec and length.
 */
let t: TestApp;
let base: string;
let listenerAuth: URLSearchParams;
const SECONDS = 20;
let trackSequence = 0;

/** A FLAC track of its own audio (each a transcode never made before). */
async function flacTrack() {
  const seed = ++trackSequence;
  return storeFlacTrack(t.app, await toneFlac(seed, SECONDS), SECONDS, `estimate-${seed}`);
}

beforeAll(async () => {
  t = await createTestApp({ builtServer: true });
  const listener = await createUser(t.app, { name: 'Esther Estimate' });
  const session = await signIn(t.url!, listener);
  const created = await session.request('POST', '/api/v1/account/app-passwords', { name: 'Phone' });
  expect(created.status).toBe(201);
  listenerAuth = new URLSearchParams({
    u: listener.email,
    p: ((await created.json()) as { password: string }).password,
    v: '1.16.1',
    c: 'TestPhone',
    f: 'json',
  });
  base = t.url!;
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** True when the body ended as HTTP framing said (not cut off by a closed connection). */
  complete: boolean;
}

/** A GET or HEAD as an app's HTTP client makes it, over a real socket. */
function get(query: Record<string, string | number>, headers = {}, method = 'GET') {
  const params = new URLSearchParams(listenerAuth);
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(
      `${base}/rest/stream?${params}`,
      { method, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            complete: response.complete,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * The transcode is cached once its ffmpeg has ended (just after the answer's last byte): the
 * built server then renames its `.tmp` file in the cache folder to the cached one.
 */
async function settled() {
  const folder = join(t.config.storagePath, 'cache', 'transcodes');
  const writing = async () =>
    (await readdir(folder).catch(() => [])).some((name) => name.endsWith('.tmp'));
  while (await writing()) await new Promise((r) => setTimeout(r, 10));
}

describe('stream with estimateContentLength=true', () => {
  it.each([
    ['mp3', 128, 'mp3', 'audio/mpeg'],
    ['opus', 96, 'opus', 'audio/ogg'],
  ])(
    'declares duration × bitrate for a first %s transcode and sends exactly that many bytes',
    async (format, rate, codec, type) => {
      const id = `tr-${await flacTrack()}`;
      const answer = await get({ id, format, maxBitRate: rate, estimateContentLength: 'true' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe(type);
      // 20 s at the rate, with 1024 bits to the kilobit (Navidrome's estimate).
      const estimate = Math.ceil((SECONDS * rate * 1024) / 8);
      expect(answer.headers['content-length']).toBe(String(estimate));
      expect(answer.headers['accept-ranges']).toBe('none');
      expect(answer.complete).toBe(true);
      expect(answer.body.length).toBe(estimate);
      const probed = await probeAudio(answer.body);
      expect(probed.codec).toBe(codec);
      expect(probed.duration).toBeGreaterThan(SECONDS - 1);
      expect(probed.duration).toBeLessThan(SECONDS + 1.5);
    },
  );

  it('answers a Range on a first transcode with the whole transcode from its start, as Navidrome does', async () => {
    const id = `tr-${await flacTrack()}`;
    const query = { id, format: 'mp3', maxBitRate: 128, estimateContentLength: 'true' };
    const ranged = await get(query, { range: 'bytes=100000-' });
    expect(ranged.status).toBe(200);
    expect(ranged.headers['content-range']).toBeUndefined();
    expect(ranged.headers['accept-ranges']).toBe('none');
    expect(ranged.body.length).toBe(Number(ranged.headers['content-length']));
    // From the first byte: ffmpeg's MP3 starts with its ID3 header.
    expect(ranged.body.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect((await probeAudio(ranged.body)).codec).toBe('mp3');

    // Once cached, the same request is a true range of the stored transcode, of its real length.
    await settled();
    const cached = await get(query, { range: 'bytes=100000-' });
    expect(cached.status).toBe(206);
    expect(cached.headers['accept-ranges']).toBe('bytes');
    const total = Number(/\/(\d+)$/.exec(String(cached.headers['content-range']))?.[1]);
    expect(total).toBeGreaterThan(100000);
    expect(cached.body.length).toBe(total - 100000);
    // The cached transcode is the one the first play received (before its padding).
    expect(cached.body.equals(ranged.body.subarray(100000, total))).toBe(true);
  });

  it('declares the estimate from timeOffset on, and on HEAD', async () => {
    const id = `tr-${await flacTrack()}`;
    const offset = await get({
      id,
      format: 'mp3',
      maxBitRate: 64,
      timeOffset: 15,
      estimateContentLength: 'true',
    });
    const estimate = Math.ceil((5 * 64 * 1024) / 8);
    expect(offset.headers['content-length']).toBe(String(estimate));
    expect(offset.body.length).toBe(estimate);
    const probed = await probeAudio(offset.body);
    expect(probed.duration).toBeGreaterThan(4.5);
    expect(probed.duration).toBeLessThan(5.6);

    const other = `tr-${await flacTrack()}`;
    const head = await get(
      { id: other, format: 'mp3', maxBitRate: 64, estimateContentLength: 'true' },
      {},
      'HEAD',
    );
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Math.ceil((SECONDS * 64 * 1024) / 8)));
  });

  it('declares no length without the parameter (the first play streams as it comes)', async () => {
    const id = `tr-${await flacTrack()}`;
    const answer = await get({ id, format: 'mp3', maxBitRate: 128 });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect((await probeAudio(answer.body)).codec).toBe('mp3');
  });
});
