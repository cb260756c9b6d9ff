import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../server/test/helpers/built-server.ts';
import {
  mailSettingsFor,
  linkIn,
  startMailbox,
  type Mailbox,
} from '../../server/test/helpers/mailbox.ts';
import { launchBrowser, loginThroughApi, newPage, realtimeReady } from '../src/browser.ts';
import { setSettings, startServer, type TestServer } from '../src/server.ts';

let server: TestServer;
let browser: Browser;
let mailbox: Mailbox;

beforeAll(async () => {
  [server, browser, mailbox] = await Promise.all([startServer(), launchBrowser(), startMailbox()]);
  await setSettings(server, mailSettingsFor(mailbox));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mailbox?.close();
});

let counter = 0;
async function account(name: string) {
  const email = `member${++counter}@backbeat.test`;
  const password = 'long enough password';
  const id = await server.app.services.users.createUser({ email, password, name });
  return { id, email, password, name, image: null };
}
type Account = Awaited<ReturnType<typeof account>>;

/** A signed-in tab whose realtime socket is live, so notifications arrive without reload. */
async function openAs(user: Account, path = '/') {
  const { page, context } = await newPage(browser);
  await loginThroughApi(context, server.url, user);
  const ready = realtimeReady(page);
  await page.goto(`${server.url}${path}`);
  await ready;
  return { page, context };
}

async function accountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu');
}

async function activeWorkspace(page: Page): Promise<string> {
  const menu = await accountMenu(page);
  const checked = menu.getByRole('menuitemradio', { checked: true });
  const name = (await checked.locator('span span').first().textContent()) ?? '';
  await page.keyboard.press('Escape');
  return name;
}

/**
 * A workspace made and an invite sent over HTTP, as the owner's tab does: the server under
 * test notifies the invitee, so it pushes the notification down their open socket (one made
 * by the test process's services would reach no socket of the server).
 */
async function invited(owner: Account, invitee: Account, name: string): Promise<number> {
  const session = await signIn(server.url, owner);
  const call = async (path: string, body: unknown) => {
    const response = await session.request('POST', path, body);
    if (!response.ok)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { workspace: { id: number } }).workspace;
  };
  const { id } = await call('/api/v1/workspaces', { name });
  await call(`/api/v1/workspaces/${id}/invites`, { emails: [invitee.email], role: 'member' });
  return id;
}

