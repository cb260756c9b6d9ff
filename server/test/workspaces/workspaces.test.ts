import type { BootstrapData, WorkspaceDetails, WorkspaceSummary } from '@backbeat/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { openRealtime } from '../helpers/realtime.ts';
import { workspaceDetails, workspaceWith } from '../helpers/workspaces.ts';

let testApp: TestApp;

beforeAll(async () => {
  // The browsers and the realtime socket talk to the built server (issue 37.3).
  testApp = await createTestApp({ builtServer: true });
});
afterAll(() => testApp.close());

const bootstrapWorkspaces = async (browser: { get(url: string): Promise<{ json(): unknown }> }) =>
  ((await browser.get('/api/v1/bootstrap-data')).json() as { bootstrapData: BootstrapData })
    .bootstrapData.workspaces;

describe('POST workspaces', () => {
  it('creates a workspace with its creator as owner, listed in bootstrap after Default', async () => {
    const { id, browser } = await signedInUser(testApp.app, { name: 'Ada' });
    const response = await browser.post('/api/v1/workspaces', { name: '  Night Shift  ' });
    expect(response.statusCode).toBe(200);
    const workspace = (response.json() as { workspace: WorkspaceDetails }).workspace;
    expect(workspace).toMatchObject({
      name: 'Night Shift',
      role: 'owner',
      owner_id: id,
      members_count: 1,
      members: [{ id, name: 'Ada', role: 'owner', manageable: false }],
      invites: [],
      abilities: {
        update: true,
        delete: true,
        invite: true,
        assignRoles: ['admin', 'member'],
        leave: false,
      },
    });
    expect(await bootstrapWorkspaces(browser)).toEqual([
      { id: 0, name: 'Default', members_count: 1 },
      { id: workspace.id, name: 'Night Shift', members_count: 1, role: 'owner' },
    ]);
    const listed = (await browser.get('/api/v1/workspaces')).json() as {
      workspaces: WorkspaceSummary[];
    };
    expect(listed.workspaces.map((w) => w.id)).toEqual([workspace.id]);
  });

  it.each([
    ['no name', {}],
    ['a blank name', { name: '   ' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
  ])('answers %s with 422 on name', async (_case, body) => {
    const { browser } = await signedInUser(testApp.app);
    const response = await browser.post('/api/v1/workspaces', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual(['name']);
  });

  it('needs the workspaces.create permission (403) and a login (401)', async () => {
    const account = await createUser(testApp.app, { roleNames: [] });
    const browser = await guestBrowser(testApp.app);
    await browser.login(account.email, account.password);
    expect((await browser.post('/api/v1/workspaces', { name: 'X' })).statusCode).toBe(403);
    const guest = await guestBrowser(testApp.app);
    expect((await guest.post('/api/v1/workspaces', { name: 'X' })).statusCode).toBe(401);
    expect((await guest.get('/api/v1/workspaces')).statusCode).toBe(401);
  });
});

describe('GET workspaces/{id}', () => {
  it('shows members to a member, without pending invites for plain members', async () => {
    const { id, owner, members } = await workspaceWith(testApp.app, ['member']);
    await owner.browser.post(`/api/v1/workspaces/${id}/invites`, {
      emails: ['later@backbeat.test'],
    });
    const seen = await workspaceDetails(members[0]!.browser, id);
    expect(seen.role).toBe('member');
    expect(seen.members.map((m) => m.role)).toEqual(['owner', 'member']);
    expect(seen.members.every((m) => !m.manageable)).toBe(true);
    expect(seen.invites).toEqual([]);
    expect(seen.abilities).toEqual({
      update: false,
      delete: false,
      invite: false,
      assignRoles: [],
      leave: true,
    });
    expect((await workspaceDetails(owner.browser, id)).invites).toEqual([
      expect.objectContaining({ email: 'later@backbeat.test', role: 'member' }),
    ]);
  });

  it('answers 404 to someone who is not a member, and 422 for a bad id', async () => {
    const { id } = await workspaceWith(testApp.app);
    const stranger = await signedInUser(testApp.app);
    const response = await stranger.browser.get(`/api/v1/workspaces/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This workspace does not exist.' });
    expect((await stranger.browser.get('/api/v1/workspaces/abc')).statusCode).toBe(422);
  });
});

describe('PUT workspaces/{id}', () => {
  it('renames for the owner and admins; members get 403, strangers 404', async () => {
    const { id, owner, members } = await workspaceWith(testApp.app, ['admin', 'member']);
    const [admin, member] = members as [(typeof members)[0], (typeof members)[0]];
    const stranger = await signedInUser(testApp.app);

    const renamed = await admin.browser.put(`/api/v1/workspaces/${id}`, { name: 'Day Shift' });
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json() as { workspace: WorkspaceDetails }).workspace.name).toBe('Day Shift');
    expect((await owner.browser.put(`/api/v1/workspaces/${id}`, { name: 'A' })).statusCode).toBe(
      200,
    );
    expect((await member.browser.put(`/api/v1/workspaces/${id}`, { name: 'B' })).statusCode).toBe(
      403,
    );
    expect((await stranger.browser.put(`/api/v1/workspaces/${id}`, { name: 'C' })).statusCode).toBe(
      404,
    );
    const invalid = await owner.browser.put(`/api/v1/workspaces/${id}`, { name: '' });
    expect(invalid.statusCode).toBe(422);
    expect((await workspaceDetails(owner.browser, id)).name).toBe('A');
  });
});

describe('DELETE workspaces/{id}', () => {
  it('is for the owner only; members learn live that their list changed', async () => {
    const { id, owner, members } = await workspaceWith(testApp.app, ['admin']);
    const admin = members[0]!;
    expect((await admin.browser.delete(`/api/v1/workspaces/${id}`)).statusCode).toBe(403);
    const stranger = await signedInUser(testApp.app);
    expect((await stranger.browser.delete(`/api/v1/workspaces/${id}`)).statusCode).toBe(404);

    const socket = await openRealtime(testApp.app, admin.browser);
    const response = await owner.browser.delete(`/api/v1/workspaces/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Workspace deleted' });
    await socket.next((e) => e.type === 'workspaces.changed');
    await socket.close();
    expect((await admin.browser.get(`/api/v1/workspaces/${id}`)).statusCode).toBe(404);
    expect((await bootstrapWorkspaces(admin.browser)).map((w) => w.id)).toEqual([0]);
  });
});

describe('members', () => {
  it('lets the owner make a member admin and back; admins manage members only', async () => {
    const { id, owner, members } = await workspaceWith(testApp.app, ['admin', 'member', 'member']);
    const [admin, member, other] = members as [typeof owner, typeof owner, typeof owner];
    const url = (userId: number) => `/api/v1/workspaces/${id}/members/${userId}`;

    const promoted = await owner.browser.put(url(member.id), { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    const roles = (promoted.json() as { workspace: WorkspaceDetails }).workspace.members;
    expect(roles.find((m) => m.id === member.id)?.role).toBe('admin');
    expect((await owner.browser.put(url(member.id), { role: 'member' })).statusCode).toBe(200);

    // Admins may not hand out admin, nor touch the owner or other admins.
    expect((await admin.browser.put(url(other.id), { role: 'admin' })).statusCode).toBe(422);
    expect((await admin.browser.put(url(owner.id), { role: 'member' })).statusCode).toBe(403);
    expect((await owner.browser.put(url(owner.id), { role: 'member' })).statusCode).toBe(403);
    expect((await member.browser.put(url(other.id), { role: 'member' })).statusCode).toBe(403);
    expect((await owner.browser.put(url(member.id), { role: 'owner' })).statusCode).toBe(422);
    expect((await owner.browser.put(url(999_999), { role: 'member' })).statusCode).toBe(404);

    expect((await admin.browser.delete(url(other.id))).json()).toEqual({
      message: 'Member removed',
    });
    expect((await other.browser.get(`/api/v1/workspaces/${id}`)).statusCode).toBe(404);
    expect((await admin.browser.delete(url(owner.id))).statusCode).toBe(403);
  });

  it('lets members leave, but not the owner', async () => {
    const { id, owner, members } = await workspaceWith(testApp.app, ['member']);
    const member = members[0]!;
    const leave = await member.browser.delete(`/api/v1/workspaces/${id}/members/${member.id}`);
    expect(leave.json()).toEqual({ message: 'Left workspace' });
    expect((await workspaceDetails(owner.browser, id)).members_count).toBe(1);
    const ownerLeaves = await owner.browser.delete(`/api/v1/workspaces/${id}/members/${owner.id}`);
    expect(ownerLeaves.statusCode).toBe(403);
    expect(ownerLeaves.json()).toEqual({
      message: 'The owner cannot leave. Delete the workspace instead.',
    });
  });

  it('makes a workspace unusable by the query once the user is out of it', async () => {
    const { id, members } = await workspaceWith(testApp.app, ['member']);
    const member = members[0]!;
    expect((await member.browser.get(`/api/v1/notifications?workspaceId=${id}`)).statusCode).toBe(
      200,
    );
    await member.browser.delete(`/api/v1/workspaces/${id}/members/${member.id}`);
    expect((await member.browser.get(`/api/v1/notifications?workspaceId=${id}`)).statusCode).toBe(
      404,
    );
  });
});
