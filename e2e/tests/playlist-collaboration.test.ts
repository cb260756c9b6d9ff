import type { Page } from 'playwright-core';
import { playlistLink } from '@backbeat/common';
import { solidPng } from '../../server/test/helpers/images.ts';
import { describe, expect, it } from 'vitest';
import { realtimeReady } from '../src/browser.ts';
import { browserSuite, type Account } from '../src/suite.ts';

const suite = browserSuite();

const account = (name: string) => suite.account(name, 'collaborator');

/** A signed-in tab whose realtime socket is live, so notifications arrive without a reload. */
async function openAs(user: Account, path = '/') {
  const opened = await suite.signedInPage(user);
  const ready = realtimeReady(opened.page);
  await opened.page.goto(`${suite.server.url}${path}`);
  await ready;
  return opened;
}

/** The names of the playlist page's track rows, in order. */
const trackNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Tracks' })
    .getByTestId('track-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));

/** A personal playlist of `owner` with the first `count` tracks of the catalog. */
async function playlistWithTracks(owner: Account, name: string, count: number) {
  const { playlists, catalog, users } = suite.server.app.services;
  const scope = { workspaceId: 0, userId: owner.id, role: 'owner' as const };
  const creator = (await users.findById(owner.id))!;
  const playlist = await playlists.create(scope, { name }, creator);
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  await playlists.addTracks(scope, playlist.id, ids);
  const tracks = await catalog.tracks(ids);
  return { playlist, names: tracks.map((t) => t.name) };
}

describe('collaborative playlists', () => {
  it('invites a second user, who adds a track the owner then sees', async () => {
    const owner = await account('Olga Owner');
    const editor = await account('Eddie Editor');
    const ownerTab = await openAs(owner);
    const editorTab = await openAs(editor);
    const { page } = ownerTab;

    // The owner starts a playlist and opens it.
    const sidebar = page.getByRole('navigation', { name: 'Playlists' });
    await sidebar.getByRole('button', { name: 'New playlist' }).click();
    const form = page.getByRole('dialog', { name: 'New playlist' });
    await form.getByLabel('Name').fill('Rehearsal room');
    await form.getByRole('button', { name: 'Create' }).click();
    await sidebar.getByRole('link', { name: 'Rehearsal room' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rehearsal room' }).waitFor();

    // Makes it collaborative and invites Eddie, found by name.
    await page.getByRole('button', { name: 'Collaborators' }).click();
    const dialog = page.getByRole('dialog', { name: 'Collaborators' });
    await dialog.getByRole('checkbox', { name: /^Collaborative/ }).check();
    await page.getByText('The playlist is now collaborative').waitFor();
    await dialog.getByLabel('Invite people').fill('Eddie Ed');
    await dialog.getByRole('button', { name: 'Invite Eddie Editor' }).click();
    await page.getByText('Invited Eddie Editor').waitFor();
    await dialog.getByTestId('playlist-editors').getByText('Eddie Editor').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('main').getByText('Collaborative', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Editors' }).getByText('Eddie Editor').waitFor();

    // Eddie hears about it at once, and the playlist joins his sidebar.
    const other = editorTab.page;
    await other
      .getByRole('navigation', { name: 'Playlists' })
      .getByRole('link', { name: 'Rehearsal room' })
      .waitFor();
    await other.getByRole('button', { name: 'Notifications: 1 unread' }).click();
    await other
      .getByRole('dialog', { name: 'Notifications' })
      .getByTestId('notification')
      .filter({ hasText: 'Olga Owner invited you to collaborate on the playlist Rehearsal room' })
      .waitFor();
    await other.keyboard.press('Escape');

    // He adds a track from a context menu.
    const popular = other.getByRole('list', { name: 'Popular tracks' });
    const row = popular.getByTestId('track-row').first();
    const added = (await row.getAttribute('aria-label')) ?? '';
    await row.click({ button: 'right' });
    await other.getByRole('menuitem', { name: 'Add to playlist' }).click();
    const picker = other.getByRole('dialog', { name: 'Add to playlist' });
    await picker.getByRole('button', { name: 'Rehearsal room' }).click();
    await other.getByText('Added to Rehearsal room').waitFor();

    // The owner reloads and sees it.
    await page.reload();
    await expect.poll(() => trackNames(page)).toEqual([added]);

    // Eddie's page offers leaving, not the owner's settings.
    await other
      .getByRole('navigation', { name: 'Playlists' })
      .getByRole('link', { name: 'Rehearsal room' })
      .click();
    await other.getByRole('heading', { level: 1, name: 'Rehearsal room' }).waitFor();
    await other.getByRole('button', { name: 'Leave' }).waitFor();
    expect(await other.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Collaborators', exact: true }).count()).toBe(0);

    expect(ownerTab.errors).toEqual([]);
    expect(editorTab.errors).toEqual([]);
    await ownerTab.context.close();
    await editorTab.context.close();
  });
});

describe('reordering a playlist by drag and drop', () => {
  it('moves a row onto another and keeps the order after a reload', async () => {
    const owner = await account('Dora Dragger');
    const { playlist, names } = await playlistWithTracks(owner, 'Drag me', 3);
    const { page, context, errors } = await openAs(owner, playlistLink(playlist));
    await expect.poll(() => trackNames(page)).toEqual(names);

    const rows = page.getByRole('list', { name: 'Tracks' }).getByTestId('track-row');
    const saved = page.waitForResponse(
      (r) => r.url().includes(`/playlists/${playlist.id}/tracks/order`) && r.ok(),
    );
    await rows.nth(0).dragTo(rows.nth(2));
    const moved = [names[1], names[2], names[0]];
    await expect.poll(() => trackNames(page)).toEqual(moved);
    await saved;
    await page.reload();
    await expect.poll(() => trackNames(page)).toEqual(moved);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts the order back and says why when the server refuses the move', async () => {
    const owner = await account('Rita Refused');
    const { playlist, names } = await playlistWithTracks(owner, 'Stubborn', 3);
    const { page, context } = await openAs(owner, playlistLink(playlist));
    await expect.poll(() => trackNames(page)).toEqual(names);
    await page.route(`**/api/v1/playlists/${playlist.id}/tracks/order**`, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'A playlist may have at most 5000 tracks.',
          errors: { ids: ['A playlist may have at most 5000 tracks.'] },
        }),
      }),
    );
    const rows = page.getByRole('list', { name: 'Tracks' }).getByTestId('track-row');
    await rows.nth(2).dragTo(rows.nth(0));
    await page.getByText('A playlist may have at most 5000 tracks.').waitFor();
    await expect.poll(() => trackNames(page)).toEqual(names);
    await context.close();
  });
});

describe('a playlist image', () => {
  it('is uploaded from the edit dialog and shows on the page and in the sidebar', async () => {
    const owner = await account('Ivy Imager');
    const { playlist } = await playlistWithTracks(owner, 'Cover story', 1);
    const { page, context, errors } = await openAs(owner, playlistLink(playlist));
    await page.getByRole('heading', { level: 1, name: 'Cover story' }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit playlist' });
    await dialog.getByLabel('Playlist image').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: solidPng(8),
    });
    await page.getByText('Image uploaded').waitFor();
    await dialog.getByRole('button', { name: 'Remove image' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const cover = page.locator('header img').last();
    await expect
      .poll(() => cover.getAttribute('src'))
      .toMatch(/^\/storage\/public\/playlists\/.+\.webp$/);
    const src = await cover.getAttribute('src');
    await page
      .getByRole('navigation', { name: 'Playlists' })
      .getByRole('link', { name: 'Cover story' })
      .locator(`img[src="${src}"]`)
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
