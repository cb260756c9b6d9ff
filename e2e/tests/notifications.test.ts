import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../server/test/helpers/built-server.ts';
import { launchBrowser, loginThroughApi, newPage, realtimeReady } from '../src/browser.ts';
import { startServer, type TestServer } from '../src/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

let counter = 0;
async function account(name: string) {
  const email = `notified${++counter}@backbeat.test`;
  const password = 'long enough password';
  const id = await server.app.services.users.createUser({ email, password, name });
  return { id, email, password, name };
}

type Account = Awaited<ReturnType<typeof account>>;

/**
 * `follower` follows `followed` over HTTP, as the profile's Follow button does: the server
 * under test notifies, so it pushes the notification down the open page's socket (a
 * notification made by the test process's services would reach no socket of the server).
 */
async function follows(follower: Account, followed: Account): Promise<void> {
  const session = await signIn(server.url, follower);
  const response = await session.request('PUT', `/api/v1/library/follows/users/${followed.id}`);
  if (!response.ok) throw new Error(`Follow answered ${response.status}: ${await response.text()}`);
}

async function signedInPage(path = '/') {
  const user = await account(`Listener ${counter + 1}`);
  const { page, context, errors } = await newPage(browser);
  await loginThroughApi(context, server.url, user);
  const ready = realtimeReady(page);
  await page.goto(`${server.url}${path}`);
  await ready;
  return { page, context, errors, user };
}

describe('the notification bell', () => {
  it('shows a follow notification live, and marks it read when it is clicked', async () => {
    const { page, context, user } = await signedInPage();
    const follower = await account('Rita Follower');
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await bell.waitFor();

    // Someone follows the listener while the page stays open.
    await follows(follower, user);
    const unreadBell = page.getByRole('button', { name: 'Notifications: 1 unread' });
    await unreadBell.waitFor();
    expect(await page.getByTestId('unread-count').textContent()).toBe('1');

    await unreadBell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByTestId('notification').filter({ hasText: 'Rita Follower' });
    await item.getByText('Rita Follower started following you').waitFor();
    expect(await item.getByText('Unread').count()).toBe(1);

    await item.getByRole('button', { name: /Rita Follower started following you/ }).click();
    await page.waitForURL(`${server.url}/user/${follower.id}/rita-follower`);
    await bell.waitFor();
    expect(await page.getByTestId('unread-count').count()).toBe(0);

    await page.goto(`${server.url}/notifications`);
    const listed = page.getByTestId('notification').filter({ hasText: 'Rita Follower' });
    await listed.waitFor();
    expect(await listed.getByText('Unread').count()).toBe(0);
    await context.close();
  });
});

describe('the notifications page', () => {
  it('shows the empty state, then the list with "Mark all as read"', async () => {
    const { page, context, user } = await signedInPage('/notifications');
    await page.getByText('Hang tight! Notifications will start showing up here soon.').waitFor();
    const markAll = page.getByRole('button', { name: 'Mark all as read' });
    expect(await markAll.isDisabled()).toBe(true);

    for (const name of ['First Fan', 'Second Fan']) await follows(await account(name), user);
    // The open page picks both up live.
    await page.getByText('Second Fan started following you').waitFor();
    await page.getByText('First Fan started following you').waitFor();
    expect(await page.getByTestId('notification').getByText('Unread').count()).toBe(2);

    await markAll.click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await page
      .getByTestId('notification')
      .getByText('Unread')
      .first()
      .waitFor({ state: 'detached' });
    expect(await page.getByTestId('notification').count()).toBe(2);
    expect(await markAll.isDisabled()).toBe(true);
    await context.close();
  });
});

describe('notification settings', () => {
  it('saves a channel changed in the grid, and it is still changed after a reload', async () => {
    const { page, context } = await signedInPage('/notifications/settings');
    await page.getByRole('heading', { name: 'Notification settings' }).waitFor();
    const email = page.getByRole('checkbox', { name: 'Someone follows me: Email' });
    expect(await email.isChecked()).toBe(false);
    const groupEmail = page.getByRole('checkbox', { name: 'Social: Email for all' });
    expect(await groupEmail.isChecked()).toBe(false);

    await email.check();
    await page.getByRole('button', { name: 'Update preferences' }).click();
    await page.getByText('Updated preferences').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Notification settings' }).waitFor();
    const reloaded = page.getByRole('checkbox', { name: 'Someone follows me: Email' });
    await reloaded.waitFor();
    expect(await reloaded.isChecked()).toBe(true);
    expect(
      await page
        .getByRole('checkbox', { name: 'Someone replies to my comment: Email' })
        .isChecked(),
    ).toBe(true);

    // A group toggle turns the whole group off for that channel.
    await page.getByRole('checkbox', { name: 'Social: In app for all' }).uncheck();
    expect(
      await page.getByRole('checkbox', { name: 'Someone follows me: In app' }).isChecked(),
    ).toBe(false);
    await context.close();
  });

  it('says notifications are blocked when the browser refuses to show them', async () => {
    // Headless Chromium refuses notification permission, as a user who blocked them would.
    const { page, context } = await signedInPage('/notifications/settings');
    const browserCell = page.getByRole('checkbox', { name: 'Someone follows me: Browser' });
    await browserCell.uncheck();
    await browserCell.click();
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Notifications blocked. Please enable them for this site from browser settings.',
      })
      .waitFor();
    expect(await browserCell.isChecked()).toBe(false);
    await context.close();
  });
});
