import { SEARCH_RATE_LIMIT } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser, uniqueIp } from '../helpers/client.ts';
import { uniqueEmail } from '../helpers/factories.ts';

/**
 * Issue 16: without TRUSTED_PROXIES, headers naming another client address are the client's
 * own words; changing them must never start a fresh rate-limit count.
 */
const SPOOFS: [string, (n: number) => Record<string, string>][] = [
  ['X-Forwarded-For', (n) => ({ 'x-forwarded-for': `203.0.113.${n}` })],
  ['X-Forwarded-For chain', (n) => ({ 'x-forwarded-for': `198.51.100.${n}, 203.0.113.${n}` })],
  ['X-Real-IP', (n) => ({ 'x-real-ip': `203.0.113.${n}` })],
  ['Forwarded', (n) => ({ forwarded: `for=203.0.113.${n};proto=https` })],
  ['Forwarded IPv6', (n) => ({ forwarded: `for="[2001:db8::${n}]"` })],
  [
    'Client-IP and True-Client-IP',
    (n) => ({ 'client-ip': `203.0.113.${n}`, 'true-client-ip': `203.0.113.${n}` }),
  ],
];

const LOGIN_LIMIT = 5;

describe('forwarding headers from an untrusted client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(SPOOFS)('%s never resets the login limit', async (_name, spoof) => {
    const browser = await openBrowser(t.app, { ip: uniqueIp() });
    const email = uniqueEmail();
    const attempt = (n: number) =>
      browser.post('/auth/login', { email, password: 'wrong-password' }, spoof(n));
    for (let n = 1; n <= LOGIN_LIMIT; n++) expect((await attempt(n)).statusCode).toBe(422);
    for (let n = 10; n < 15; n++) expect((await attempt(n)).statusCode).toBe(429);
  });

  it.each(SPOOFS)('%s never resets the search limit', async (_name, spoof) => {
    const browser = await openBrowser(t.app, { ip: uniqueIp() });
    const search = (n: number) => browser.get(`/api/v1/search?query=spoof${n}`, spoof(n));
    for (let n = 0; n < SEARCH_RATE_LIMIT.max; n++) await search(n);
    for (let n = 200; n < 205; n++) expect((await search(n)).statusCode).toBe(429);
  });
});

describe('forwarding headers from a trusted proxy', () => {
  const proxy = '10.250.0.1';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUSTED_PROXIES: proxy } });
  });
  afterAll(() => t.close());

  it('counts each client behind the proxy on its own (the headers are read at all)', async () => {
    const browser = await openBrowser(t.app, { ip: proxy });
    const email = uniqueEmail();
    const attempt = (client: string) =>
      browser.post(
        '/auth/login',
        { email, password: 'wrong-password' },
        { 'x-forwarded-for': client },
      );
    for (let n = 0; n < LOGIN_LIMIT; n++)
      expect((await attempt('203.0.113.7')).statusCode).toBe(422);
    expect((await attempt('203.0.113.7')).statusCode).toBe(429);
    expect((await attempt('203.0.113.8')).statusCode).toBe(422);
  });
});
