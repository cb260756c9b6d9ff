import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { encodeAudio } from '../helpers/audio.ts';
import { storeFlacTrack, toneFlac } from '../helpers/flac-track.ts';
import { probeAudio } from '../helpers/probe.ts';

/**
 * On-the-fly transcoding (issue 38.6) with the real ffmpeg: a FLAC asked for as MP3, Opus or
 * AAC at a bitrate, from an offset; the second play from the disk cache with ranges; the
 * cache's cap; the admin's limits per user and per client; bad parameters.
 */
let t: TestApp;
let listener: Awaited<ReturnType<typeof signedInUser>>;
let appPassword: string;
const SECONDS = 20;
let flac: Buffer;
let tracks: number[] = [];

const now = () => new Date().toISOString();

/** A FLAC track (stereo, 44.1 kHz) of its own audio, catalogued as FLAC. */
async function flacTrack(seed: number) {
  const audio = seed === 0 ? flac : await toneFlac(seed, SECONDS);
  return storeFlacTrack(t.app, audio, SECONDS, `flac-${seed}`);
}

beforeAll(async () => {
  t = await createTestApp();
  flac = await encodeAudio(
    `aevalsrc=0.2*sin(2*PI*440*t)|0.2*sin(2*PI*660*t):d=${SECONDS}:s=44100`,
    'flac',
  );
  tracks = [await flacTrack(0), await flacTrack(1), await flacTrack(2), await flacTrack(3)];
  listener = await signedInUser(t.app, { name: 'Tess Transcode' });
  const created = await listener.browser.post('/api/v1/account/app-passwords', { name: 'Phone' });
  expect(created.statusCode).toBe(201);
  appPassword = (created.json() as { password: string }).password;
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.services.database.db.deleteFrom('transcoding_limits').execute();
  await t.app.services.database.db.deleteFrom('transcoding_profiles').execute();
});

/** A /rest call as a phone app makes it (`c` is the client's name). */
function rest(method: string, query: Record<string, string | number | undefined>, headers = {}) {
  const params = new URLSearchParams({
    u: listener.email,
    p: appPassword,
    v: '1.16.1',
    c: 'TestPhone',
    f: 'json',
    ...Object.fromEntries(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ),
  });
  return t.app.inject({ method: 'GET', url: `/rest/${method}?${params}`, headers });
}

const cacheFiles = async () =>
  (await readdir(join(t.config.storagePath, 'cache', 'transcodes')).catch(() => [])).filter(
    (name) => !name.endsWith('.tmp'),
  );

/** The transcode is cached once its ffmpeg has ended (just after the answer's last byte). */
async function settled() {
  while (t.app.services.transcoding.runningCount() > 0) await new Promise((r) => setTimeout(r, 10));
}

