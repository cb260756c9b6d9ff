import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrapData, Pagination } from '@backbeat/common';
import { SETTING_FIELDS, SETTINGS_SECTIONS } from '@backbeat/common/admin/settings';
import type { AdminSettings, LogEntry } from '@backbeat/common/admin/site';
import sourceLines from '@backbeat/common/i18n/source-lines.json';
import { SETTING_DEFAULTS, isSettingName } from '../../src/modules/settings/defaults.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openBrowser, uniqueIp, type Browser } from '../helpers/client.ts';
import { createTrack } from '../helpers/catalog.ts';
import { createUser } from '../helpers/factories.ts';
import { deliverMailTo, startMailbox, type Mailbox } from '../helpers/mailbox.ts';
import { HUMAN_TOKEN, startFakeSiteverify, type FakeSiteverify } from '../helpers/siteverify.ts';

/*
 * Admin part 2 (issue 13): settings (secrets write-only, test email), logs, localizations,
 * custom pages, contact, ads; each call with bad input, and who may call it.
 */

let t: TestApp;
let admin: Browser;
let mailbox: Mailbox;
let siteverify: FakeSiteverify;
const SETTINGS = '/api/v1/admin/settings';

beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  mailbox = await startMailbox();
  t = await createTestApp({ overrides: { recaptchaVerifyUrl: siteverify.url } });
  await deliverMailTo(t.app, mailbox);
  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
  await siteverify?.close();
});

let roleCount = 0;
async function as(permissions: string[]) {
  const role = `site-role-${++roleCount}`;
  await t.app.services.roles.createRole({ name: role, description: role, permissions });
  const user = await createUser(t.app, { roleNames: [role] });
  const browser = await openBrowser(t.app, { ip: uniqueIp() });
  await browser.login(user.email, user.password);
  return { browser, user, role };
}

async function bootstrapOf(browser: Browser): Promise<BootstrapData> {
  return (await browser.get('/api/v1/bootstrap-data')).json<{ bootstrapData: BootstrapData }>()
    .bootstrapData;
}

describe('the settings declaration', () => {
  it('gives every one of the 16 sections a place and names only real settings', () => {
    expect(SETTINGS_SECTIONS).toHaveLength(16);
    for (const field of SETTING_FIELDS) {
      expect(isSettingName(field.name), field.name).toBe(true);
      expect(field.help.length, field.name).toBeGreaterThan(0);
    }
    expect(new Set(SETTING_FIELDS.map((f) => f.name)).size).toBe(SETTING_FIELDS.length);
  });
});

/**
 * Settings with no field on the settings screen, each with where it is changed instead. A new
 * setting must either get a field (with help text) or a line here saying why it has none.
 */
const EDITED_ELSEWHERE: [prefix: string, where: string][] = [
  ['fonts.', 'the appearance editor (issue 14)'],
  ['branding.logo_', 'the appearance editor (issue 14)'],
  ['branding.favicon', 'the appearance editor (issue 14)'],
  ['branding.splash_video_', 'the appearance editor (issue 14)'],
  ['seo.', 'the appearance editor’s SEO section (issue 14)'],
  ['menus', 'the appearance editor’s menus (issue 14)'],
  ['landing', 'the appearance editor’s landing page (issue 14)'],
  ['custom_code.', 'the appearance editor’s custom code (issue 14)'],
  ['ads.', 'the Ads screen, sanitised there'],
  ['demo_catalog.seeded', 'internal: set once by the first start'],
  ['site.url_confirmed', 'internal: set when an admin opens the site or saves its address'],
  ['site.demo_account', 'internal: the random demo account a demo site makes'],
  ['notifications.vapid_keys', 'internal: generated on the first start, never typed'],
];