describe('workspaces', () => {
  it('invites a second user, who joins from the notification and switches workspaces', async () => {
    const owner = await account('Olive Owner');
    const invitee = await account('Ivan Invitee');
    const ownerTab = await openAs(owner);
    const inviteeTab = await openAs(invitee);
    const { page } = ownerTab;

    await (await accountMenu(page)).getByRole('menuitem', { name: 'Create workspace' }).click();
    const create = page.getByRole('dialog', { name: 'Create workspace' });
    await create.getByLabel('Name').fill('Night Shift');
    await create.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Workspace created').waitFor();
    expect(await activeWorkspace(page)).toBe('Night Shift');

    // A playlist made while the workspace is active belongs to the workspace.
    const ownerSidebar = page.getByRole('navigation', { name: 'Playlists' });
    await ownerSidebar.getByRole('button', { name: 'New playlist' }).click();
    const newPlaylist = page.getByRole('dialog', { name: 'New playlist' });
    await newPlaylist.getByLabel('Name').fill('Shift Anthems');
    await newPlaylist.getByRole('button', { name: 'Create' }).click();
    await ownerSidebar.getByRole('link', { name: 'Shift Anthems' }).waitFor();

    await (await accountMenu(page)).getByRole('menuitem', { name: 'Manage workspace' }).click();
    const manage = page.getByRole('dialog', { name: 'Night Shift' });
    await manage.getByLabel('Invite by email').fill(invitee.email);
    await manage.getByRole('button', { name: 'Send invites' }).click();
    await page.getByText('Invitation sent').waitFor();
    await manage.getByTestId('workspace-invites').getByText(invitee.email).waitFor();

    // The invitee's open tab hears about it at once.
    const other = inviteeTab.page;
    await other.getByRole('button', { name: 'Notifications: 1 unread' }).click();
    const item = other
      .getByRole('dialog', { name: 'Notifications' })
      .getByTestId('notification')
      .filter({ hasText: 'Olive Owner invited you to join the Night Shift workspace' });
    await item.getByRole('button', { name: 'Join', exact: true }).click();
    await other.getByText('Joined workspace').waitFor();
    await other.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await activeWorkspace(other)).toBe('Night Shift');
    const cookies = await inviteeTab.context.cookies(server.url);
    expect(Number(cookies.find((c) => c.name === 'activeWorkspaceId')?.value)).toBeGreaterThan(0);

    // The shared playlist shows in the workspace, and not in the personal one.
    const inviteeSidebar = other.getByRole('navigation', { name: 'Playlists' });
    await inviteeSidebar.getByRole('link', { name: 'Shift Anthems' }).waitFor();
    await (await accountMenu(other)).getByRole('menuitemradio', { name: /Default/ }).click();
    expect(await activeWorkspace(other)).toBe('Default');
    await inviteeSidebar.getByText('No playlists yet').waitFor();
    await (await accountMenu(other)).getByRole('menuitemradio', { name: /Night Shift/ }).click();
    expect(await activeWorkspace(other)).toBe('Night Shift');
    await inviteeSidebar.getByRole('link', { name: 'Shift Anthems' }).waitFor();

    // The owner sees the new member.
    await page.keyboard.press('Escape');
    await (await accountMenu(page)).getByRole('menuitem', { name: 'Manage workspace' }).click();
    await page
      .getByRole('dialog', { name: 'Night Shift' })
      .getByTestId('workspace-members')
      .getByText('Ivan Invitee')
      .waitFor();
    await ownerTab.context.close();
    await inviteeTab.context.close();
  });

  it('declines an invite from the invitation dialog', async () => {
    const owner = await account('Olive Owner');
    const invitee = await account('Dana Decliner');
    const { page, context } = await openAs(invitee, '/notifications');
    const workspaceId = await invited(owner, invitee, 'Brass Section');

    await page
      .getByRole('button', { name: /Olive Owner invited you to join the Brass Section workspace/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Join workspace' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('Declined workspace invitation').waitFor();
    await page.getByText('Hang tight! Notifications will start showing up here soon.').waitFor();
    expect(await activeWorkspace(page)).toBe('Default');
    const details = await server.app.services.workspaces.details(workspaceId, owner.id);
    expect(details.invites).toEqual([]);
    expect(details.members.map((m) => m.name)).toEqual(['Olive Owner']);
    await context.close();
  });

  it('says "This invite is no longer valid" for an invite that was revoked', async () => {
    const owner = await account('Olive Owner');
    const invitee = await account('Rex Revoked');
    const workspaceId = await invited(owner, invitee, 'Closed Room');
    const ownerTab = await openAs(owner);
    const link = linkIn(await mailbox.waitFor((m) => m.to.includes(invitee.email)));

    // The owner takes the invite back.
    const { page } = ownerTab;
    await (await accountMenu(page)).getByRole('menuitemradio', { name: /Closed Room/ }).click();
    await (await accountMenu(page)).getByRole('menuitem', { name: 'Manage workspace' }).click();
    await page
      .getByRole('dialog', { name: 'Closed Room' })
      .getByRole('button', { name: `Revoke the invite of ${invitee.email}` })
      .click();
    await page.getByText('Invite revoked').waitFor();

    // The invitee follows the link in the email.
    const inviteeTab = await openAs(invitee);
    await inviteeTab.page.goto(`${server.url}${link.pathname}`);
    await inviteeTab.page
      .getByRole('alert')
      .filter({ hasText: 'This invite is no longer valid' })
      .waitFor();
    await inviteeTab.page.waitForURL(`${server.url}/`);
    expect(await activeWorkspace(inviteeTab.page)).toBe('Default');
    const details = await server.app.services.workspaces.details(workspaceId, owner.id);
    expect(details.members_count).toBe(1);
    await ownerTab.context.close();
    await inviteeTab.context.close();
  });
});
