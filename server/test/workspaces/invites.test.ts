import type { AppNotification, BootstrapData, WorkspaceDetails } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { saveSettings, signIn, type HttpSession } from '../helpers/built-server.ts';
import { uniqueEmail } from '../helpers/factories.ts';
import { linkIn, mailSettingsFor, startMailbox, type Mailbox } from '../helpers/mailbox.ts';
import { openRealtime } from '../helpers/realtime.ts';
import { inviteIdFor, workspaceDetails, workspaceWith } from '../helpers/workspaces.ts';

let testApp: TestApp;
let mailbox: Mailbox;
/** The admin over HTTP, to save settings the built server keeps cached. */
let admin: HttpSession;

beforeAll(async () => {
  // The browsers, the realtime socket and the mail all come from the built server (issue 37.3).
  [testApp, mailbox] = await Promise.all([
    createTestApp({ env: { APP_URL: 'https://music.test' }, builtServer: true }),
    startMailbox(),
  ]);
  admin = await signIn(testApp.url!, testApp.admin);
  await saveSettings(admin, mailSettingsFor(mailbox));
});
afterAll(async () => {
  await testApp.close();
  await mailbox.close();
});

const invitesUrl = (id: number) => `/api/v1/workspaces/${id}/invites`;
const notificationsOf = async (browser: { get(url: string): Promise<{ json(): unknown }> }) =>
  (
    (await browser.get('/api/v1/notifications')).json() as {
      pagination: { data: AppNotification[] };
    }
  ).pagination.data;

