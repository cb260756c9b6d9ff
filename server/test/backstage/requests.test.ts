import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackstageRequest, Pagination } from '@backbeat/common';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createArtist } from '../helpers/catalog.ts';
import { createUser } from '../helpers/factories.ts';
import { deliverMailTo, linkIn, startMailbox } from '../helpers/mailbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const admin = async () => {
  const { guestBrowser } = await import('../helpers/accounts.ts');
  const browser = await guestBrowser(t.app);
  await browser.login(t.admin.email, t.admin.password);
  return browser;
};

const notificationsOf = async (userId: number) =>
  t.database.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).execute();

describe('backstage requests', () => {
  it('files a become-artist request, which an admin approves: role, artist and membership', async () => {
    const user = await signedInUser(t.app);
    const created = await user.browser.post('/api/v1/backstage/requests', {
      type: 'become-artist',
      artist_name: 'The Night Owls',
      name: 'Olive Owl',
      company: 'Owl Records',
      role: 'Singer',
      links: ['https://example.com/owls'],
    });
    expect(created.statusCode).toBe(201);
    const { request } = created.json<{ request: BackstageRequest }>();
    expect(request).toMatchObject({ status: 'pending', artist_name: 'The Night Owls' });

    const mine = await user.browser.get(`/api/v1/backstage/requests/${request.id}`);
    expect(mine.statusCode).toBe(200);

    const adminBrowser = await admin();
    const queue = await adminBrowser.get('/api/v1/admin/backstage-requests?status=pending');
    expect(queue.statusCode).toBe(200);
    const page = queue.json<{ pagination: Pagination<BackstageRequest> }>().pagination;
    expect(page.data.map((r) => r.id)).toContain(request.id);

    const approved = await adminBrowser.post(
      `/api/v1/admin/backstage-requests/${request.id}/approve`,
    );
    expect(approved.statusCode).toBe(200);
    const after = approved.json<{ request: BackstageRequest }>().request;
    expect(after.status).toBe('approved');
    expect(after.artist?.name).toBe('The Night Owls');

    // The user now holds music.create and edits the new artist.
    const artists = await user.browser.get('/api/v1/backstage/artists');
    expect(artists.json().artists.map((a: { name: string }) => a.name)).toEqual(['The Night Owls']);
    const roles = (await t.app.services.users.getById(user.id)).roles.map((r) => r.name);
    expect(roles).toContain('artists');
    const notes = await notificationsOf(user.id);
    expect(notes.map((n) => n.type)).toContain('backstage.request_approved');

    // Reviewed once only.
    const again = await adminBrowser.post(`/api/v1/admin/backstage-requests/${request.id}/deny`, {
      reason: 'late',
    });
    expect(again.statusCode).toBe(422);
  });

  it('tells the reviewers of a new request; the approved artist is searchable and mailed a link that opens backstage (issue 36.1b)', async () => {
    const mailbox = await startMailbox();
    try {
      await deliverMailTo(t.app, mailbox);
      // A staff member who reviews requests (users.update) but is not an admin.
      const reviewer = await createUser(t.app, { roleNames: ['users'] });
      await t.app.services.users.setGrants(reviewer.id, {
        permissions: [{ name: 'users.update', restrictions: [] }],
      });
      const listener = await createUser(t.app);
      const user = await signedInUser(t.app);
      const created = await user.browser.post('/api/v1/backstage/requests', {
        type: 'become-artist',
        artist_name: 'Quiet Harbour',
        name: 'Quinn',
      });
      expect(created.statusCode).toBe(201);
      const { request } = created.json<{ request: BackstageRequest }>();
      const adminId = (await t.app.services.users.findRowByEmail(t.admin.email))!.id;
      for (const id of [adminId, reviewer.id]) {
        const note = (await notificationsOf(id)).find(
          (n) =>
            n.type === 'backstage.request_created' &&
            n.data.includes(`"/admin/backstage-requests/${request.id}"`),
        );
        expect(note, `user ${id}`).toBeTruthy();
      }
      for (const id of [listener.id, user.id]) {
        expect((await notificationsOf(id)).map((n) => n.type)).not.toContain(
          'backstage.request_created',
        );
      }

      const before = mailbox.messages.length;
      const adminBrowser = await admin();
      const approved = await adminBrowser.post(
        `/api/v1/admin/backstage-requests/${request.id}/approve`,
      );
      expect(approved.statusCode).toBe(200);
      const artistId = approved.json<{ request: BackstageRequest }>().request.artist!.id;

      const found = await user.browser.get('/api/v1/search?query=quiet%20harb');
      expect(found.statusCode).toBe(200);
      expect(
        found.json<{ results: { artists: { id: number }[] } }>().results.artists.map((a) => a.id),
      ).toContain(artistId);

      const mail = await mailbox.waitFor((m) => m.to.includes(user.email), { after: before });
      const link = linkIn(mail);
      expect(link.pathname).toBe('/backstage/upload');
      expect(link.origin).toBe(new URL(await t.app.services.siteAddress.require()).origin);
      expect(mail.text).not.toMatch(/: \/backstage/);
    } finally {
      await t.app.services.settings.set({ 'mail.driver': 'log' });
      await mailbox.close();
    }
  });

  it('verifies an existing artist on approval', async () => {
    const artist = await createArtist(t.app, { name: 'Verified Vera' });
    const user = await signedInUser(t.app);
    const created = await user.browser.post('/api/v1/backstage/requests', {
      type: 'verify-artist',
      artist_id: artist.id,
      name: 'Vera',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ request: BackstageRequest }>().request.id;
    const adminBrowser = await admin();
    expect(
      (await adminBrowser.post(`/api/v1/admin/backstage-requests/${id}/approve`)).statusCode,
    ).toBe(200);
    const row = await t.database.db
      .selectFrom('artists')
      .select('verified')
      .where('id', '=', artist.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.verified)).toBe(1);
    const edit = await user.browser.get(`/api/v1/backstage/artists/${artist.id}`);
    expect(edit.statusCode).toBe(200);
  });

  it('denies with a reason and tells the requester', async () => {
    const artist = await createArtist(t.app);
    const user = await signedInUser(t.app);
    const created = await user.browser.post('/api/v1/backstage/requests', {
      type: 'claim-artist',
      artist_id: artist.id,
      name: 'Claimant',
    });
    const id = created.json<{ request: BackstageRequest }>().request.id;
    const adminBrowser = await admin();
    const empty = await adminBrowser.post(`/api/v1/admin/backstage-requests/${id}/deny`, {
      reason: '',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason).toBeDefined();
    const denied = await adminBrowser.post(`/api/v1/admin/backstage-requests/${id}/deny`, {
      reason: 'We could not confirm the links.',
    });
    expect(denied.statusCode).toBe(200);
    expect(denied.json().request).toMatchObject({
      status: 'denied',
      deny_reason: 'We could not confirm the links.',
    });
    const notes = await notificationsOf(user.id);
    expect(notes.map((n) => n.type)).toContain('backstage.request_denied');
    expect((await user.browser.get(`/api/v1/backstage/artists/${artist.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input field by field', async () => {
    const user = await signedInUser(t.app);
    const noName = await user.browser.post('/api/v1/backstage/requests', {
      type: 'become-artist',
      name: '',
      links: ['not a link'],
    });
    expect(noName.statusCode).toBe(422);
    const errors = noName.json().errors;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['name', 'artist_name', 'links.0']));
    const unknownArtist = await user.browser.post('/api/v1/backstage/requests', {
      type: 'claim-artist',
      artist_id: 999999,
      name: 'Someone',
    });
    expect(unknownArtist.statusCode).toBe(422);
    expect(unknownArtist.json().errors.artist_id).toBeDefined();
    const foreignFile = await user.browser.post('/api/v1/backstage/requests', {
      type: 'become-artist',
      artist_name: 'X',
      name: 'Someone',
      file_entry_ids: [999999],
    });
    expect(foreignFile.statusCode).toBe(422);
  });

  it("hides someone else's request and keeps the queue to admins", async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const created = await owner.browser.post('/api/v1/backstage/requests', {
      type: 'become-artist',
      artist_name: 'Mine',
      name: 'Owner',
    });
    const id = created.json<{ request: BackstageRequest }>().request.id;
    expect((await other.browser.get(`/api/v1/backstage/requests/${id}`)).statusCode).toBe(404);
    expect((await other.browser.get('/api/v1/admin/backstage-requests')).statusCode).toBe(403);
    expect(
      (await other.browser.post(`/api/v1/admin/backstage-requests/${id}/approve`)).statusCode,
    ).toBe(403);
    const adminBrowser = await admin();
    expect((await adminBrowser.get('/api/v1/admin/backstage-requests/999999')).statusCode).toBe(
      404,
    );
    const filtered = await adminBrowser.get(
      '/api/v1/admin/backstage-requests?type=become-artist&query=mine',
    );
    expect(filtered.json().pagination.data.map((r: BackstageRequest) => r.id)).toContain(id);
  });
});
