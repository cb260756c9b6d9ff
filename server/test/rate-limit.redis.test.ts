import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser } from './helpers/client.ts';
import { uniqueEmail } from './helpers/factories.ts';

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

describe('login rate limit across instances sharing Redis', () => {
  it('counts attempts made through either instance together', async () => {
    const email = uniqueEmail();
    const attempt = async (app: TestApp) => {
      const browser = await openBrowser(app.app);
      return browser.post('/auth/login', { email, password: 'wrong-password' });
    };
    const statuses = [];
    for (const app of [first, second, first, second, first])
      statuses.push((await attempt(app)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422]);

    const sixth = await attempt(second);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });
});
