import { gunzipSync } from 'node:zlib';
import { COOKIE_NOTICE_COOKIE, type BootstrapData, type MenuPosition } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { Browser, openBrowser } from './helpers/client.ts';
import { createUser } from './helpers/factories.ts';
import { inlineScriptNonce, readBootstrapData } from './helpers/page.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const page = (path: string, cookies: Record<string, string> = {}, headers = {}) => {
  const browser = new Browser(testApp.app);
  for (const [name, value] of Object.entries(cookies)) browser.cookies.set(name, value);
  return browser.get(path, { accept: 'text/html', host: 'music.example.test', ...headers });
};

describe('the SPA page', () => {
  it.each(['/', '/library/songs'])('serves %s as HTML with the bootstrap data', async (path) => {
    const response = await page(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(readBootstrapData(response.body).user).toBeNull();
  });

  it('embeds everything the client reads at start for a guest', async () => {
    const data = readBootstrapData((await page('/')).body);
    expect(data.user).toBeNull();
    expect(data.settings.dates.default_timezone).toBe('UTC');
    expect(data.settings.themes.default_id).toBe('system');
    expect(data.branding).toMatchObject({ site_name: 'Backbeat', logo_light: null });
    expect(data.base_url).toBe('http://music.example.test');
    expect(data.cookie_notice).toMatchObject({
      enable: true,
      position: 'bottom',
      button: { label: expect.any(String) },
    });
    expect(data.locale).toMatchObject({ language: 'en', lines: expect.any(Object) });
    expect(data.subscription_permissions).toEqual({
      can_play_audio: true,
      can_play_video: true,
      ads_enabled: true,
      ad_position: 'end',
      current_plan: 'Free',
      has_subscription: false,
    });
    expect(data.guest_role?.permissions.map((p) => p.name)).toContain('music.play');
    expect(data.workspaces).toEqual([]);
  });

  it('carries two seeded themes, one default light and one default dark', async () => {
    const { themes } = readBootstrapData((await page('/')).body);
    expect(themes.all).toHaveLength(2);
    expect(themes.all.filter((t) => t.default_light)).toEqual([
      expect.objectContaining({ is_dark: false }),
    ]);
    expect(themes.all.filter((t) => t.default_dark)).toEqual([
      expect.objectContaining({ is_dark: true }),
    ]);
    expect(themes.selectedThemeId).toBeNull();
  });

  it('reports the theme the browser chose through its cookie', async () => {
    const { themes } = readBootstrapData((await page('/')).body);
    const dark = themes.all.find((t) => t.is_dark);
    const data = readBootstrapData((await page('/', { 'be-active-theme': String(dark?.id) })).body);
    expect(data.themes.selectedThemeId).toBe(dark?.id);
  });

  it('carries the menus of the positions the product uses', async () => {
    const { menus } = readBootstrapData((await page('/')).body);
    const positions = new Set(menus.flatMap((menu) => menu.positions));
    const used: MenuPosition[] = [
      'sidebar-primary',
      'sidebar-secondary',
      'mobile-bottom',
      'landing-page-navbar',
    ];
    for (const position of used) expect(positions.has(position)).toBe(true);
    for (const menu of menus) expect(menu.items.length).toBeGreaterThan(0);
  });

  it('embeds the logged-in user after login', async () => {
    const { email, password, id } = await createUser(testApp.app);
    const browser = await openBrowser(testApp.app);
    await browser.login(email, password);
    const data = readBootstrapData((await browser.get('/library/songs')).body);
    expect(data.user).toMatchObject({ id, email, timezone: 'UTC' });
    expect(data.user?.roles.map((r) => r.name)).toEqual(['users']);
    expect(data.workspaces).toEqual([{ id: 0, name: 'Default', members_count: 1 }]);
  });

  it('hides the cookie notice once the visitor accepted it', async () => {
    expect(readBootstrapData((await page('/')).body).show_cookie_notice).toBe(true);
    const accepted = readBootstrapData((await page('/', { cookie_notice: 'true' })).body);
    expect(accepted.show_cookie_notice).toBe(false);
  });

  it('flags mobile browsers', async () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    const data = readBootstrapData((await page('/', {}, { 'user-agent': phone })).body);
    expect(data.is_mobile_device).toBe(true);
  });
});

describe('the page and its Content-Security-Policy', () => {
  it('allows the inline script only through a nonce that matches the header', async () => {
    const response = await page('/');
    const csp = String(response.headers['content-security-policy']);
    const nonce = inlineScriptNonce(response.body);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('uses a fresh nonce for every page', async () => {
    const first = inlineScriptNonce((await page('/')).body);
    const second = inlineScriptNonce((await page('/')).body);
    expect(first).not.toBe(second);
  });

  it('escapes a setting value that tries to close the script element', async () => {
    const hostile = '</script><script>alert(1)</script>';
    await testApp.app.services.settings.set({ 'branding.site_name': hostile });
    testApp.app.services.bootstrap.clearCaches();
    try {
      const html = (await page('/')).body;
      expect(html).not.toContain('<script>alert(1)');
      // Every script element closes where it opened (the bootstrap script, the page's JSON-LD).
      expect(html.match(/<\/script>/g)).toHaveLength(html.match(/<script[\s>]/g)!.length);
      expect(readBootstrapData(html).branding.site_name).toBe(hostile);
    } finally {
      await testApp.app.services.settings.set({ 'branding.site_name': 'Backbeat' });
    }
  });
});

describe('the page kept compressed between visitors', () => {
  const gzipPage = async (cookies: Record<string, string> = {}) => {
    const response = await page('/', cookies, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    return gunzipSync(response.rawPayload).toString();
  };

  it('shows a settings change on the next page, and each visitor their own part', async () => {
    await gzipPage();
    await gzipPage();
    await testApp.app.services.settings.set({ 'branding.site_name': 'Night Radio' });
    try {
      const guest = readBootstrapData(await gzipPage());
      expect(guest.branding.site_name).toBe('Night Radio');
      expect(guest.user).toBeNull();
      expect(guest.show_cookie_notice).toBe(true);
      const accepted = readBootstrapData(await gzipPage({ [COOKIE_NOTICE_COOKIE]: 'true' }));
      expect(accepted.branding.site_name).toBe('Night Radio');
      expect(accepted.show_cookie_notice).toBe(false);
    } finally {
      await testApp.app.services.settings.set({ 'branding.site_name': 'Backbeat' });
    }
    expect(readBootstrapData(await gzipPage()).branding.site_name).toBe('Backbeat');
  });
});

describe('GET /api/v1/bootstrap-data', () => {
  it('returns the same data as JSON for the current visitor', async () => {
    const browser = await openBrowser(testApp.app);
    const response = await browser.get('/api/v1/bootstrap-data');
    const { bootstrapData } = response.json() as { bootstrapData: BootstrapData };
    expect(bootstrapData.user).toBeNull();
    expect(bootstrapData.themes.all).toHaveLength(2);
    expect(bootstrapData.locale.language).toBe('en');
  });
});
