import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser, type Browser } from './helpers/client.ts';
import { createUser } from './helpers/factories.ts';

const BODY_LIMIT = 512;
const SECRET_MESSAGE = 'payment gateway key sk_live_123 rejected';

function registerFailingRoutes(app: FastifyInstance): void {
  const config = { access: 'public' as const };
  app.get('/api/v1/test/crash', { config }, async () => {
    throw new Error(SECRET_MESSAGE);
  });
  app.get('/api/v1/test/bad-sql', { config }, async () => {
    await sql`select secret_column from table_that_does_not_exist`.execute(
      app.services.database.db,
    );
    return { reached: true };
  });
}

let testApp: TestApp;
let browser: Browser;

beforeAll(async () => {
  testApp = await createTestApp({
    overrides: { debug: false, bodyLimit: BODY_LIMIT },
    configure: registerFailingRoutes,
  });
  browser = await openBrowser(testApp.app);
});
afterAll(() => testApp.close());

describe('client errors', () => {
  it('answers an unknown API path with 404 JSON', async () => {
    const response = await browser.get('/api/v1/no/such/thing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers a malformed JSON body with 400 and a message', async () => {
    const response = await browser.post('/auth/login', '{"email": "a@b.c",', {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a body over the configured limit with 413', async () => {
    const response = await browser.post('/auth/login', {
      email: 'someone@backbeat.test',
      password: 'x'.repeat(BODY_LIMIT * 2),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('answers a schema violation with 422 and an error list per field', async () => {
    const response = await browser.post('/auth/login', { email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(body.errors.email).toEqual(['Enter a valid email address.']);
    expect(body.errors.password).toEqual([expect.any(String)]);
    expect(body.message).toBe('Enter a valid email address.');
  });
});

describe('server errors outside debug mode', () => {
  it('answers 500 with only a generic message', async () => {
    const response = await browser.get('/api/v1/test/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.body).not.toContain(SECRET_MESSAGE);
    expect(response.body).not.toMatch(/stack|trace|\.ts:\d+/i);
  });

  it('does not leak SQL or database messages', async () => {
    const response = await browser.get('/api/v1/test/bad-sql');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.body).not.toMatch(/select|secret_column|table_that_does_not_exist/i);
  });
});

describe('the error log', () => {
  const download = (client: Browser) => client.get('/api/v1/logs/error/download-latest');

  it('records a server error and lets an admin download it', async () => {
    await browser.get('/api/v1/test/crash');
    const admin = await openBrowser(testApp.app);
    await admin.login(testApp.admin.email, testApp.admin.password);

    const response = await download(admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="error-\d{4}-\d{2}-\d{2}\.log"$/,
    );
    const records = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: SECRET_MESSAGE,
        method: 'GET',
        url: '/api/v1/test/crash',
        stack: expect.stringContaining('errors.test.ts'),
      }),
    );
  });

  it('answers 401 to a guest', async () => {
    const guest = await openBrowser(testApp.app);
    expect((await download(guest)).statusCode).toBe(401);
  });

  it('answers 403 to a user without logs.view', async () => {
    const { email, password } = await createUser(testApp.app);
    const user = await openBrowser(testApp.app);
    await user.login(email, password);
    expect((await download(user)).statusCode).toBe(403);
  });
});

describe('the error log before any error', () => {
  it('answers 404 with a message when there is nothing to download', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await openBrowser(fresh.app);
      await admin.login(fresh.admin.email, fresh.admin.password);
      const response = await admin.get('/api/v1/logs/error/download-latest');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'There are no errors in the log.' });
    } finally {
      await fresh.close();
    }
  });
});
