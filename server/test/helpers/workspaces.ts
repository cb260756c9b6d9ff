import type { FastifyInstance } from 'fastify';
import type { WorkspaceDetails, WorkspaceRole } from '@backbeat/common';
import { signedInUser } from './accounts.ts';
import type { Browser } from './client.ts';
import type { CreatedUser } from './factories.ts';

export type Person = CreatedUser & { browser: Browser };

/** A workspace with an owner and, when asked, people already in it with their roles. */
export async function workspaceWith(
  app: FastifyInstance,
  roles: Exclude<WorkspaceRole, 'owner'>[] = [],
  name = 'Studio',
): Promise<{ id: number; owner: Person; members: Person[] }> {
  const owner = await signedInUser(app, { name: 'Olive Owner' });
  const response = await owner.browser.post('/api/v1/workspaces', { name });
  if (response.statusCode !== 200)
    throw new Error(`Could not create a workspace: ${response.body}`);
  const { id } = (response.json() as { workspace: WorkspaceDetails }).workspace;
  const members: Person[] = [];
  for (const role of roles) {
    const member = await signedInUser(app);
    await joinByInvite(owner.browser, id, member, role);
    members.push(member);
  }
  return { id, owner, members };
}

/** Invites the person through the API and joins with the invite id from their notification. */
export async function joinByInvite(
  inviter: Browser,
  workspaceId: number,
  person: Person,
  role: 'admin' | 'member' = 'member',
): Promise<void> {
  const invited = await inviter.post(`/api/v1/workspaces/${workspaceId}/invites`, {
    emails: [person.email],
    role,
  });
  if (invited.statusCode !== 200) throw new Error(`Invite failed: ${invited.body}`);
  const inviteId = await inviteIdFor(person.browser);
  const joined = await person.browser.get(`/api/v1/workspace/join/${inviteId}`);
  if (joined.statusCode !== 200) throw new Error(`Join failed: ${joined.body}`);
}

/** The invite id carried by the newest workspace invitation in the person's notifications. */
export async function inviteIdFor(browser: Browser): Promise<string> {
  const list = (await browser.get('/api/v1/notifications')).json() as {
    pagination: { data: { type: string; data: { inviteId?: string } }[] };
  };
  const inviteId = list.pagination.data.find((n) => n.type === 'workspace.invite')?.data.inviteId;
  if (!inviteId) throw new Error('No workspace invitation in the notifications');
  return inviteId;
}

export async function workspaceDetails(browser: Browser, id: number): Promise<WorkspaceDetails> {
  const response = await browser.get(`/api/v1/workspaces/${id}`);
  if (response.statusCode !== 200) throw new Error(`Workspace ${id}: ${response.body}`);
  return (response.json() as { workspace: WorkspaceDetails }).workspace;
}
