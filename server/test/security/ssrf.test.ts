import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROFILE_IMAGE_MAX_BYTES } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as IpModule from '../../src/lib/ip.ts';
import type * as SafeFetchModule from '../../src/lib/safe-fetch.ts';
import { currentUser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { solidPng } from '../helpers/images.ts';

/**
 * The standing SSRF table: fetching an avatar by URL never reaches this host, whatever form
 * the address takes, whichever hop of a redirect points inside, and a slow or endless body
 * is cut off. A canary server listens on every loopback form; it must receive no request.
 */

// The "outside world" is a server on 127.0.0.2, which only this file treats as public, so a
// redirect from a public address can be tested. Production code has no such switch.
vi.mock('../../src/lib/ip.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof IpModule>();
  return {
    ...actual,
    isPublicIp: (address: string) => address === '127.0.0.2' || actual.isPublicIp(address),
  };
});
// The route allows 8 s; the slow-body cases here need not wait that long.
const TIMEOUT_MS = 600;
vi.mock('../../src/lib/safe-fetch.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof SafeFetchModule>();
  return {
    ...actual,
    fetchPublicUrl: (url: string, limits: Parameters<typeof actual.fetchPublicUrl>[1]) =>
      actual.fetchPublicUrl(url, { ...limits, timeoutMs: TIMEOUT_MS }),
  };
});

let t: TestApp;
let canary: Server;
let canaryPort: number;
let canaryHits = 0;
let outside: Server;
let outsideUrl: string;

