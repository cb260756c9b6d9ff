import type { BootstrapData } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmPassword, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { deliverMailTo, linkIn, startMailbox, type Mailbox } from '../helpers/mailbox.ts';

/*
 * Issue 35, item 1: with APP_URL unset, a reset requested with `Host: evil.example` mailed
 * the victim a genuine link to evil.example. No link in an email, nor `base_url`, may come
 * from a request's Host: the site's address is APP_URL, or the one pinned at the first visit.
 */
const EVIL = { host: 'evil.example' };
const SITE = 'http://music.example.test';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox.close());

async function appWithMail(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ env });
  await deliverMailTo(t.app, mailbox);
  return t;
}

const visit = (t: TestApp, host: string) =>
  t.app.inject({ method: 'GET', url: '/', headers: { host } });

async function resetLinkAfter(email: string, request: () => Promise<unknown>): Promise<URL> {
  const after = mailbox.messages.length;
  await request();
  return linkIn(await mailbox.waitFor((m) => m.to.includes(email), { after }));
}

/** The attack: a forgot-password request for the victim that names another Host. */
async function forgedReset(t: TestApp, email: string) {
  const attacker = await guestBrowser(t.app);
  const response = await attacker.post('/auth/forgot-password', { email }, EVIL);
  expect(response.statusCode).toBe(200);
}

describe('without APP_URL', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await appWithMail();
    // A stranger reaches the fresh site first, naming their own host…
    await visit(t, 'evil.example');
    expect(await t.app.services.settings.get('site.url')).toBe('http://evil.example');
    // …then the admin opens it where it really is: the admin's address takes its place.
    admin = await signedInUser(t.app, { roleNames: ['admin'] });
    await admin.browser.get('/', { host: 'music.example.test' });
  });
  afterAll(() => t.close());

  it('mails a reset link to the site address whatever Host the request names', async () => {
    const victim = await createUser(t.app);
    const link = await resetLinkAfter(victim.email, () => forgedReset(t, victim.email));
    expect(link.origin).toBe(SITE);
    expect(link.pathname).toMatch(/^\/password\/reset\//);
  });

  it('keeps the address when later visits, an admin’s included, name other hosts', async () => {
    await visit(t, 'evil.example');
    await admin.browser.get('/', EVIL);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/bootstrap-data',
      headers: EVIL,
    });
    expect((response.json() as { bootstrapData: BootstrapData }).bootstrapData.base_url).toBe(SITE);
  });

  it('sends workspace invitations with the site address', async () => {
    const owner = await signedInUser(t.app);
    const invited = await createUser(t.app);
    const created = await owner.browser.post('/api/v1/workspaces', { name: 'Band' }, EVIL);
    const workspaceId = created.json().workspace.id as number;
    const link = await resetLinkAfter(invited.email, () =>
      owner.browser.post(
        `/api/v1/workspaces/${workspaceId}/invites`,
        { emails: [invited.email], role: 'member' },
        EVIL,
      ),
    );
    expect(link.origin).toBe(SITE);
  });

  it('shows the address to the admin, who may change it', async () => {
    const view = await admin.browser.get('/api/v1/admin/settings');
    expect(view.json().settings['site.url']).toBe(SITE);
    expect(view.json().environment.address).toMatch(/APP_URL is not set/);

    const bad = await admin.browser.put('/api/v1/admin/settings', { 'site.url': 'javascript:x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['site.url']);

    await confirmPassword(admin.browser, admin.password);
    const saved = await admin.browser.put('/api/v1/admin/settings', {
      'site.url': 'https://music.example.org/',
    });
    expect(saved.statusCode).toBe(200);
    const victim = await createUser(t.app);
    const link = await resetLinkAfter(victim.email, () => forgedReset(t, victim.email));
    expect(link.origin).toBe('https://music.example.org');
  });
});

describe('with APP_URL', () => {
  it('links to APP_URL and never stores another address', async () => {
    const t = await appWithMail({ APP_URL: 'https://listen.example.net' });
    try {
      await visit(t, 'evil.example');
      expect(await t.app.services.settings.get('site.url')).toBeNull();
      const victim = await createUser(t.app);
      const link = await resetLinkAfter(victim.email, () => forgedReset(t, victim.email));
      expect(link.origin).toBe('https://listen.example.net');
    } finally {
      await t.close();
    }
  });
});