describe('settings without a field, and the newer fields', () => {
  it('gives every setting a field on the settings screen, or names where it is edited instead', () => {
    const declared = new Set(SETTING_FIELDS.map((field) => field.name));
    const unplaced = Object.keys(SETTING_DEFAULTS).filter(
      (name) =>
        !declared.has(name) && !EDITED_ELSEWHERE.some(([prefix]) => name.startsWith(prefix)),
    );
    expect(unplaced).toEqual([]);
  });

  it('takes registration policies as "Name | address" lines, refusing a line without an address', async () => {
    const field = SETTING_FIELDS.find((f) => f.name === 'registration.policies')!;
    expect(
      field.schema.safeParse([{ id: 'terms', name: 'Terms', url: '/pages/1/terms' }]).success,
    ).toBe(true);
    const bad = field.schema.safeParse([{ id: 'terms', name: 'Terms', url: '' }]);
    expect(bad.success).toBe(false);
    const saved = await admin.put(SETTINGS, {
      'registration.policies': [{ id: 'privacy', name: 'Privacy', url: 'https://example.com/p' }],
      'themes.default_id': 'dark',
    });
    expect(saved.statusCode).toBe(200);
    const boot = await bootstrapOf(await openBrowser(t.app));
    expect(boot.settings.registration.policies).toEqual([
      { id: 'privacy', name: 'Privacy', url: 'https://example.com/p' },
    ]);
    expect(boot.settings.themes.default_id).toBe('dark');
    const refused = await admin.put(SETTINGS, {
      'registration.policies': [{ id: 'x', name: 'X', url: 'javascript:alert(1)' }],
      'themes.default_id': 'neon',
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(
      expect.arrayContaining(['registration.policies.0.url', 'themes.default_id']),
    );
    await admin.put(SETTINGS, { 'registration.policies': [], 'themes.default_id': 'system' });
  });
});

describe('GET/PUT admin/settings', () => {
  it('saves a setting and the next bootstrap carries it', async () => {
    const response = await admin.put(SETTINGS, { 'branding.site_name': 'Zq Radio' });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminSettings>().settings['branding.site_name']).toBe('Zq Radio');
    const guest = await openBrowser(t.app);
    expect((await bootstrapOf(guest)).branding.site_name).toBe('Zq Radio');
    await admin.put(SETTINGS, { 'branding.site_name': 'Backbeat' });
  });

  it('never sends a secret back, keeps it when left empty and replaces it when given', async () => {
    await admin.put(SETTINGS, { 'mail.smtp_password': 'hunter2-secret' });
    const read = await admin.get(SETTINGS);
    expect(read.body).not.toContain('hunter2-secret');
    expect(read.json<AdminSettings>().secrets['mail.smtp_password']).toBe(true);
    expect(read.json<AdminSettings>().settings).not.toHaveProperty('mail.smtp_password');

    await admin.put(SETTINGS, { 'mail.smtp_password': '', 'mail.from_name': 'Zq' });
    expect(await t.app.services.settings.get('mail.smtp_password')).toBe('hunter2-secret');
    await admin.put(SETTINGS, { 'mail.smtp_password': 'new-secret' });
    expect(await t.app.services.settings.get('mail.smtp_password')).toBe('new-secret');
    const page = await (await openBrowser(t.app)).open('/');
    expect(page.body).not.toContain('new-secret');
  });

  it('answers 422 per field for bad values, saves nothing, and never writes undeclared settings', async () => {
    const response = await admin.put(SETTINGS, {
      'branding.site_name': '',
      'mail.smtp_port': 70000,
      'dates.default_timezone': 'Mars/Olympus',
      'player.default_volume': 101,
      'homepage.type': 'nowhere',
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    for (const name of [
      'branding.site_name',
      'mail.smtp_port',
      'dates.default_timezone',
      'player.default_volume',
      'homepage.type',
    ]) {
      expect(errors[name], name).toBeDefined();
    }
    expect((await admin.put(SETTINGS, { menus: [] })).statusCode).toBe(200);
    expect((await t.app.services.settings.get('menus')).length).toBeGreaterThan(0);
    expect((await admin.put(SETTINGS, { 'branding.site_name': 42 })).statusCode).toBe(422);
    expect(await t.app.services.settings.get('branding.site_name')).toBe('Backbeat');
  });

  it('needs settings.update inside the admin area', async () => {
    expect((await (await openBrowser(t.app)).get(SETTINGS)).statusCode).toBe(401);
    const { browser } = await as(['admin.access']);
    expect((await browser.get(SETTINGS)).statusCode).toBe(403);
    expect((await browser.put(SETTINGS, { 'branding.site_name': 'X' })).statusCode).toBe(403);
    const allowed = await as(['admin.access', 'settings.update']);
    expect((await allowed.browser.get(SETTINGS)).statusCode).toBe(200);
  });

  it('drives the player settings into the bootstrap', async () => {
    await admin.put(SETTINGS, {
      'player.default_volume': 35,
      'player.seekbar_type': 'line',
      'player.hide_queue': true,
      'player.enable_repost': false,
    });
    const { player } = (await bootstrapOf(await openBrowser(t.app))).settings;
    expect(player).toMatchObject({
      default_volume: 35,
      seekbar_type: 'line',
      hide_queue: true,
      enable_repost: false,
    });
  });
});

describe('GET tracks/{id}/download (player settings)', () => {
  it('downloads only while the admin allows it, and only with music.download', async () => {
    const track = await createTrack(t.app, { audio: Buffer.from('zq-audio-bytes') });
    const listener = await as(['music.view', 'music.play', 'music.download']);
    const url = `/api/v1/tracks/${track.id}/download`;
    expect((await listener.browser.get(url)).statusCode).toBe(403);

    await admin.put(SETTINGS, { 'player.enable_download': true });
    const download = await listener.browser.get(url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.mp3"$/);
    expect(download.body).toBe('zq-audio-bytes');

    const noDownloads = await as(['music.view', 'music.play']);
    expect((await noDownloads.browser.get(url)).statusCode).toBe(403);
    expect((await listener.browser.get('/api/v1/tracks/0/download')).statusCode).toBe(422);
    expect((await listener.browser.get('/api/v1/tracks/999999/download')).statusCode).toBe(404);
    await admin.put(SETTINGS, { 'player.enable_download': false });
  });
});

describe('POST admin/settings/test-email', () => {
  it('sends a test email through the saved SMTP settings', async () => {
    const before = mailbox.messages.length;
    const response = await admin.post(`${SETTINGS}/test-email`, { to: 'owner@zq.test' });
    expect(response.statusCode).toBe(200);
    const mail = await mailbox.waitFor((m) => m.to.includes('owner@zq.test'), { after: before });
    expect(mail.subject).toContain('Test email');
  });

  it('refuses a bad address with 422 on the field', async () => {
    const response = await admin.post(`${SETTINGS}/test-email`, { to: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.to).toBeDefined();
  });
});

describe('ads', () => {
  it('sanitises an ad on save and shows it until the viewer’s role turns ads off', async () => {
    const saved = await admin.put(SETTINGS, {
      'ads.artist_top':
        '<a href="https://ads.example/x"><img src="https://ads.example/a.png" onerror="alert(1)"></a><script>alert(1)</script>',
    });
    expect(saved.statusCode).toBe(200);
    const html = saved.json<AdminSettings>().settings['ads.artist_top'] as string;
    expect(html).toContain('https://ads.example/a.png');
    expect(html).not.toMatch(/script|onerror/);

    const listener = await as(['music.view']);
    const data = await bootstrapOf(listener.browser);
    expect(data.settings.ads.artist_top).toBe(html);
    expect(data.subscription_permissions.ads_enabled).toBe(true);

    const noAds = await as(['music.view', 'ads.disable']);
    const permissions = await noAds.browser.get('/api/v1/subscription/permissions');
    expect(
      permissions.json<{ permissions: { ads_enabled: boolean } }>().permissions.ads_enabled,
    ).toBe(false);
  });

  it('refuses an ad that is too long', async () => {
    const response = await admin.put(SETTINGS, { 'ads.album_above': 'x'.repeat(20_001) });
    expect(response.statusCode).toBe(422);
  });
});

describe('logs', () => {
  it('lists the outgoing email log newest first, searchable and paged', async () => {
    await t.app.services.fileLogs.write('outgoing-email', { to: 'a@zq.test', subject: 'Zq first' });
    await t.app.services.fileLogs.write('outgoing-email', {
      to: 'b@zq.test',
      subject: 'Zq second',
    });
    const response = await admin.get('/api/v1/admin/logs/outgoing-email?query=zq%20&perPage=1');
    expect(response.statusCode).toBe(200);
    const page = response.json<{ pagination: Pagination<LogEntry> }>().pagination;
    expect(page.per_page).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.data[0]!.summary).toContain('Zq second');

    const download = await admin.get('/api/v1/admin/logs/outgoing-email/download');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.body).toContain('Zq first');
  });

  it('refuses an unknown log, a bad page and people without logs.view', async () => {
    expect((await admin.get('/api/v1/admin/logs/passwords')).statusCode).toBe(422);
    expect((await admin.get('/api/v1/admin/logs/error?page=0')).statusCode).toBe(422);
    const { browser } = await as(['admin.access']);
    expect((await browser.get('/api/v1/admin/logs/error')).statusCode).toBe(403);
  });
});

describe('localizations', () => {
  it('adds a language, translates a line and the whole UI of a user who picks it uses it', async () => {
    const created = await admin.post('/api/v1/admin/localizations', {
      name: 'Zq Spanish',
      language: 'es',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ localization: { id: number } }>().localization.id;

    const lines = await admin.get(`/api/v1/admin/localizations/${id}/lines`);
    expect(lines.statusCode).toBe(200);
    const body = lines.json<{ source_lines: string[]; lines: Record<string, string> }>();
    expect(body.source_lines).toEqual(sourceLines);
    expect(body.source_lines).toContain('Search');

    const saved = await admin.put(`/api/v1/admin/localizations/${id}/lines`, {
      lines: { Search: 'Buscar', Home: '' },
    });
    expect(saved.json()).toEqual({ translated: 1 });

    const listener = await as(['music.view']);
    const changed = await listener.browser.post('/api/v1/users/me/locale', { locale: 'es' });
    expect(changed.statusCode).toBe(200);
    const data = await bootstrapOf(listener.browser);
    expect(data.locale.language).toBe('es');
    expect(data.locale.lines.Search).toBe('Buscar');
  });

  it('refuses a bad language code, a taken one and a translation that is too long', async () => {
    const bad = await admin.post('/api/v1/admin/localizations', {
      name: 'X',
      language: 'not a code',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.language).toBeDefined();
    const taken = await admin.post('/api/v1/admin/localizations', { name: 'E', language: 'en' });
    expect(taken.statusCode).toBe(422);
    const long = await admin.put('/api/v1/admin/localizations/1/lines', {
      lines: { Search: 'x'.repeat(2001) },
    });
    expect(long.statusCode).toBe(422);
    expect((await admin.get('/api/v1/admin/localizations/999999/lines')).statusCode).toBe(404);
    const { browser } = await as(['admin.access']);
    expect((await browser.get('/api/v1/admin/localizations')).statusCode).toBe(403);
  });
});

describe('custom pages', () => {
  it('seeds the privacy policy and terms of service the footer links to', async () => {
    const guest = await openBrowser(t.app);
    for (const slug of ['privacy-policy', 'terms-of-service']) {
      const response = await guest.get(`/api/v1/custom-pages/${slug}`);
      expect(response.statusCode, slug).toBe(200);
      expect(response.json<{ page: { body: string } }>().page.body.length).toBeGreaterThan(20);
    }
  });

  it('strips script from the body on save and finds the page by id or slug', async () => {
    const created = await admin.post('/api/v1/admin/custom-pages', {
      title: 'Zq About us',
      body: '<p onclick="steal()">Hello <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      meta_description: 'About the Zq label',
    });
    expect(created.statusCode).toBe(201);
    const page = created.json<{ page: { id: number; slug: string; body: string } }>().page;
    expect(page.slug).toBe('zq-about-us');
    expect(page.body).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(page.body).toContain('Hello');

    const guest = await openBrowser(t.app);
    const bySlug = await guest.get('/api/v1/custom-pages/zq-about-us');
    expect(bySlug.json()).toMatchObject({
      page: { id: page.id, title: 'Zq About us' },
      seo: { title: 'Zq About us', description: 'About the Zq label' },
    });
    expect((await guest.get(`/api/v1/custom-pages/${page.id}`)).statusCode).toBe(200);
    expect((await guest.get('/api/v1/custom-pages/no-such-page')).statusCode).toBe(404);
  });

  it('refuses a missing title, a bad or taken slug, and people without custom_pages.update', async () => {
    const missing = await admin.post('/api/v1/admin/custom-pages', { body: '<p>x</p>' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.title).toBeDefined();
    const bad = await admin.post('/api/v1/admin/custom-pages', {
      title: 'X',
      slug: 'Not a slug!',
      body: '',
    });
    expect(bad.statusCode).toBe(422);
    const taken = await admin.post('/api/v1/admin/custom-pages', {
      title: 'Another',
      slug: 'privacy-policy',
      body: '',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json<{ errors: Record<string, string[]> }>().errors.slug).toBeDefined();
    const { browser } = await as(['admin.access']);
    expect((await browser.get('/api/v1/admin/custom-pages')).statusCode).toBe(403);
  });
});

describe('POST contact-page', () => {
  it('mails the site’s contact address and answers the spec’s message', async () => {
    await admin.put(SETTINGS, { 'site.contact_email': 'inbox@zq.test' });
    const guest = await openBrowser(t.app, { ip: uniqueIp() });
    await guest.open('/contact');
    const before = mailbox.messages.length;
    const response = await guest.post('/api/v1/contact-page', {
      name: 'Zq Visitor',
      email: 'visitor@zq.test',
      message: 'Hello there',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your message has been submitted.' });
    const mail = await mailbox.waitFor((m) => m.to.includes('inbox@zq.test'), { after: before });
    expect(mail.text).toContain('Hello there');
    expect(mail.raw).toMatch(/Reply-To: visitor@zq\.test/i);
  });

  it('needs name, email and message', async () => {
    const guest = await openBrowser(t.app, { ip: uniqueIp() });
    await guest.open('/contact');
    const response = await guest.post('/api/v1/contact-page', { email: 'nope' });
    expect(response.statusCode).toBe(422);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'name']);
  });

  it('asks for a human check when reCAPTCHA is on for contact', async () => {
    await admin.put(SETTINGS, {
      'recaptcha.site_key': 'site-key',
      'recaptcha.secret_key': 'secret-key',
      'recaptcha.enable': { contact: true },
    });
    const guest = await openBrowser(t.app, { ip: uniqueIp() });
    await guest.open('/contact');
    const message = { name: 'Zq', email: 'v@zq.test', message: 'Hi' };
    const refused = await guest.post('/api/v1/contact-page', message);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.recaptcha).toEqual([
      'Could not verify you are human.',
    ]);
    const accepted = await guest.post('/api/v1/contact-page', {
      ...message,
      recaptcha_token: HUMAN_TOKEN,
    });
    expect(accepted.statusCode).toBe(200);
    await admin.put(SETTINGS, { 'recaptcha.enable': {} });
  });

  it('is rate-limited per address', async () => {
    const guest = await openBrowser(t.app, { ip: uniqueIp() });
    await guest.open('/contact');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const message = { name: 'Zq', email: 'v@zq.test', message: `Hi ${i}` };
      statuses.push((await guest.post('/api/v1/contact-page', message)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
