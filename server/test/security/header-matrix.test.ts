import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser } from '../helpers/client.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { createTrack } from '../helpers/catalog.ts';
import { signedInUploader } from '../helpers/uploads.ts';
import type { Browser, BrowserResponse } from '../helpers/client.ts';
import { demoAudioKey } from '../../src/modules/demo-audio/generator.ts';
import { avatarDirectory } from '../../src/modules/users/avatars.ts';

/**
 * Issue 16: every kind of answer carries nosniff, a referrer policy and a framing rule, HSTS
 * behind https, and embeds are the only pages other sites may frame.
 */
let t: TestApp;
let webDist: string;
let trackId: number;
let playedDemoId: number;
let subsonicAuth: string;
let uploader: Browser;
const audio = randomBytes(4096);

/**
 * A demo track never played before: its first play is sent while it is synthesised (written
 * to the raw socket by another path than a stored file's). A new one for every call.
 */
let demoSeed = 1000;
async function unplayedDemoTrack(): Promise<number> {
  demoSeed += 1;
  return (await createTrack(t.app, { audioPath: demoAudioKey(demoSeed, 2, 'techno') })).id;
}

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'backbeat-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><!--app-head--></head><body></body></html>',
  );
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(webDist, 'sw.js'), 'self.addEventListener("push", () => {})');
  t = await createTestApp({
    env: { APP_URL: 'https://music.example.test', WEB_DIST_PATH: webDist },
  });
  trackId = (await createTrack(t.app, { audio })).id;
  await t.app.services.storage.write(
    'public/artwork/evil.svg',
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  await writeFile(join(avatarDirectory(t.config.storagePath), 'face.png'), randomBytes(64));
  // A Subsonic app's sign-in: an app password as salted token.
  const listener = await signedInUser(t.app, { name: 'Header Harper' });
  const created = await listener.browser.post('/api/v1/account/app-passwords', { name: 'App' });
  const { password } = created.json() as { password: string };
  subsonicAuth = new URLSearchParams({
    u: listener.email,
    t: createHash('md5').update(`${password}s4lt`).digest('hex'),
    s: 's4lt',
    v: '1.16.1',
    c: 'test',
  }).toString();
  uploader = (await signedInUploader(t.app)).browser;
  // A demo track already played once: its later plays come from the stored file.
  playedDemoId = (await createTrack(t.app, { audioPath: demoAudioKey(900, 2, 'house') })).id;
  expect((await get(`/api/v1/tracks/${playedDemoId}/stream`)).statusCode).toBe(200);
  await vi.waitFor(
    async () =>
      expect(await t.app.services.storage.stat(demoAudioKey(900, 2, 'house'))).not.toBeNull(),
    { timeout: 15_000 },
  );
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = async (url: string, headers: Record<string, string> = {}) =>
  (await openBrowser(t.app)).get(url, headers);

const tusCreate = () =>
  uploader.request({
    method: 'POST',
    url: '/api/v1/tus/upload',
    payload: '',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': '1000',
      'upload-metadata': `name ${Buffer.from('song.mp3').toString('base64')}`,
    },
  });

/** The name of one CSP directive and its value, or undefined. */
function directive(response: BrowserResponse, name: string): string | undefined {
  const policy = String(response.headers['content-security-policy'] ?? '');
  return policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));
}

const HSTS = expect.stringMatching(/^max-age=\d{7,}/);