describe('Subsonic stream with format, maxBitRate and timeOffset', () => {
  it.each([
    ['mp3', 64, 'mp3', 'audio/mpeg'],
    ['opus', 64, 'opus', 'audio/ogg'],
    ['aac', 96, 'aac', 'audio/aac'],
  ])('encodes a FLAC as %s at %i kbit/s', async (format, rate, codec, type) => {
    const answer = await rest('stream', { id: `tr-${tracks[0]}`, format, maxBitRate: rate });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(type);
    const probed = await probeAudio(answer.rawPayload);
    expect(probed.codec).toBe(codec);
    // ADTS has no index: ffprobe estimates an AAC stream's length from its bitrate.
    expect(probed.duration).toBeGreaterThan(SECONDS - 1);
    expect(probed.duration).toBeLessThan(SECONDS + 1);
    // Roughly the rate asked: far below the FLAC's, within the encoder's own margin.
    expect(probed.bitRate / 1000).toBeGreaterThan(rate * 0.7);
    expect(probed.bitRate / 1000).toBeLessThan(rate * 1.35);
    expect(answer.rawPayload.length).toBeLessThan(flac.length / 4);
  });

  it('sends the original FLAC for format=raw and with no parameters', async () => {
    for (const query of [{ format: 'raw' }, {}]) {
      const answer = await rest('stream', { id: `tr-${tracks[0]}`, ...query });
      expect(answer.headers['content-type']).toBe('audio/flac');
      expect(answer.rawPayload.equals(flac)).toBe(true);
    }
  });

  it('starts at timeOffset seconds', async () => {
    const answer = await rest('stream', {
      id: `tr-${tracks[0]}`,
      format: 'mp3',
      maxBitRate: 128,
      timeOffset: 15,
    });
    const probed = await probeAudio(answer.rawPayload);
    expect(probed.codec).toBe('mp3');
    expect(probed.duration).toBeGreaterThan(4.5);
    expect(probed.duration).toBeLessThan(5.5);
  });

  it('serves a repeat play from the disk cache, with Range (206)', async () => {
    const id = `tr-${tracks[1]}`;
    const first = await rest('stream', { id, format: 'opus', maxBitRate: 96 });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-length']).toBeUndefined();
    await settled();
    const whole = await rest('stream', { id, format: 'opus', maxBitRate: 96 });
    expect(whole.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(first.rawPayload)).toBe(true);
    const part = await rest(
      'stream',
      { id, format: 'opus', maxBitRate: 96 },
      { range: 'bytes=1000-1999' },
    );
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${first.rawPayload.length}`);
    expect(part.rawPayload.equals(first.rawPayload.subarray(1000, 2000))).toBe(true);
  });

  it('runs one ffmpeg for listeners asking for the same transcode at once', async () => {
    const service = t.app.services.transcoding;
    const before = service.startedCount();
    const query = { id: `tr-${tracks[2]}`, format: 'mp3', maxBitRate: 96 };
    const answers = await Promise.all([
      rest('stream', query),
      rest('stream', query),
      rest('stream', query),
    ]);
    expect(service.startedCount() - before).toBe(1);
    for (const answer of answers)
      expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    expect((await probeAudio(answers[0]!.rawPayload)).codec).toBe('mp3');
  });

  it('answers a Subsonic error for a format it cannot make and a bitrate that is not a number', async () => {
    for (const query of [{ format: 'wma' }, { format: 'mp3', maxBitRate: 'fast' }]) {
      const answer = await rest('stream', { id: `tr-${tracks[0]}`, ...query });
      expect(answer.statusCode).toBe(200);
      const body = answer.json() as {
        'subsonic-response': { status: string; error: { code: number; message: string } };
      };
      expect(body['subsonic-response'].status).toBe('failed');
      expect(body['subsonic-response'].error.code).toBe(0);
    }
  });
});

describe('the transcode cache cap', () => {
  it('evicts the least recently played transcode when a new one goes over the cap', async () => {
    await settled();
    // Each 20 s transcode at 64 kbit/s is about 160 kB: the cap holds two.
    await t.app.services.settings.set({ 'transcoding.cache_size_mb': 0.4 });
    try {
      const play = async (index: number, headers = {}) => {
        const answer = await rest(
          'stream',
          { id: `tr-${tracks[index]}`, format: 'mp3', maxBitRate: 64 },
          headers,
        );
        await settled();
        return answer;
      };
      await play(0);
      await play(1);
      await play(0); // now track 1's is the least recently played
      await play(2);
      expect(await t.app.services.transcodeCache.size()).toBeLessThanOrEqual(0.4 * 1024 * 1024);
      const ranged = { range: 'bytes=0-99' };
      expect((await play(0, ranged)).statusCode).toBe(206);
      expect((await play(2, ranged)).statusCode).toBe(206);
      const evicted = await play(1, ranged);
      // Made again (no ranges while it is made), then kept.
      expect(evicted.statusCode).toBe(200);
      expect(evicted.headers['accept-ranges']).toBe('none');
    } finally {
      await t.app.services.settings.set({ 'transcoding.cache_size_mb': 1024 });
    }
  });
});

describe('limits per user and per client', () => {
  async function profile(format: string, bitRate: number) {
    const row = await t.app.services.database.db
      .insertInto('transcoding_profiles')
      .values({
        name: `${format} ${bitRate}`,
        format: format as 'mp3',
        bit_rate: bitRate,
        preset: 'standard',
        created_at: now(),
        updated_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function limit(values: {
    user_id?: number;
    client?: string;
    max_bit_rate?: number;
    profile_id?: number;
  }) {
    await t.app.services.database.db
      .insertInto('transcoding_limits')
      .values({
        user_id: null,
        client: null,
        max_bit_rate: null,
        profile_id: null,
        ...values,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
  }

  it("caps a user's streams, raw included, in the default format", async () => {
    await limit({ user_id: listener.id, max_bit_rate: 64 });
    for (const query of [{}, { format: 'raw' }, { format: 'mp3', maxBitRate: 256 }]) {
      const answer = await rest('stream', { id: `tr-${tracks[0]}`, ...query });
      const probed = await probeAudio(answer.rawPayload);
      expect(probed.bitRate / 1000).toBeLessThan(64 * 1.35);
    }
    const plain = await rest('stream', { id: `tr-${tracks[0]}` });
    expect((await probeAudio(plain.rawPayload)).codec).toBe('opus');
  });

  it("gives a client its default profile, capped by the client's limit, and says so in songs", async () => {
    await limit({ client: 'TestPhone', profile_id: await profile('mp3', 128), max_bit_rate: 96 });
    const answer = await rest('stream', { id: `tr-${tracks[0]}` });
    const probed = await probeAudio(answer.rawPayload);
    expect(probed.codec).toBe('mp3');
    expect(probed.bitRate / 1000).toBeLessThan(96 * 1.2);
    const song = (await rest('getSong', { id: `tr-${tracks[0]}` })).json() as {
      'subsonic-response': { song: Record<string, unknown> };
    };
    expect(song['subsonic-response'].song).toMatchObject({
      suffix: 'flac',
      transcodedSuffix: 'mp3',
      transcodedContentType: 'audio/mpeg',
    });
    // Another client of the same user gets the original and no transcoded fields.
    const other = await rest('stream', { id: `tr-${tracks[0]}`, c: 'Desktop' });
    expect(other.rawPayload.equals(flac)).toBe(true);
    const plain = (await rest('getSong', { id: `tr-${tracks[0]}`, c: 'Desktop' })).json() as {
      'subsonic-response': { song: Record<string, unknown> };
    };
    expect(plain['subsonic-response'].song.transcodedSuffix).toBeUndefined();
  });
});

describe('the web API stream with a streaming quality', () => {
  it('encodes for ?format and ?maxBitRate through the same transcodes', async () => {
    const answer = await listener.browser.get(
      `/api/v1/tracks/${tracks[3]}/stream?format=opus&maxBitRate=64`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('audio/ogg');
    expect((await probeAudio(answer.rawPayload)).codec).toBe('opus');
    expect((await cacheFiles()).length).toBeGreaterThan(0);
  });

  it('refuses an unknown format and a bad bitrate with 422 per field', async () => {
    const bad = await listener.browser.get(`/api/v1/tracks/${tracks[3]}/stream?format=wma`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { format: [expect.any(String)] } });
    const rate = await listener.browser.get(`/api/v1/tracks/${tracks[3]}/stream?maxBitRate=-5`);
    expect(rate.statusCode).toBe(422);
    expect(rate.json()).toMatchObject({ errors: { maxBitRate: [expect.any(String)] } });
  });
});
