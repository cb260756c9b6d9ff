import { readFile } from 'node:fs/promises';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { currentUser } from '../helpers/accounts.ts';
import { openBrowser, type Browser } from '../helpers/client.ts';

/**
 * The standing "never a 500" test: every route the app registers gets the bodies and ids an
 * attacker (or a broken client) sends, signed in as the admin (so access checks do not hide a
 * crash behind a 401) and as a guest, and must answer with a 4xx, never a 500, and write
 * nothing to the error log.
 */
const registered = vi.hoisted(() => [] as RouteOptions[]);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const createRecordingInstance = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => void registered.push(route));
    return app;
  }) as typeof actual.default;
  return { ...actual, default: createRecordingInstance };
});

const BODY_LIMIT = 4096;

let testApp: TestApp;
let admin: Browser;
let guest: Browser;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BODY_LIMIT: String(BODY_LIMIT) } });
  admin = await openBrowser(testApp.app, { ip: '10.250.0.1' });
  await admin.login(testApp.admin.email, testApp.admin.password);
  guest = await openBrowser(testApp.app, { ip: '10.250.0.2' });
});
afterAll(() => testApp.close());

interface Endpoint {
  method: string;
  url: string;
}

/** Every method and path the router serves, HEAD and OPTIONS aside (they mirror GET). */
function endpoints(): Endpoint[] {
  const seen = new Set<string>();
  const list: Endpoint[] = [];
  for (const route of registered) {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      list.push({ method, url: route.url });
    }
  }
  return list;
}

/** The path with every parameter (and wildcard) replaced by `value`. */
const withParams = (url: string, value: string) =>
  url.replace(/:\w+/g, encodeURIComponent(value)).replace(/\*$/, encodeURIComponent(value));

const SENDS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Attempt {
  name: string;
  headers: Record<string, string>;
  payload: string | Buffer;
}

const MALFORMED_BODIES: Attempt[] = [
  {
    name: 'malformed JSON',
    headers: { 'content-type': 'application/json' },
    payload: '{"name": "unterminated',
  },
  {
    name: 'multipart without a boundary',
    headers: { 'content-type': 'multipart/form-data' },
    payload: 'xx',
  },
  {
    name: 'multipart with a boundary and a broken body',
    headers: { 'content-type': 'multipart/form-data; boundary=----x' },
    payload: '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx',
  },
  { name: 'a wrong content type', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
  {
    name: 'a form body',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'name=x&roles[]=admin',
  },
  {
    name: 'JSON with a prototype key',
    headers: { 'content-type': 'application/json' },
    payload: '{"__proto__": {"admin": true}}',
  },
  {
    name: 'a JSON body over the limit',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) }),
  },
  {
    name: 'a multipart body over the limit of a file upload',
    headers: { 'content-type': 'multipart/form-data; boundary=----x' },
    payload: Buffer.concat([
      Buffer.from(
        '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      Buffer.alloc(12 * 1024 * 1024, 0x61),
      Buffer.from('\r\n------x--\r\n'),
    ]),
  },
];

const BAD_IDS = ['abc', '99999999999999999999', '-1', '0x10', '1.5', '%00'];

async function failures(
  browser: Browser,
  attempts: (endpoint: Endpoint) => { label: string; url: string; attempt?: Attempt }[],
): Promise<string[]> {
  const found: string[] = [];
  for (const endpoint of endpoints()) {
    for (const { label, url, attempt } of attempts(endpoint)) {
      const response = await browser.request({
        method: endpoint.method as 'GET',
        url,
        headers: attempt?.headers,
        payload: attempt?.payload ?? (SENDS_BODY.has(endpoint.method) ? {} : undefined),
      });
      if (response.statusCode >= 500)
        found.push(`${endpoint.method} ${url} (${label}) → ${response.statusCode}`);
    }
  }
  return found;
}

async function errorLog(): Promise<string> {
  const file = await testApp.app.services.fileLogs.latest('error');
  return file ? readFile(file, 'utf8') : '';
}

describe('never a 500', () => {
  it('walks a route table that covers the app', () => {
    const urls = endpoints().map((e) => `${e.method} ${e.url}`);
    expect(urls.length).toBeGreaterThan(50);
    expect(urls).toContain('POST /api/v1/users/:id/avatar');
    expect(urls).toContain('POST /api/v1/playlists/:id/image');
    expect(urls).toContain('POST /api/v1/users/me/header-image');
  });

  it.each([
    ['the admin', () => admin],
    ['a guest', () => guest],
  ])('answers malformed bodies with a 4xx on every route, for %s', async (_who, browser) => {
    const logBefore = await errorLog();
    const found = await failures(browser(), (endpoint) =>
      SENDS_BODY.has(endpoint.method)
        ? MALFORMED_BODIES.map((attempt) => ({
            label: attempt.name,
            url: withParams(endpoint.url, '1'),
            attempt,
          }))
        : [],
    );
    expect(found).toEqual([]);
    expect((await errorLog()).slice(logBefore.length)).toBe('');
    // Nothing above may have ended the admin's session, or the admin runs proved nothing.
    expect((await currentUser(admin))?.email).toBe(testApp.admin.email);
  });

  it.each([
    ['the admin', () => admin],
    ['a guest', () => guest],
  ])('answers bad ids with a 4xx on every route, for %s', async (_who, browser) => {
    const logBefore = await errorLog();
    const found = await failures(browser(), (endpoint) =>
      /[:*]/.test(endpoint.url)
        ? BAD_IDS.map((id) => ({ label: `id ${id}`, url: withParams(endpoint.url, id) }))
        : [],
    );
    expect(found).toEqual([]);
    expect((await errorLog()).slice(logBefore.length)).toBe('');
    // Nothing above may have ended the admin's session, or the admin runs proved nothing.
    expect((await currentUser(admin))?.email).toBe(testApp.admin.email);
  });
});