beforeAll(async () => {
  // In process, not the built server (issue 37.3): the vi.mock above widens what counts as
  // public and shortens the fetch timeout in this process only.
  t = await createTestApp();
  // Dual-stack on every interface: 127.0.0.1, ::1, ::ffff:127.0.0.1 and 0.0.0.0 all reach it.
  canary = createServer((_request, response) => {
    canaryHits += 1;
    response.setHeader('content-type', 'image/png');
    response.end(solidPng(4));
  });
  await new Promise<void>((resolve) => canary.listen(0, '::', resolve));
  canaryPort = (canary.address() as AddressInfo).port;

  outside = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://outside');
    switch (url.pathname) {
      case '/image.png':
        response.setHeader('content-type', 'image/png');
        return void response.end(solidPng(4));
      case '/redirect':
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        return void response.end();
      case '/slow-headers':
        return; // never answers
      case '/slow-body': {
        // Headers at once, then a byte now and then: a body that never finishes.
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(solidPng(4).subarray(0, 16));
        const drip = setInterval(() => response.write(Buffer.from([0])), 100);
        response.on('close', () => clearInterval(drip));
        return;
      }
      case '/endless': {
        // No length declared; far more than the cap, as fast as the socket takes it.
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        let sent = 0;
        const pump = () => {
          while (sent < 8 * PROFILE_IMAGE_MAX_BYTES && !response.destroyed) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        return pump();
      }
      case '/declared-huge':
        response.writeHead(200, {
          'content-type': 'image/png',
          'content-length': String(PROFILE_IMAGE_MAX_BYTES + 1),
        });
        return void response.write(solidPng(4));
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => outside.listen(0, '127.0.0.2', resolve));
  outsideUrl = `http://127.0.0.2:${(outside.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  outside.closeAllConnections();
  await new Promise((resolve) => outside.close(resolve));
  await new Promise((resolve) => canary.close(resolve));
});

/** Asks for an avatar by URL as a signed-in user; answers the response and the stored image. */
async function avatarFrom(url: string) {
  const { browser, id } = await signedInUser(t.app);
  const response = await browser.post(`/api/v1/users/${id}/avatar`, { url });
  return {
    status: response.statusCode,
    body: response.json() as { message: string; errors?: { url?: string[] } },
    image: (await currentUser(browser))?.image ?? null,
  };
}

describe('avatar by URL: the address-form table', () => {
  // Refused by the address check itself, before any connection: "… may not be fetched".
  const loopbackForms: [string, () => string][] = [
    ['0 (this host)', () => `http://0:${canaryPort}/a.png`],
    ['127.1', () => `http://127.1:${canaryPort}/a.png`],
    ['octal 017700000001', () => `http://017700000001:${canaryPort}/a.png`],
    ['hex 0x7f000001', () => `http://0x7f000001:${canaryPort}/a.png`],
    ['decimal 2130706433', () => `http://2130706433:${canaryPort}/a.png`],
    ['localhost (through DNS)', () => `http://localhost:${canaryPort}/a.png`],
    ['[::1]', () => `http://[::1]:${canaryPort}/a.png`],
    ['IPv4-mapped [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${canaryPort}/a.png`],
    ['IPv4-compatible [::7f00:1]', () => `http://[::7f00:1]:${canaryPort}/a.png`],
    ['6to4 [2002:7f00:1::]', () => `http://[2002:7f00:1::]:${canaryPort}/a.png`],
    ['6to4 of the metadata address', () => `http://[2002:a9fe:a9fe::]:${canaryPort}/a.png`],
    ['NAT64 [64:ff9b::7f00:1]', () => `http://[64:ff9b::7f00:1]:${canaryPort}/a.png`],
    ['local NAT64 64:ff9b:1::/48', () => `http://[64:ff9b:1::7f00:1]:${canaryPort}/a.png`],
    ['Teredo [2001::1]', () => `http://[2001::1]:${canaryPort}/a.png`],
    ['link-local [fe80::]', () => `http://[fe80::]:${canaryPort}/a.png`],
    ['site-local [fec0::1]', () => `http://[fec0::1]:${canaryPort}/a.png`],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data'],
  ];

  it.each(loopbackForms)('refuses %s with 422 on url, without connecting', async (_form, url) => {
    const hitsBefore = canaryHits;
    const { status, body, image } = await avatarFrom(url());
    expect(status).toBe(422);
    expect(Object.keys(body.errors ?? {})).toEqual(['url']);
    expect(body.errors?.url?.[0]).toMatch(/may not be fetched\.$/);
    expect(image).toBeNull();
    expect(canaryHits).toBe(hitsBefore);
  });

  it.each([
    ['file://', 'file:///etc/passwd'],
    ['gopher://', 'gopher://127.0.0.1:70/_GET%20/'],
    ['ftp://', 'ftp://127.0.0.1/a.png'],
  ])('refuses a %s address', async (_scheme, url) => {
    const { status, body, image } = await avatarFrom(url);
    expect(status).toBe(422);
    expect(body.errors).toEqual({ url: ['Enter an http or https address.'] });
    expect(image).toBeNull();
  });

  it('fetches from a public address (the control for the cases above and below)', async () => {
    const { status, image } = await avatarFrom(`${outsideUrl}/image.png`);
    expect(status).toBe(200);
    expect(image).toMatch(/^\/storage\/avatars\//);
  });
});

describe('avatar by URL sent as multipart (spec 1 §8: "multipart: file or url")', () => {
  async function avatarFromForm(url: string) {
    const { browser, id } = await signedInUser(t.app);
    const form = new FormData();
    form.append('url', url);
    const response = await browser.upload(`/api/v1/users/${id}/avatar`, form);
    return {
      status: response.statusCode,
      body: response.json() as { errors?: Record<string, string[]> },
      image: (await currentUser(browser))?.image ?? null,
    };
  }

  it('fetches the url field from a public address', async () => {
    const { status, image } = await avatarFromForm(`${outsideUrl}/image.png`);
    expect(status).toBe(200);
    expect(image).toMatch(/^\/storage\/avatars\//);
  });

  it('refuses a loopback url field without connecting, and text that is no address', async () => {
    const hitsBefore = canaryHits;
    const loopback = await avatarFromForm(`http://127.0.0.1:${canaryPort}/avatar.png`);
    expect(loopback.status).toBe(422);
    expect(Object.keys(loopback.body.errors ?? {})).toEqual(['url']);
    expect(canaryHits).toBe(hitsBefore);
    expect(loopback.image).toBeNull();

    const words = await avatarFromForm('my face');
    expect(words.status).toBe(422);
    expect(Object.keys(words.body.errors ?? {})).toEqual(['url']);
  });
});

describe('avatar by URL: redirects', () => {
  it('follows a redirect to another public address', async () => {
    const to = encodeURIComponent(`${outsideUrl}/image.png`);
    expect((await avatarFrom(`${outsideUrl}/redirect?to=${to}`)).status).toBe(200);
  });

  it.each([
    'http://127.0.0.1:CANARY/a.png',
    'http://localhost:CANARY/a.png',
    'http://[::1]:CANARY/a.png',
    'http://[::ffff:7f00:1]:CANARY/a.png',
    'http://[2002:7f00:1::]:CANARY/a.png',
    'http://0x7f000001:CANARY/a.png',
    'file:///etc/passwd',
  ])('refuses a hop from a public address to %s; the canary receives nothing', async (target) => {
    const to = target.replace('CANARY', String(canaryPort));
    const hitsBefore = canaryHits;
    const { status, body, image } = await avatarFrom(
      `${outsideUrl}/redirect?to=${encodeURIComponent(to)}`,
    );
    expect(status).toBe(422);
    expect(body.errors?.url?.[0]).toMatch(/may not be fetched\.$|Only http and https/);
    expect(image).toBeNull();
    expect(canaryHits).toBe(hitsBefore);
  });
});

describe('avatar by URL: time and size', () => {
  it.each(['/slow-headers', '/slow-body'])('gives up on %s at the time-out', async (path) => {
    const started = Date.now();
    const { status, body, image } = await avatarFrom(`${outsideUrl}${path}`);
    expect(status).toBe(422);
    expect(body.errors?.url).toEqual(['The address took too long to answer.']);
    expect(image).toBeNull();
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5000);
  });

  it.each(['/endless', '/declared-huge'])('stops reading %s past the size cap', async (path) => {
    const { status, body, image } = await avatarFrom(`${outsideUrl}${path}`);
    expect(status).toBe(422);
    expect(body.errors?.url).toEqual(['The file is too large.']);
    expect(image).toBeNull();
  });
});