describe('security headers on every kind of answer', () => {
  const cases: [string, () => Promise<BrowserResponse>, number][] = [
    ['HTML page', () => get('/', { accept: 'text/html' }), 200],
    ['JSON', () => get('/api/v1/genres'), 200],
    ['404 JSON', () => get('/api/v1/no-such-thing'), 404],
    ['stream 200', () => get(`/api/v1/tracks/${trackId}/stream`), 200],
    ['stream 206', () => get(`/api/v1/tracks/${trackId}/stream`, { range: 'bytes=0-99' }), 206],
    [
      'stream 304',
      async () => {
        const first = await get(`/api/v1/tracks/${trackId}/stream`);
        return get(`/api/v1/tracks/${trackId}/stream`, {
          'if-none-match': String(first.headers.etag),
        });
      },
      304,
    ],
    [
      'demo track, first play',
      async () => get(`/api/v1/tracks/${await unplayedDemoTrack()}/stream`),
      200,
    ],
    [
      'demo track, first play 206',
      async () =>
        get(`/api/v1/tracks/${await unplayedDemoTrack()}/stream`, { range: 'bytes=100-199' }),
      206,
    ],
    ['demo track, later play', () => get(`/api/v1/tracks/${playedDemoId}/stream`), 200],
    [
      'demo track, later play 206',
      () => get(`/api/v1/tracks/${playedDemoId}/stream`, { range: 'bytes=0-99' }),
      206,
    ],
    [
      'Subsonic stream, demo first play',
      async () => get(`/rest/stream?id=${await unplayedDemoTrack()}&${subsonicAuth}`),
      200,
    ],
    [
      'Subsonic download, demo first play',
      async () => get(`/rest/download.view?id=${await unplayedDemoTrack()}&${subsonicAuth}`),
      200,
    ],
    ['Subsonic stream', () => get(`/rest/stream?id=${trackId}&${subsonicAuth}`), 200],
    ['Subsonic JSON', () => get(`/rest/ping?f=json&${subsonicAuth}`), 200],
    // tus answers are written by @tus/server to the raw response.
    ['tus creation', () => tusCreate(), 201],
    [
      'tus offset',
      async () => {
        const location = String((await tusCreate()).headers.location);
        return uploader.request({
          method: 'HEAD',
          url: new URL(location, 'http://x').pathname,
          headers: { 'tus-resumable': '1.0.0' },
        });
      },
      200,
    ],
    ['stored SVG', () => get('/storage/public/artwork/evil.svg'), 200],
    ['avatar', () => get('/storage/avatars/face.png'), 200],
    ['built asset', () => get('/assets/index-abc123.js'), 200],
  ];

  it.each(cases)(
    '%s: nosniff, referrer policy, no framing by others, HSTS',
    async (_n, load, status) => {
      const response = await load();
      expect(response.statusCode).toBe(status);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(directive(response, 'frame-ancestors')).toMatch(/^frame-ancestors '(none|self)'$/);
      expect(response.headers['strict-transport-security']).toEqual(HSTS);
    },
  );

  it.each(cases.slice(1))('%s: a CSP that loads and runs nothing', async (_n, load) => {
    const response = await load();
    expect(directive(response, 'default-src')).toBe("default-src 'none'");
    expect(directive(response, 'script-src')).toBeUndefined();
  });

  it('a stored SVG opened on its own is sandboxed', async () => {
    const response = await get('/storage/public/artwork/evil.svg');
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(directive(response, 'sandbox')).toBe('sandbox');
  });

  it('the HTML page allows only its own nonce script and framing by itself', async () => {
    const response = await get('/', { accept: 'text/html' });
    expect(directive(response, 'script-src')).toMatch(/^script-src 'self' 'nonce-[^']+'/);
    expect(directive(response, 'frame-ancestors')).toBe("frame-ancestors 'self'");
  });

  it('an embed page may be framed by any site and sends no X-Frame-Options', async () => {
    const response = await get(`/track/${trackId}/some-track/embed`, { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    expect(directive(response, 'frame-ancestors')).toBe('frame-ancestors http: https:');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the service worker script', () => {
  it('runs under a policy that lets it load this site and https images, framed by nobody', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(directive(response, 'default-src')).toBe("default-src 'self'");
    expect(directive(response, 'img-src')).toBe("img-src 'self' data: https:");
    expect(directive(response, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('without https', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ env: { APP_URL: 'http://music.example.test' } });
  });
  afterAll(() => plain.close());

  it('sends no Strict-Transport-Security (it would lock out a plain-http site)', async () => {
    const response = await (await openBrowser(plain.app)).get('/api/v1/genres');
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('a demo track’s first play: the base headers, still no Strict-Transport-Security', async () => {
    const demo = await createTrack(plain.app, { audioPath: demoAudioKey(7001, 2, 'house') });
    const response = await (await openBrowser(plain.app)).get(`/api/v1/tracks/${demo.id}/stream`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