describe('POST workspaces/{id}/invites', () => {
  it('emails the link and notifies an existing account live, with Join and Decline', async () => {
    const { id, owner } = await workspaceWith(testApp.app, [], 'Mix Room');
    const invitee = await signedInUser(testApp.app);
    const socket = await openRealtime(testApp.app, invitee.browser);

    const response = await owner.browser.post(invitesUrl(id), {
      emails: [invitee.email.toUpperCase()],
      role: 'admin',
    });
    expect(response.statusCode).toBe(200);
    const invites = (response.json() as { workspace: WorkspaceDetails }).workspace.invites;
    expect(invites).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        email: invitee.email,
        role: 'admin',
        expires_at: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
    const days = (Date.parse(invites[0]!.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await mailbox.waitFor((m) => m.to.includes(invitee.email));
    expect(mail.subject).toBe('Join Mix Room on Backbeat');
    expect(mail.text).toContain('Olive Owner invited you to join the Mix Room workspace');
    expect(linkIn(mail).toString()).toBe(`https://music.test/workspace/join/${invites[0]!.id}`);

    const live = await socket.next((e) => e.type === 'notification');
    await socket.close();
    expect(live).toMatchObject({ unreadCount: 1, notification: { type: 'workspace.invite' } });
    const [notification] = await notificationsOf(invitee.browser);
    expect(notification?.data).toEqual({
      image: null,
      lines: [
        {
          type: 'primary',
          content: ':name invited you to join the :workspace workspace',
          replacements: { name: 'Olive Owner', workspace: 'Mix Room' },
        },
      ],
      mainAction: { label: 'Open invitation', action: `/workspace/join/${invites[0]!.id}` },
      buttonActions: [
        { label: 'Join', action: 'join-workspace' },
        { label: 'Decline', action: 'decline-workspace' },
      ],
      inviteId: invites[0]!.id,
    });
  });

  it('sends an address without an account to registration with the invite', async () => {
    const { id, owner } = await workspaceWith(testApp.app);
    const email = uniqueEmail('newcomer');
    await owner.browser.post(invitesUrl(id), { emails: [email] });
    const link = linkIn(await mailbox.waitFor((m) => m.to.includes(email)));
    expect(link.pathname).toBe('/workspace/join/register');
    expect(link.searchParams.get('email')).toBe(email);
    const inviteId = link.searchParams.get('invite_id');
    expect(link.searchParams.get('redirect')).toBe(`/workspace/join/${inviteId}`);
  });

  it('renews the invite of an address invited again and withdraws the old notification', async () => {
    const { id, owner } = await workspaceWith(testApp.app);
    const invitee = await signedInUser(testApp.app);
    await owner.browser.post(invitesUrl(id), { emails: [invitee.email] });
    const first = await inviteIdFor(invitee.browser);
    await owner.browser.post(invitesUrl(id), { emails: [invitee.email] });
    const notes = await notificationsOf(invitee.browser);
    expect(notes.map((n) => n.data.inviteId)).toEqual([expect.not.stringMatching(first)]);
    expect((await invitee.browser.get(`/api/v1/workspace/join/${first}`)).statusCode).toBe(404);
  });

  it.each([
    ['no emails', {}, 'emails'],
    ['an empty list', { emails: [] }, 'emails'],
    ['an invalid address', { emails: ['ok@backbeat.test', 'not-an-email'] }, 'emails.1'],
    ['an unknown role', { emails: ['ok@backbeat.test'], role: 'owner' }, 'role'],
    [
      'over 20 addresses',
      { emails: Array.from({ length: 21 }, (_, i) => `p${i}@x.test`) },
      'emails',
    ],
  ])('answers %s with 422', async (_case, body, field) => {
    const { id, owner } = await workspaceWith(testApp.app);
    const response = await owner.browser.post(invitesUrl(id), body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual([field]);
  });

  it('refuses to invite someone already in the workspace (422)', async () => {
    const { id, owner, members } = await workspaceWith(testApp.app, ['member']);
    const response = await owner.browser.post(invitesUrl(id), { emails: [members[0]!.email] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { 'emails.0': ['This person is already a member of the workspace.'] },
    });
  });

  it('lets admins invite members but not admins; members and strangers may not invite', async () => {
    const { id, members } = await workspaceWith(testApp.app, ['admin', 'member']);
    const [admin, member] = members as [(typeof members)[0], (typeof members)[0]];
    const stranger = await signedInUser(testApp.app);
    const emails = [uniqueEmail()];
    expect((await admin.browser.post(invitesUrl(id), { emails })).statusCode).toBe(200);
    const asAdmin = await admin.browser.post(invitesUrl(id), { emails, role: 'admin' });
    expect(asAdmin.statusCode).toBe(422);
    expect(Object.keys((asAdmin.json() as { errors: object }).errors)).toEqual(['role']);
    expect((await member.browser.post(invitesUrl(id), { emails })).statusCode).toBe(403);
    expect((await stranger.browser.post(invitesUrl(id), { emails })).statusCode).toBe(404);
  });
});

describe('GET workspace/join/{inviteId}', () => {
  it('adds the invited user with the role of the invite, once', async () => {
    const { id, owner } = await workspaceWith(testApp.app, [], 'Band');
    const invitee = await signedInUser(testApp.app);
    await owner.browser.post(invitesUrl(id), { emails: [invitee.email], role: 'admin' });
    const inviteId = await inviteIdFor(invitee.browser);

    const joined = await invitee.browser.get(`/api/v1/workspace/join/${inviteId}`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({
      message: 'Joined workspace',
      workspace: { id, name: 'Band', members_count: 2, role: 'admin' },
    });
    // The invitation notification is used up.
    expect(await notificationsOf(invitee.browser)).toEqual([]);
    const data = (await invitee.browser.get('/api/v1/bootstrap-data')).json() as {
      bootstrapData: BootstrapData;
    };
    expect(data.bootstrapData.workspaces.map((w) => w.id)).toEqual([0, id]);
    expect((await workspaceDetails(owner.browser, id)).invites).toEqual([]);

    const again = await invitee.browser.get(`/api/v1/workspace/join/${inviteId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'This invite is no longer valid' });
  });

  it('answers 404 to a user with another email, and leaves the invite usable', async () => {
    const { id, owner } = await workspaceWith(testApp.app);
    const invitee = await signedInUser(testApp.app);
    const thief = await signedInUser(testApp.app);
    await owner.browser.post(invitesUrl(id), { emails: [invitee.email] });
    const inviteId = await inviteIdFor(invitee.browser);
    expect((await thief.browser.get(`/api/v1/workspace/join/${inviteId}`)).statusCode).toBe(404);
    expect((await thief.browser.delete(`/api/v1/workspace/invite/${inviteId}`)).statusCode).toBe(
      404,
    );
    expect((await invitee.browser.get(`/api/v1/workspace/join/${inviteId}`)).statusCode).toBe(200);
  });

  it('answers 404 for an expired invite, an unknown id, and 401 to a guest', async () => {
    const { id, owner } = await workspaceWith(testApp.app);
    const invitee = await signedInUser(testApp.app);
    await owner.browser.post(invitesUrl(id), { emails: [invitee.email] });
    const inviteId = await inviteIdFor(invitee.browser);
    await testApp.database.db
      .updateTable('workspace_invites')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', inviteId)
      .execute();
    expect((await invitee.browser.get(`/api/v1/workspace/join/${inviteId}`)).statusCode).toBe(404);
    expect((await invitee.browser.get('/api/v1/workspace/join/nope')).statusCode).toBe(404);
    const guest = await guestBrowser(testApp.app);
    expect((await guest.get(`/api/v1/workspace/join/${inviteId}`)).statusCode).toBe(401);

    // The hourly pruning (run here on the shared database) takes the invite and its
    // notification away.
    expect(await testApp.app.services.workspaces.pruneExpiredInvites()).toBeGreaterThanOrEqual(1);
    expect(await notificationsOf(invitee.browser)).toEqual([]);
  });
});

describe('DELETE workspace/invite/{inviteId}', () => {
  it('declines: the invite and its notification are gone', async () => {
    const { id, owner } = await workspaceWith(testApp.app);
    const invitee = await signedInUser(testApp.app);
    await owner.browser.post(invitesUrl(id), { emails: [invitee.email] });
    const inviteId = await inviteIdFor(invitee.browser);
    const declined = await invitee.browser.delete(`/api/v1/workspace/invite/${inviteId}`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ message: 'Declined workspace invitation' });
    expect(await notificationsOf(invitee.browser)).toEqual([]);
    expect((await workspaceDetails(owner.browser, id)).invites).toEqual([]);
    expect((await invitee.browser.get(`/api/v1/workspace/join/${inviteId}`)).statusCode).toBe(404);
  });
});

describe('DELETE workspaces/{id}/invites/{inviteId}', () => {
  it('revokes a pending invite: joining then says it is no longer valid', async () => {
    const { id, owner, members } = await workspaceWith(testApp.app, ['member']);
    const invitee = await signedInUser(testApp.app);
    await owner.browser.post(invitesUrl(id), { emails: [invitee.email] });
    const inviteId = await inviteIdFor(invitee.browser);

    const url = `/api/v1/workspaces/${id}/invites/${inviteId}`;
    expect((await members[0]!.browser.delete(url)).statusCode).toBe(403);
    const revoked = await owner.browser.delete(url);
    expect(revoked.json()).toEqual({ message: 'Invite revoked' });
    expect(await notificationsOf(invitee.browser)).toEqual([]);
    const join = await invitee.browser.get(`/api/v1/workspace/join/${inviteId}`);
    expect(join.statusCode).toBe(404);
    expect(join.json()).toEqual({ message: 'This invite is no longer valid' });
    expect((await owner.browser.delete(url)).statusCode).toBe(404);
  });
});

describe('registration through an invite', () => {
  it('lets the invited address register while registration is closed, and only that one', async () => {
    const { id, owner } = await workspaceWith(testApp.app);
    const email = uniqueEmail('invited');
    await owner.browser.post(invitesUrl(id), { emails: [email] });
    const link = linkIn(await mailbox.waitFor((m) => m.to.includes(email)));
    const inviteId = link.searchParams.get('invite_id')!;
    await saveSettings(admin, { 'registration.disable': true });
    try {
      const account = {
        password: 'long enough password',
        password_confirmation: 'long enough password',
      };
      const other = await guestBrowser(testApp.app);
      const refused = await other.post('/auth/register', {
        ...account,
        email: uniqueEmail('other'),
        invite_id: inviteId,
        invite_type: 'workspace',
      });
      expect(refused.statusCode).toBe(403);

      const browser = await guestBrowser(testApp.app);
      const registered = await browser.post('/auth/register', {
        ...account,
        email,
        invite_id: inviteId,
        invite_type: 'workspace',
      });
      expect(registered.statusCode).toBe(200);
      const joined = await browser.get(`/api/v1/workspace/join/${inviteId}`);
      expect(joined.statusCode).toBe(200);
    } finally {
      await saveSettings(admin, { 'registration.disable': false });
    }
  });
});
