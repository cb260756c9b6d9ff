import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('health checks', () => {
  it('reports the process alive without creating a session', async () => {
    const response = await testApp.app.inject({ url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.cookies).toEqual([]);
  });

  it('reports ready when the database answers', async () => {
    const response = await testApp.app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: true } });
  });
});

describe('health checks with the database gone', () => {
  it('reports 503 unavailable when the database does not answer', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.destroy();
      const response = await broken.app.inject({ url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', checks: { database: false } });
      expect((await broken.app.inject({ url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('HEAD of a JSON answer', () => {
  it('is answered as its GET, with the headers and without the body', async () => {
    const get = await testApp.app.inject({ url: '/health/ready' });
    const head = await testApp.app.inject({ method: 'HEAD', url: '/health/ready' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('gets the status its GET would: sign-in required, not found', async () => {
    const signedOut = await testApp.app.inject({ url: '/api/v1/notifications' });
    const head = await testApp.app.inject({ method: 'HEAD', url: '/api/v1/notifications' });
    expect(signedOut.statusCode).toBe(401);
    expect(head.statusCode).toBe(401);
    expect(head.rawPayload.length).toBe(0);
    const missing = await testApp.app.inject({ method: 'HEAD', url: '/api/v1/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.rawPayload.length).toBe(0);
  });
});
