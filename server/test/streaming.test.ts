import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser } from './helpers/client.ts';
import { createTrack } from './helpers/catalog.ts';
import { createUser } from './helpers/factories.ts';
import {
  DEMO_INTRO_BYTES,
  demoAudioKey,
  demoAudioSize,
  demoIntroKey,
  generateDemoAudio,
} from '../src/modules/demo-audio/generator.ts';

let t: TestApp;
const audio = randomBytes(10_000);
let track: { id: number };
let privateTrack: { id: number };
let owner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  track = await createTrack(t.app, { audio });
  owner = await createUser(t.app);
  privateTrack = await createTrack(t.app, { ownerId: owner.id, isPublic: false, audio });
});
afterAll(() => t.close());

const stream = async (id: number, headers: Record<string, string> = {}) =>
  (await openBrowser(t.app)).get(`/api/v1/tracks/${id}/stream`, headers);

describe('GET tracks/{id}/stream', () => {
  it('sends the whole file with type, length, validators and private caching', async () => {
    const response = await stream(track.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(audio)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'content-length': '10000',
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
      etag: expect.stringMatching(/^"[0-9a-f]+-[0-9a-f]+"$/),
      'last-modified': expect.any(String),
    });
  });

  it.each([
    ['bytes=0-', 0, 9999],
    ['bytes=100-199', 100, 199],
    ['bytes=9990-20000', 9990, 9999],
    ['bytes=-10', 9990, 9999],
    ['bytes=9999-9999', 9999, 9999],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await stream(track.id, { range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(audio.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=10000-', 'bytes=50-10', 'bytes=-0', 'bytes=0-1,5-9', 'lines=0-5', 'bytes=x-'])(
    'refuses %s with 416 and the size',
    async (range) => {
      const response = await stream(track.id, { range });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */10000');
      expect(response.json()).toEqual({ message: expect.any(String) });
    },
  );

  it('answers 304 to a matching If-None-Match and ignores a stale If-Range', async () => {
    const { etag } = (await stream(track.id)).headers as { etag: string };
    expect((await stream(track.id, { 'if-none-match': etag })).statusCode).toBe(304);
    const stale = await stream(track.id, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    const fresh = await stream(track.id, { range: 'bytes=0-9', 'if-range': etag });
    expect(fresh.statusCode).toBe(206);
  });

  it('answers HEAD with the headers only', async () => {
    const browser = await openBrowser(t.app);
    const response = await browser.request({
      method: 'HEAD',
      url: `/api/v1/tracks/${track.id}/stream`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('10000');
    expect(response.rawPayload.length).toBe(0);
  });

  it('streams a private track to its owner only', async () => {
    expect((await stream(privateTrack.id)).statusCode).toBe(404);
    const stranger = await createUser(t.app);
    const other = await openBrowser(t.app);
    await other.login(stranger.email, stranger.password);
    expect((await other.get(`/api/v1/tracks/${privateTrack.id}/stream`)).statusCode).toBe(404);
    const mine = await openBrowser(t.app);
    await mine.login(owner.email, owner.password);
    const response = await mine.get(`/api/v1/tracks/${privateTrack.id}/stream`, {
      range: 'bytes=0-3',
    });
    expect(response.statusCode).toBe(206);
  });

  it('answers 404 when the file is missing or the track unknown, 422 for a bad id', async () => {
    const missing = await createTrack(t.app, { audio: null });
    expect((await stream(missing.id)).statusCode).toBe(404);
    expect((await stream(999_999)).statusCode).toBe(404);
    expect((await (await openBrowser(t.app)).get('/api/v1/tracks/abc/stream')).statusCode).toBe(
      422,
    );
  });

  it('synthesises a demo track on its first play, keeps it, and records its waveform', async () => {
    const key = demoAudioKey(42, 3, 'house');
    const demo = await createTrack(t.app, { audioPath: key });
    const first = await stream(demo.id, { range: 'bytes=0-1' });
    expect(first.statusCode).toBe(206);
    // An MP3 frame starts with 11 set bits (or an ID3 tag).
    expect(first.rawPayload[0]).toBe(0xff);
    const size = Number(first.headers['content-range']!.toString().split('/')[1]);
    expect(size).toBe(demoAudioSize(42, 3, 'house'));
    expect(size).toBeGreaterThan(20_000);
    expect(size).toBeLessThan(30_000);
    await expect.poll(() => t.app.services.storage.stat(key), { timeout: 15_000 }).not.toBeNull();
    await expect
      .poll(async () => (await t.app.services.catalog.track(demo.id, { userId: null }))?.waveform, {
        timeout: 15_000,
      })
      .toHaveLength(120);
  });

  it('streams a demo track while it is encoded: every range, the same bytes, one render', async () => {
    const key = demoAudioKey(43, 4, 'techno');
    const demo = await createTrack(t.app, { audioPath: key });
    const writes = vi.spyOn(t.app.services.storage, 'write');
    try {
      // All asked for at once, before any byte exists: one render serves them all.
      const [whole, head, tail, suffix] = await Promise.all([
        stream(demo.id),
        stream(demo.id, { range: 'bytes=0-' }),
        stream(demo.id, { range: 'bytes=20000-20099' }),
        stream(demo.id, { range: 'bytes=-100' }),
      ]);
      const size = demoAudioSize(43, 4, 'techno');
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-length']).toBe(String(size));
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(head.statusCode).toBe(206);
      expect(head.headers['content-range']).toBe(`bytes 0-${size - 1}/${size}`);
      expect(tail.headers['content-range']).toBe(`bytes 20000-20099/${size}`);

      await expect.poll(() => t.app.services.storage.stat(key), { timeout: 15_000 }).not.toBeNull();
      expect(writes.mock.calls.filter(([written]) => written === key)).toHaveLength(1);
      const stored = await stream(demo.id);
      expect(stored.rawPayload.length).toBe(size);
      expect(whole.rawPayload.equals(stored.rawPayload)).toBe(true);
      expect(head.rawPayload.equals(stored.rawPayload)).toBe(true);
      expect(tail.rawPayload.equals(stored.rawPayload.subarray(20000, 20100))).toBe(true);
      expect(suffix.rawPayload.equals(stored.rawPayload.subarray(size - 100))).toBe(true);
      const beyond = await stream(demo.id, { range: `bytes=${size}-` });
      expect(beyond.statusCode).toBe(416);
    } finally {
      writes.mockRestore();
    }
  });

  it('starts a first play from the intro rendered ahead, and the rest follows seamlessly', async () => {
    const key = demoAudioKey(45, 12, 'house');
    const demo = await createTrack(t.app, { audioPath: key });
    await t.app.services.streaming.warmUpIntros([demo.id]);
    const intro = await t.app.services.storage.stat(demoIntroKey(key));
    expect(intro?.size).toBeGreaterThanOrEqual(DEMO_INTRO_BYTES);
    // Only the intro exists: the audio itself is rendered on the first play.
    expect(await t.app.services.storage.stat(key)).toBeNull();

    const played = await stream(demo.id);
    expect(played.statusCode).toBe(200);
    const size = demoAudioSize(45, 12, 'house');
    expect(played.rawPayload.length).toBe(size);
    // The same bytes as a render from scratch: the intro and the render's rest join exactly.
    const { mp3 } = await generateDemoAudio(45, 12, 'house');
    expect(played.rawPayload.equals(mp3)).toBe(true);
    await expect.poll(() => t.app.services.storage.stat(key), { timeout: 15_000 }).not.toBeNull();
    expect((await stream(demo.id)).rawPayload.equals(mp3)).toBe(true);
  });
});

describe('public storage files', () => {
  it('serves artwork by key with long caching and refuses anything else', async () => {
    await t.app.services.storage.write('public/artwork/x.svg', '<svg/>');
    const browser = await openBrowser(t.app);
    const ok = await browser.get('/storage/public/artwork/x.svg');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/svg+xml');
    expect(ok.headers['cache-control']).toBe('public, max-age=604800');
    for (const path of ['artwork/x.exe', 'artwork/missing.svg']) {
      expect((await browser.get(`/storage/public/${path}`)).statusCode).toBe(404);
    }
    // Dot segments never reach the storage: the router resolves them to another page.
    const escape = await browser.get('/storage/public/artwork/%2e%2e/%2e%2e/database.sqlite');
    expect(escape.body).not.toContain('SQLite format');
    expect(escape.headers['content-type']).not.toContain('image');
  });
});

describe('guests without music.play', () => {
  it('must log in to stream', async () => {
    const { db } = t.app.services.database;
    const guests = await t.app.services.roles.findRoleByName('guests');
    const permission = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'music.play')
      .executeTakeFirstOrThrow();
    const grant = () =>
      db
        .deleteFrom('permission_grants')
        .where('grantee_id', '=', guests!.id)
        .where('grantee_type', '=', 'role')
        .where('permission_id', '=', permission.id);
    await grant().execute();
    t.app.services.guestRole.clear();
    try {
      expect((await stream(track.id)).statusCode).toBe(401);
    } finally {
      await db
        .insertInto('permission_grants')
        .values({
          permission_id: permission.id,
          grantee_type: 'role',
          grantee_id: guests!.id,
          restrictions: '[]',
        })
        .execute();
      t.app.services.guestRole.clear();
    }
  });
});
