import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrapData } from '@backbeat/common';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser } from './helpers/client.ts';

// Runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts leaves the file out otherwise.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

/** Two instances behind a load balancer: one database, one Redis. */
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

async function bootstrapOn(app: FastifyInstance): Promise<BootstrapData> {
  const response = await (await openBrowser(app)).get('/api/v1/bootstrap-data');
  return response.json<{ bootstrapData: BootstrapData }>().bootstrapData;
}

// Both instances cache settings and locales for 10 s; a save must reach the other far sooner.
const sooner = { timeout: 1500, interval: 25 };

describe('saving settings with several instances', () => {
  it('shows a saved site name on the other instance at once', async () => {
    // The second instance reads (and caches) the current name first.
    expect((await bootstrapOn(second)).branding.site_name).toBe('Backbeat');
    const admin = await openBrowser(first.app);
    await admin.login(first.admin.email, first.admin.password);
    const saved = await admin.put('/api/v1/admin/settings', {
      'branding.site_name': 'Zq Everywhere',
      'player.hide_lyrics': true,
    });
    expect(saved.statusCode).toBe(200);
    await expect
      .poll(async () => (await bootstrapOn(second)).branding.site_name, sooner)
      .toBe('Zq Everywhere');
    expect((await bootstrapOn(second)).settings.player.hide_lyrics).toBe(true);
    // The mailer, reCAPTCHA and every other reader go through the same settings service.
    expect(await second.services.settings.get('branding.site_name')).toBe('Zq Everywhere');
  });

  it('uses saved translations on the other instance at once', async () => {
    const admin = await openBrowser(first.app);
    await admin.login(first.admin.email, first.admin.password);
    const english = (await bootstrapOn(second)).locale;
    expect(english.language).toBe('en');
    await admin.put(`/api/v1/admin/localizations/${english.id}/lines`, {
      lines: { Search: 'Zq Find' },
    });
    await expect
      .poll(async () => (await bootstrapOn(second)).locale.lines.Search, sooner)
      .toBe('Zq Find');
  });
});
