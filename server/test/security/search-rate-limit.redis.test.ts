import { randomInt } from 'node:crypto';
import { SEARCH_RATE_LIMIT } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser } from '../helpers/client.ts';

// Runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts leaves the file out otherwise.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  [first, second] = await Promise.all([
    createTestApp({ env: { REDIS_URL: redisUrl } }),
    createTestApp({ env: { REDIS_URL: redisUrl } }),
  ]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** Counters outlive a run in Redis for a minute, so each run floods from an address of its own. */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('search rate limit across instances sharing Redis', () => {
  it('counts one client through either instance together, and not its neighbour', async () => {
    const ip = randomAddress();
    const through = [await openBrowser(first.app, { ip }), await openBrowser(second.app, { ip })];
    for (let n = 0; n < SEARCH_RATE_LIMIT.max; n++) {
      const response = await through[n % 2]!.get(`/api/v1/search?query=r${n}`);
      expect(response.statusCode).toBe(200);
    }
    expect((await through[0]!.get('/api/v1/search?query=more')).statusCode).toBe(429);
    expect((await through[1]!.get('/api/v1/search?query=more')).statusCode).toBe(429);

    const neighbour = await openBrowser(second.app, { ip: randomAddress() });
    expect((await neighbour.get('/api/v1/search?query=more')).statusCode).toBe(200);
  });
});
