import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrapData } from '@backbeat/common';
import type { AppearanceValues } from '@backbeat/common/admin/appearance';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser, uniqueIp, type Browser } from '../helpers/client.ts';
import { createUser } from '../helpers/factories.ts';

/*
 * The appearance editor's API (issue 14): one object in, the same object out, and what it
 * saves reaches every page through the bootstrap; bad input is refused per field and nothing
 * is stored; only appearance.update inside the admin area may call it.
 */

const APPEARANCE = '/api/v1/admin/appearance';
let t: TestApp;
let admin: Browser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
});
afterAll(() => t.close());

const current = async () =>
  (await admin.get(APPEARANCE)).json<{ values: AppearanceValues }>().values;
const bootstrap = async () =>
  (await (await openBrowser(t.app)).get('/api/v1/bootstrap-data')).json<{
    bootstrapData: BootstrapData;
  }>().bootstrapData;

describe('GET/PUT admin/appearance', () => {
  it('saves branding, a theme colour, a reordered menu, the landing page and custom code', async () => {
    const values = await current();
    expect(values.themes.length).toBeGreaterThanOrEqual(2);
    expect(values.settings.landing.headline).toBe('Music for every moment');
    const [light] = values.themes;
    const menu = values.settings.menus[0]!;
    const [first, second, ...rest] = menu.items;
    const next: AppearanceValues = {
      settings: {
        ...values.settings,
        branding: {
          ...values.settings.branding,
          site_name: 'Zq Waves',
          favicon: '/storage/branding/zq-icon.png',
        },
        custom_code: {
          css: '.zq-banner { color: rgb(1 2 3); }',
          html: '<p class="zq-banner">Hello<script>alert(1)</script></p>',
        },
        landing: {
          ...values.settings.landing,
          headline: 'Zq Sounds of the harbour',
          action_buttons: [{ label: 'Dive in', action: '/search', style: 'primary' }],
        },
        menus: [{ ...menu, items: [second!, first!, ...rest] }, ...values.settings.menus.slice(1)],
      },
      themes: [
        { ...light!, values: { ...light!.values, '--be-primary': '10 20 30' } },
        ...values.themes.slice(1),
        {
          name: 'Zq Sea',
          is_dark: true,
          default_light: false,
          default_dark: false,
          values: { '--be-bg': '0 10 40', '--be-radius': '4px' },
        },
      ],
    };
    const saved = await admin.put(APPEARANCE, next);
    expect(saved.statusCode).toBe(200);
    const stored = saved.json<{ values: AppearanceValues }>().values;
    expect(stored.settings.custom_code.html).toBe('<p class="zq-banner">Hello</p>');
    expect(stored.themes.map((theme) => theme.name)).toContain('Zq Sea');

    // Every page reads it at once, on the next bootstrap.
    const data = await bootstrap();
    expect(data.branding.site_name).toBe('Zq Waves');
    // Every page's tab icon is the admin's.
    const html = (await t.app.inject({ url: '/' })).body;
    expect(html).toContain('<link rel="icon" href="/storage/branding/zq-icon.png">');
    expect(html).not.toContain('/favicon.svg');
    expect(data.landing.headline).toBe('Zq Sounds of the harbour');
    expect(data.custom_code).toEqual({
      css: '.zq-banner { color: rgb(1 2 3); }',
      html: '<p class="zq-banner">Hello</p>',
    });
    expect(data.themes.all.find((theme) => theme.id === light!.id)?.values['--be-primary']).toBe(
      '10 20 30',
    );
    const savedMenu = data.menus.find((m) => m.id === menu.id)!;
    expect(savedMenu.items.slice(0, 2).map((item) => item.id)).toEqual([second!.id, first!.id]);

    // A theme left out of the list is deleted.
    const without = stored.themes.filter((theme) => theme.name !== 'Zq Sea');
    await admin.put(APPEARANCE, { ...stored, themes: without });
    expect((await bootstrap()).themes.all.map((theme) => theme.name)).not.toContain('Zq Sea');
    await admin.put(APPEARANCE, values);
  });

  it('refuses unsafe or broken values per field and keeps what was stored', async () => {
    const values = await current();
    const menu = values.settings.menus[0]!;
    const bad = await admin.put(APPEARANCE, {
      settings: {
        ...values.settings,
        branding: { ...values.settings.branding, site_name: '', logo_light: 'javascript:x' },
        landing: { ...values.settings.landing, headline: '' },
        menus: [
          {
            ...menu,
            items: [{ ...menu.items[0]!, type: 'route', action: 'javascript:alert(1)' }],
          },
        ],
      },
      themes: [
        {
          ...values.themes[0]!,
          values: { '--be-primary': 'red; background: url(https://evil.example)' },
        },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining([
        'settings.branding.site_name',
        'settings.branding.logo_light',
        'settings.landing.headline',
        'settings.menus.0.items.0.action',
      ]),
    );
    expect(JSON.stringify(bad.json().errors)).toContain('themes.0.values');

    const twoDefaults = await admin.put(APPEARANCE, {
      ...values,
      themes: values.themes
        .map((theme) => ({ ...theme, default_light: !theme.is_dark }))
        .concat({
          name: 'Second light',
          is_dark: false,
          default_light: true,
          default_dark: false,
          values: {},
        }),
    });
    expect(twoDefaults.statusCode).toBe(422);
    expect(twoDefaults.json().errors.themes).toEqual(['Only one theme can be the light default.']);
    expect((await admin.put(APPEARANCE, { ...values, themes: [] })).statusCode).toBe(422);

    expect(await current()).toEqual(values);
  });

  it('needs appearance.update inside the admin area', async () => {
    expect((await (await openBrowser(t.app)).get(APPEARANCE)).statusCode).toBe(401);
    let roles = 0;
    const as = async (permissions: string[]) => {
      const name = `appearance-role-${++roles}`;
      await t.app.services.roles.createRole({ name, description: name, permissions });
      const user = await createUser(t.app, { roleNames: [name] });
      const browser = await openBrowser(t.app, { ip: uniqueIp() });
      await browser.login(user.email, user.password);
      return browser;
    };
    const adminOnly = await as(['admin.access']);
    expect((await adminOnly.get(APPEARANCE)).statusCode).toBe(403);
    expect((await adminOnly.put(APPEARANCE, await current())).statusCode).toBe(403);
    const editor = await as(['admin.access', 'appearance.update']);
    expect((await editor.get(APPEARANCE)).statusCode).toBe(200);
  });
});
