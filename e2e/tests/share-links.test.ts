import { albumLink } from '@backbeat/common';
import { describe, expect, it } from 'vitest';
import { newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { browserSuite } from '../src/suite.ts';

const suite = browserSuite();

describe('share links (issue 38)', () => {
  it('shares an album as a link a signed-out guest opens and plays, until it expires', async () => {
    const { app } = suite.server;
    const row = await app.services.database.db
      .selectFrom('albums')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const album = (await app.services.catalog.album(row.id, { userId: null }))!;
    const account = await suite.account('Sharon Sharer', 'sharer');

    const owner = await suite.signedInPage(account);
    await owner.page.goto(`${suite.server.url}${albumLink(album)}`);
    await owner.page.getByRole('heading', { name: album.name, level: 1 }).waitFor();
    await owner.page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = owner.page.getByRole('dialog', { name: `Share ${album.name}` });
    await dialog.getByLabel('Description (optional)').fill('Listen on the train');
    await dialog.getByLabel('Expires').selectOption({ label: 'After 7 days' });
    await dialog.getByRole('button', { name: 'Create share link' }).click();
    const link = await dialog.getByLabel('Share link').inputValue();
    expect(link).toMatch(new RegExp(`^${suite.server.url}/share/[\\w-]{16}$`));
    await dialog.getByText(/Anyone with this link can listen until/).waitFor();

    // Signed out, in a browser of its own: the page shows the album and plays it.
    const guest = await newPage(suite.browser);
    const missing: string[] = [];
    guest.page.on('response', (response) => {
      if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
    });
    await acceptCookies(guest.context, suite.server.url);
    await guest.page.goto(link);
    await guest.page.getByRole('heading', { name: album.name, level: 1 }).waitFor();
    await guest.page.getByText('Shared by Sharon Sharer').waitFor();
    await guest.page.getByText('Listen on the train').waitFor();
    const tracks = guest.page.getByRole('list', { name: 'Shared tracks' }).getByRole('listitem');
    expect(await tracks.count()).toBe(album.tracks.length);
    const first = album.tracks[0]!;
    await guest.page.getByRole('button', { name: `Play ${first.name}` }).click();
    await guest.page.getByRole('button', { name: `Pause ${first.name}` }).waitFor();
    const player = guest.page.getByLabel('Shared music player');
    await expect
      .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.3);
    expect(await player.evaluate((audio: HTMLAudioElement) => audio.src)).toContain(
      `/tracks/${first.id}/stream`,
    );
    expect(missing).toEqual([]);
    expect(guest.errors).toEqual([]);

    // The owner sees the visit in account settings.
    await owner.page.goto(`${suite.server.url}/account-settings`);
    const panel = owner.page.getByRole('region', { name: 'Shared links' });
    await panel.getByText(album.name).waitFor();
    await panel.getByText(/1 visit · Expires/).waitFor();

    // Past its expiry the link shows a clear page, and its audio is refused.
    await app.services.database.db
      .updateTable('shares')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .execute();
    await guest.page.reload();
    await guest.page.getByRole('heading', { name: 'This share link has expired' }).waitFor();
    expect(await guest.page.getByRole('button', { name: `Play ${first.name}` }).count()).toBe(0);
    const token = new URL(link).pathname.split('/').pop()!;
    const refused = await guest.context.request.get(
      `${suite.server.url}/api/v1/shared/${token}/tracks/${first.id}/stream`,
    );
    expect(refused.status()).toBe(404);

    // The owner deletes it: the link is gone.
    await owner.page.reload();
    await owner.page.getByRole('button', { name: `Delete the link to ${album.name}` }).click();
    await owner.page.getByText('You have not shared a link yet.').waitFor();
    await owner.context.close();
    await guest.context.close();
  });
});
