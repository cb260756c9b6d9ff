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
