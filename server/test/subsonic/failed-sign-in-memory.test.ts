import { SUBSONIC_SIGN_IN_THROTTLE } from '@backbeat/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Common from '@backbeat/common';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { uniqueIp } from '../helpers/client.ts';
import { failureOf, subsonicClientFrom } from '../helpers/subsonic-client.ts';

/**
 * Issue 35, item 4: failed /rest sign-ins need no account, so what they leave behind must be
 * bounded. Distinct names used to be kept one entry each (10,000 attempts with 4,000-character
 * names held 41 MB). Here the tables are capped lower than in production, so the cap is
 * reached without tens of thousands of requests; the code path is the same.
 */
vi.mock('@backbeat/common', async (importOriginal) => {
  const actual = await importOriginal<typeof Common>();
  return {
    ...actual,
    SUBSONIC_SIGN_IN_THROTTLE: { ...actual.SUBSONIC_SIGN_IN_THROTTLE, maxTracked: 40 },
  };
});

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const tracked = () => test.app.services.subsonic.auth.trackedFailures();

describe('failed /rest sign-ins in memory', () => {
  it('answers over-long user names with a Subsonic error and keeps none of them', async () => {
    const ip = uniqueIp();
    const before = tracked();
    for (let i = 0; i < 1000; i++) {
      const client = subsonicClientFrom(test.app, ip, {
        username: `${i}-`.padEnd(4000, 'x'),
        password: 'wrong',
      });
      expect(failureOf(await client.ping())?.code).toBe(40);
    }
    // As a form post, far past any query string a proxy would pass.
    const post = await test.app.inject({
      method: 'POST',
      url: '/rest/ping.view',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ f: 'json', u: 'y'.repeat(200_000), p: 'x' }).toString(),
      remoteAddress: uniqueIp(),
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()['subsonic-response'].error.code).toBe(40);
    expect(tracked().accounts).toBe(before.accounts);
    expect(tracked().addresses).toBeLessThanOrEqual(before.addresses + 2);
  });

  it('keeps at most a fixed number of names and addresses, and lets expired ones go', async () => {
    const cap = SUBSONIC_SIGN_IN_THROTTLE.maxTracked;
    expect(cap).toBe(40);
    for (let i = 0; i < cap * 3; i++) {
      const client = subsonicClientFrom(test.app, uniqueIp(), {
        username: `${i}-`.padEnd(255, 'n'),
        password: 'wrong',
      });
      expect(failureOf(await client.ping())?.code).toBe(40);
      expect(tracked().accounts).toBeLessThanOrEqual(cap);
      expect(tracked().addresses).toBeLessThanOrEqual(cap);
    }
    expect(tracked()).toEqual({ accounts: cap, addresses: cap });

    // A window later, the next failure sweeps out what expired.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SUBSONIC_SIGN_IN_THROTTLE.windowMs });
    const late = subsonicClientFrom(test.app, uniqueIp(), {
      username: 'late@backbeat.test',
      password: 'wrong',
    });
    expect(failureOf(await late.ping())?.code).toBe(40);
    expect(tracked()).toEqual({ accounts: 1, addresses: 1 });
  });
});
