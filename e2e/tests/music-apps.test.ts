import { SubsonicAPI } from 'subsonic-api';
import { describe, expect, it } from 'vitest';
import { browserSuite } from '../src/suite.ts';

const suite = browserSuite();

describe('music apps (OpenSubsonic)', () => {
  it('connects an app from account settings, which then browses and is signed out on revoke', async () => {
    const account = await suite.account('Appy Listener', 'apps');
    const { page, context, errors } = await suite.signedInPage(account);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`${suite.server.url}/account-settings`);
    const panel = page.getByRole('region', { name: 'Music apps' });
    await panel.getByText('No app is connected yet.').waitFor();
    await panel.getByRole('button', { name: 'Connect an app' }).click();

    const dialog = page.getByRole('dialog', { name: 'Connect a music app' });
    await dialog.getByRole('button', { name: 'Generate password' }).click();
    await dialog.getByText('Name the app this password is for.').waitFor();
    await dialog.getByLabel('App name').fill('Symfonium');
    await dialog.getByRole('button', { name: 'Generate password' }).click();
    const password = (await dialog.getByTestId('app-password').textContent()) ?? '';
    expect(password).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
    expect(await dialog.getByTestId('app-username').textContent()).toBe(account.email);
    const server = (await dialog.getByTestId('app-server').textContent()) ?? '';
    await dialog.getByRole('button', { name: 'Done' }).click();

    const app = new SubsonicAPI({ url: server, auth: { username: account.email, password } });
    const { artists } = await app.getArtists();
    expect(artists.index!.length).toBeGreaterThan(0);

    await page.reload();
    const row = page.getByRole('list', { name: 'Connected apps' }).getByRole('listitem');
    await expect.poll(() => row.first().textContent()).toMatch(/Symfonium.*Last used/);
    await page.getByRole('button', { name: 'Revoke Symfonium' }).click();
    await page.getByText('No app is connected yet.').waitFor();
    const refused = (await app.ping()) as unknown as { error?: { code: number } };
    expect(refused.error?.code).toBe(40);
    expect(errors).toEqual([]);
    await context.close();
  });
});
