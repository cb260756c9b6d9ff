import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser, type Browser } from './helpers/client.ts';
import { createUser } from './helpers/factories.ts';

// Runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts leaves the file out otherwise.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

/** Two instances of the app, as behind a load balancer: one database, one Redis, one key. */
let first: TestApp;
let second: FastifyInstance;
let secondDatabase: DatabaseHandle;

beforeAll(async () => {
  first = await createTestApp({ env: { REDIS_URL: redisUrl } });
  secondDatabase = openDatabase(first.config.database);
  second = await buildApp({ config: first.config, database: secondDatabase, logger: false });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.destroy();
  await first?.close();
});

/** The same browser, its requests now reaching the second instance. */
async function sameBrowserOn(app: FastifyInstance, browser: Browser): Promise<Browser> {
  const moved = await openBrowser(app);
  moved.cookies.clear();
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
}

// Each instance keeps session rows and users 2 s; these changes must reach the other far sooner.
const sooner = { timeout: 1000, interval: 20 };

describe('per-instance request caches with Redis', () => {
  it('ends a session on the other instance as soon as it logs out here', async () => {
    const person = await createUser(first.app);
    const here = await openBrowser(first.app);
    await here.login(person.email, person.password);
    const there = await sameBrowserOn(second, here);
    expect((await there.get('/api/v1/notifications')).statusCode).toBe(200);

    expect((await here.post('/auth/logout', {})).statusCode).toBe(200);
    await expect
      .poll(async () => (await there.get('/api/v1/notifications')).statusCode, sooner)
      .toBe(401);
  });

  it('refuses a suspended user on the other instance at once', async () => {
    const person = await createUser(first.app);
    const there = await openBrowser(second);
    await there.login(person.email, person.password);
    expect((await there.get('/api/v1/notifications')).statusCode).toBe(200);

    await first.app.services.users.update(person.id, { banned_at: new Date().toISOString() });
    await expect
      .poll(async () => (await there.get('/api/v1/notifications')).statusCode, sooner)
      .toBe(403);
  });
});

describe('Subsonic sign-ins kept per instance with Redis', () => {
  const ping = async (app: FastifyInstance, apiKey: string) => {
    const query = new URLSearchParams({ apiKey, v: '1.16.1', c: 'test', f: 'json' });
    const response = await app.inject({ method: 'GET', url: `/rest/ping?${query}` });
    return (response.json() as { 'subsonic-response': { status: string } })['subsonic-response']
      .status;
  };

  it('signs an app out on the other instance as soon as its API key is deleted here', async () => {
    const person = await createUser(first.app);
    const { token, plainTextToken } = await first.app.services.accessTokens.create(
      person.id,
      'Feishin',
    );
    expect(await ping(second, plainTextToken)).toBe('ok');
    await first.app.services.accessTokens.delete(person.id, token.id);
    await expect.poll(() => ping(second, plainTextToken), sooner).toBe('failed');
  });
});
