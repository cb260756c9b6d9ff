import type { BootstrapData } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function siteSettings() {
  const browser = await guestBrowser(testApp.app);
  const { bootstrapData } = (await browser.get('/api/v1/bootstrap-data')).json() as {
    bootstrapData: BootstrapData;
  };
  return { browser, site: bootstrapData.settings.site };
}

describe('demo credentials (spec §2 "random or configured")', () => {
  it('shows none while the site is not a demo', async () => {
    const { site } = await siteSettings();
    expect(site).not.toHaveProperty('demo_email');
    expect(site).not.toHaveProperty('demo_password');
  });

  it('makes one random listener account when a demo site configures none', async () => {
    await testApp.app.services.settings.set({ 'site.demo': true });
    const [first, second] = await Promise.all([siteSettings(), siteSettings()]);
    const email = first.site.demo_email!;
    const password = first.site.demo_password!;
    expect(email).toMatch(/^demo-[0-9a-f]{8}@/);
    expect(password.length).toBeGreaterThanOrEqual(16);
    // Everyone gets the same pair, even when the first visits arrive together.
    expect(second.site).toMatchObject({ demo_email: email, demo_password: password });

    const data = await first.browser.login(email, password);
    expect(data.user?.email).toBe(email);
    expect(data.user?.permissions.map((p) => p.name)).not.toContain('admin');

    // Another demo site gets another pair.
    const other = await createTestApp();
    try {
      await other.app.services.settings.set({ 'site.demo': true });
      const browser = await guestBrowser(other.app);
      const { bootstrapData } = (await browser.get('/api/v1/bootstrap-data')).json() as {
        bootstrapData: BootstrapData;
      };
      expect(bootstrapData.settings.site.demo_email).not.toBe(email);
    } finally {
      await other.close();
    }
  });

  it('shows the configured pair when the admin set one', async () => {
    await testApp.app.services.settings.set({
      'site.demo': true,
      'site.demo_email': 'tryme@backbeat.test',
      'site.demo_password': 'listen-here',
    });
    const { site } = await siteSettings();
    expect(site).toMatchObject({
      demo_email: 'tryme@backbeat.test',
      demo_password: 'listen-here',
    });
  });
});
