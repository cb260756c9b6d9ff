import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOGLE_SETTINGS,
  startOAuthProvider,
  type OAuthProvider,
} from '../../server/test/helpers/oauth-provider.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { startServer, type TestServer, setSettings } from '../src/server.ts';

let server: TestServer;
let browser: Browser;
let provider: OAuthProvider;

beforeAll(async () => {
  provider = await startOAuthProvider();
  [server, browser] = await Promise.all([
    startServer({
      env: { OAUTH_ENDPOINTS: JSON.stringify({ google: provider.endpoints }) },
    }),
    launchBrowser(),
  ]);
  await setSettings(server, GOOGLE_SETTINGS);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await provider?.close();
});

let counter = 0;
async function signedInPage(): Promise<{
  page: Page;
  context: BrowserContext;
  email: string;
  password: string;
}> {
  const email = `listener${++counter}@backbeat.test`;
  const password = 'long enough password';
  await server.app.services.users.createUser({ email, password, name: `Listener ${counter}` });
  const { page, context } = await newPage(browser);
  await loginThroughApi(context, server.url, { email, password });
  await page.goto(`${server.url}/account-settings`);
  await page.getByRole('heading', { name: 'Account settings' }).waitFor();
  return { page, context, email, password };
}

async function confirmPasswordIfAsked(page: Page, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirm password' });
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('account settings', () => {
  it('lists the sessions with this device marked', async () => {
    const { page, context } = await signedInPage();
    const list = page.getByTestId('sessions-list');
    await list.getByText('This device').waitFor();
    expect(await list.locator('li').count()).toBe(1);
    expect(await list.textContent()).toContain('Chrome');
    await context.close();
  });

  it('creates an API token that works as a bearer token until it is deleted', async () => {
    const { page, context, email, password } = await signedInPage();
    const panel = page.locator('#developers');
    await panel.getByRole('button', { name: 'Create token' }).click();
    await confirmPasswordIfAsked(page, password);
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    await dialog.getByLabel('Token name').fill('My script');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const token = (await dialog.getByTestId('plain-token').textContent()) ?? '';
    await dialog.getByRole('button', { name: 'Done' }).click();

    const call = () =>
      fetch(`${server.url}/api/v1/bootstrap-data`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
    const answer = await call();
    expect(answer.status).toBe(200);
    expect(
      ((await answer.json()) as { bootstrapData: { user: { email: string } } }).bootstrapData.user
        .email,
    ).toBe(email);

    const row = panel.getByTestId('tokens-list').locator('li').filter({ hasText: 'My script' });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Token deleted').waitFor();
    expect((await call()).status).toBe(401);
    await context.close();
  });

  it('changes the avatar from an uploaded image', async () => {
    const { page, context } = await signedInPage();
    await page
      .getByLabel('Upload image')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Uploaded avatar').waitFor();
    const avatar = page.locator('#account-details img').first();
    const src = (await avatar.getAttribute('src')) ?? '';
    // Stored re-encoded as WebP (lib/image-upload.ts).
    expect(src).toMatch(/^\/storage\/avatars\/[\w-]+\.webp$/);
    const served = await context.request.get(`${server.url}${src}`);
    expect(served.headers()['content-type']).toBe('image/webp');
    await context.close();
  });

  it('deletes the account after confirming the password', async () => {
    const { page, context, email, password } = await signedInPage();
    await page.locator('#delete-account').getByRole('button', { name: 'Delete account' }).click();
    await page
      .getByRole('dialog', { name: 'Delete account?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await confirmPasswordIfAsked(page, password);
    await page.getByText('Account deleted').waitFor();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await server.app.services.users.findRowByEmail(email)).toBeUndefined();
    await context.close();
  });
});

describe('social login against a local OAuth provider', () => {
  async function continueWithGoogle(page: Page) {
    await page.goto(`${server.url}/login`);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // The popup runs the provider round trip and closes itself; the page shows the outcome.
    await popupOpened;
  }

  it('creates and logs in a new user', async () => {
    provider.signInAs({
      sub: 'google-new-1',
      email: 'fresh@backbeat.test',
      email_verified: true,
      name: 'Fresh Face',
    });
    const { page, context } = await newPage(browser);
    await continueWithGoogle(page);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).textContent()).toContain(
      'Fresh Face',
    );
    await context.close();
  });

  it('links an existing account after asking for its password', async () => {
    const email = 'already.here@backbeat.test';
    await server.app.services.users.createUser({
      email,
      password: 'existing password',
      name: 'Already Here',
    });
    provider.signInAs({
      sub: 'google-existing-1',
      email,
      email_verified: true,
      name: 'Already Here',
    });
    const { page, context } = await newPage(browser);
    await continueWithGoogle(page);
    const dialog = page.getByRole('dialog', { name: 'Connect your Google account' });
    await dialog.getByLabel('Password').fill('existing password');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const user = await server.app.services.users.findRowByEmail(email);
    const links = await server.app.services.socialProfiles.listForUser(user!.id);
    expect(links.map((l) => l.service_name)).toEqual(['google']);
    await context.close();
  });
});
