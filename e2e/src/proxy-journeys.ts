/**
 * The core journeys of issue 39.1 through a proxy with TLS in front of two built Backbeat
 * instances sharing PostgreSQL, Redis and S3 (proxy-site.ts): the redirect to https, HSTS,
 * Secure cookies, links on APP_URL, the client's address in logs and sign-in limits, a tus
 * upload both instances take, a Subsonic app with a range, and in Chromium sign-in, playback
 * with ranges and a notification over the realtime WebSocket. Each proxy's test file calls
 * describeProxiedSite once: one site per file, started in beforeAll.
 */
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import type { Browser } from 'playwright-core';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoAudio } from '../../server/src/modules/demo-audio/generator.ts';
import { launchBrowser, newPage, realtimeReady } from './browser.ts';
import { acceptCookies } from './catalog.ts';
import { HttpsClient } from './https-client.ts';
import { playFirstPopularTrack } from './player-journey.ts';
import { SITE_ADMIN, startProxiedSite, type ProxiedSite, type ProxyKind } from './proxy-site.ts';

export function describeProxiedSite(proxy: ProxyKind) {
  let site: ProxiedSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startProxiedSite({ proxy });
    // Chromium trusts the site's own certificate (service workers refuse any certificate error).
    const spki = new X509Certificate(site.certificate).publicKey.export({
      type: 'spki',
      format: 'der',
    });
    browser = await launchBrowser([
      `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`,
    ]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  /** The JSON request lines an instance logged for a path. */
  const requestLines = (output: string, path: string) =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) => JSON.parse(line) as { msg?: string; url?: string; ip?: string; status?: number },
      )
      .filter((line) => line.msg === 'request' && line.url?.startsWith(path));

  async function signedInAdmin(localAddress = '127.0.0.1') {
    const client = new HttpsClient(site.url, site.certificate, localAddress);
    const login = await client.signIn(SITE_ADMIN);
    expect(login.status).toBe(200);
    return Object.assign(client, {
      id: login.json<{ bootstrapData: { user: { id: number } } }>().bootstrapData.user.id,
    });
  }

  describe(`TLS at ${proxy}`, () => {
    it('redirects plain HTTP to https', async () => {
      const answer = await fetch(`${site.plainUrl}/album/1`, { redirect: 'manual' });
      expect(answer.status).toBe(site.redirectStatus);
      expect(answer.headers.get('location')).toBe('https://localhost/album/1');
    });

    it('answers with HSTS and sets Secure, HttpOnly session cookies (APP_URL is https)', async () => {
      const client = new HttpsClient(site.url, site.certificate);
      const page = await client.send('GET', '/');
      expect(page.status).toBe(200);
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // Links the page builds use APP_URL, not the Host the proxy passes on.
      expect(page.body.toString('utf8')).toContain(`"base_url":"${site.url}"`);
      const login = await client.send('POST', '/auth/login', { json: SITE_ADMIN });
      expect(login.status).toBe(200);
      const session = client.setCookieLines.find((line) => line.startsWith('backbeat_session='));
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; HttpOnly/i);
      const xsrf = client.setCookieLines.find((line) => line.startsWith('XSRF-TOKEN='));
      expect(xsrf).toMatch(/; Secure/i);
    });
  });

  describe(`the client's address (X-Forwarded-For from ${proxy}, believed from TRUSTED_PROXIES)`, () => {
    it('limits sign-in attempts per client address across both instances, and a forged header changes nothing', async () => {
      const email = `limited-${randomBytes(3).toString('hex')}@proxied.test`;
      const attempt = (client: HttpsClient, forged?: string) =>
        client.send('POST', '/auth/login', {
          json: { email, password: 'not the password' },
          headers: forged ? { 'x-forwarded-for': forged } : {},
        });
      const first = new HttpsClient(site.url, site.certificate, '127.0.0.2');
      await first.send('GET', '/');
      const statuses: number[] = [];
      // Five a minute per email and address (README); the proxy alternates the two instances, so
      // the count is Redis's. Each forged address would start a count of its own if believed.
      for (let i = 0; i < 6; i++) statuses.push((await attempt(first, `198.51.100.${i}`)).status);
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);

      const second = new HttpsClient(site.url, site.certificate, '127.0.0.3');
      await second.send('GET', '/');
      expect((await attempt(second)).status).toBe(422);

      // Both instances answered some of them, and each line names the client the proxy saw (pino
      // writes its lines a moment after the answer).
      const fromFirst = () =>
        site.instances.map(
          (instance) =>
            requestLines(instance.output(), '/auth/login').filter((line) => line.ip === '127.0.0.2')
              .length,
        );
      const ips = () =>
        site.instances.flatMap((instance) =>
          requestLines(instance.output(), '/auth/login').map((line) => line.ip),
        );
      await expect.poll(() => fromFirst().reduce((a, b) => a + b), { timeout: 10_000 }).toBe(6);
      await expect
        .poll(() => ips().filter((ip) => ip === '127.0.0.3').length, { timeout: 10_000 })
        .toBe(1);
      expect(fromFirst().every((count) => count > 0)).toBe(true);
      expect(ips().some((ip) => ip?.startsWith('198.51.100.'))).toBe(false);
    });
  });

  describe('uploads and music apps through the proxy', () => {
    it('takes a tus upload in chunks (spread over both instances) into the bucket', async () => {
      const client = await signedInAdmin();
      const { mp3 } = await generateDemoAudio(11, 4, 'house');
      const uploadUrl = await new Promise<string>((resolve, reject) => {
        const upload = new tus.Upload(mp3, {
          endpoint: `${site.url}/api/v1/tus/upload`,
          httpStack: new tus.DefaultHttpStack({ ca: site.certificate }),
          headers: {
            cookie: client.cookieHeader(),
            'X-XSRF-TOKEN': client.cookies.get('XSRF-TOKEN')!,
          },
          overridePatchMethod: true,
          retryDelays: null,
          chunkSize: 8 * 1024,
          storeFingerprintForResuming: false,
          metadata: { name: 'proxied.mp3', clientName: 'proxied.mp3', clientExtension: 'mp3' },
          onSuccess: () => resolve(upload.url ?? ''),
          onError: reject,
        });
        upload.start();
      });
      const uploadKey = uploadUrl.split('/').pop();
      const entry = await client.send('POST', '/api/v1/tus/entries', { json: { uploadKey } });
      expect(entry.status).toBe(201);
      const { fileEntry } = entry.json<{ fileEntry: { url: string } }>();
      const download = await client.send('GET', `/${fileEntry.url}`);
      expect(download.status).toBe(200);
      expect(sha256(download.body)).toBe(sha256(mp3));
      const patches = site.instances.map(
        (instance) => requestLines(instance.output(), '/api/v1/tus/upload/').length,
      );
      expect(patches.every((count) => count > 0)).toBe(true);
    }, 90_000);

    it('answers a Subsonic app signed in with an app password, and streams a range', async () => {
      const client = await signedInAdmin();
      const made = await client.send('POST', '/api/v1/account/app-passwords', {
        json: { name: 'Proxy test' },
      });
      expect(made.status).toBe(201);
      const { password } = made.json<{ password: string }>();
      const rest = (method: string, query: Record<string, string>) => {
        const params = new URLSearchParams({
          u: SITE_ADMIN.email,
          p: password,
          v: '1.16.1',
          c: 'proxy-test',
          f: 'json',
          ...query,
        });
        return `/rest/${method}.view?${params}`;
      };
      const app = new HttpsClient(site.url, site.certificate);
      const list = await app.send('GET', rest('getAlbumList2', { type: 'newest', size: '1' }));
      type Reply<T> = { 'subsonic-response': { status: string } & T };
      const albums = list.json<Reply<{ albumList2: { album: { id: string }[] } }>>();
      expect(albums['subsonic-response'].status).toBe('ok');
      const albumId = albums['subsonic-response'].albumList2.album[0]!.id;
      const album = (await app.send('GET', rest('getAlbum', { id: albumId }))).json<
        Reply<{ album: { song: { id: string }[] } }>
      >();
      const songId = album['subsonic-response'].album.song[0]!.id;
      const range = await app.send('GET', rest('stream', { id: songId }), {
        headers: { range: 'bytes=100-1099' },
      });
      expect(range.status).toBe(206);
      expect(range.headers['content-range']).toMatch(/^bytes 100-1099\/\d+$/);
      expect(range.body.length).toBe(1000);
    }, 60_000);
  });

  describe(`in Chromium, through ${proxy}`, () => {
    it('signs in with the form, plays a track with ranges, and gets a notification live', async () => {
      const { page, context, errors } = await newPage(browser);
      // Two servers, the proxy and Chromium share the machine: allow a slow moment.
      context.setDefaultTimeout(30_000);
      await acceptCookies(context, site.url);
      await page.goto(`${site.url}/login`);
      await page.getByLabel('Email').fill(SITE_ADMIN.email);
      await page.getByLabel('Password').fill(SITE_ADMIN.password);
      const ready = realtimeReady(page);
      // Awaited below; a failure before then must not also surface as an unhandled rejection.
      ready.catch(() => {});
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      const cookies = await context.cookies(site.url);
      const session = cookies.find((cookie) => cookie.name === 'backbeat_session');
      expect(session?.secure).toBe(true);
      expect(session?.httpOnly).toBe(true);

      const streams = await playFirstPopularTrack(page, site.url);
      expect(streams).toContain(206);

      // A listener follows the admin through the proxy; the notification reaches the admin's
      // open socket whichever instance holds it (realtime events go through Redis).
      await ready;
      const listener = new HttpsClient(site.url, site.certificate);
      await listener.send('GET', '/');
      const email = `listener-${randomBytes(3).toString('hex')}@proxied.test`;
      const registered = await listener.send('POST', '/auth/register', {
        json: {
          email,
          password: 'listener password 1',
          password_confirmation: 'listener password 1',
        },
      });
      expect(registered.status).toBe(200);
      const adminId = (await signedInAdmin()).id;
      const followed = await listener.send('PUT', `/api/v1/library/follows/users/${adminId}`);
      expect(followed.status).toBe(200);
      await page
        .getByRole('button', { name: 'Notifications: 1 unread' })
        .waitFor({ timeout: 30_000 });
      expect(errors).toEqual([]);
      await context.close();
    }, 150_000);
  });

  // Last: it leaves the site with one instance.
  describe(`one instance stopped (a restart or an upgrade), through ${proxy}`, () => {
    it('answers every request from the instance still running', async () => {
      await site.instances[0]!.stop();
      const client = new HttpsClient(site.url, site.certificate);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await client.send('GET', '/')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    });
  });
}
