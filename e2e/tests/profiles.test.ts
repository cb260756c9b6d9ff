import { slugify } from '@backbeat/common';
import { describe, expect, it } from 'vitest';
import { createTrack } from '../../server/test/helpers/catalog.ts';
import { solidPng } from '../../server/test/helpers/images.ts';
import { browserSuite } from '../src/suite.ts';

const suite = browserSuite();

/** A new user, logged in through the API, on a page with the cookie notice accepted. */
async function userPage(name: string, viewport?: { width: number; height: number }) {
  const { id, ...account } = await suite.account(name, 'profile');
  const opened = await suite.signedInPage({ id, ...account }, viewport ? { viewport } : {});
  return { ...opened, id, profileUrl: `${suite.server.url}/user/${id}/${slugify(name)}` };
}

describe('user profiles', () => {
  it('lets a user edit their description, links and header image, which stay after a reload', async () => {
    const { page, context, errors, profileUrl } = await userPage('Pia Profile');
    await page.goto(profileUrl);
    await page.getByRole('heading', { level: 1, name: 'Pia Profile' }).waitFor();
    await page.getByText('No tracks yet').waitFor();
    await page.getByRole('button', { name: 'Edit profile' }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog
      .getByLabel('Description')
      .fill('Field recordings from the coast.\nNew set every month.');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    const link = dialog.getByRole('group', { name: 'Link 1' });
    await link.getByLabel('Title').fill('My site');
    // A script address is refused on its field before anything is sent.
    await link.getByLabel('Address').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await link.getByText('Enter an http or https address.').waitFor();
    await link.getByLabel('Address').fill('https://pia.example/sets');

    await dialog.getByLabel('Choose Header image').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: solidPng(16, [30, 120, 200]),
    });
    await dialog.getByRole('img', { name: 'Preview of Header image' }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Pia Profile' }).waitFor();
    expect(await page.getByTestId('profile-description').textContent()).toBe(
      'Field recordings from the coast.\nNew set every month.',
    );
    const saved = page.getByRole('list', { name: 'Links' }).getByRole('link', { name: /My site/ });
    expect(await saved.getAttribute('href')).toBe('https://pia.example/sets');
    expect(await saved.getAttribute('target')).toBe('_blank');
    expect(await saved.getAttribute('rel')).toBe('noopener nofollow ugc');
    const banner = page.getByTestId('profile-header-image');
    expect(await banner.getAttribute('src')).toMatch(
      /^\/storage\/public\/profile-headers\/.+\.webp$/,
    );
    // The stored file is served and decodes as an image.
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(16);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a visitor the public uploads on the Tracks tab, not the private ones, and plays them', async () => {
    const owner = await userPage('Owen Uploads');
    const audio = await suite.server.app.services.catalog.audioFor(1, { userId: null });
    await createTrack(suite.server.app, {
      name: 'Sunlit Demo',
      ownerId: owner.id,
      audioPath: audio!.path,
    });
    await createTrack(suite.server.app, {
      name: 'Hidden Sketch',
      ownerId: owner.id,
      isPublic: false,
      audioPath: audio!.path,
    });

    // The owner sees both.
    await owner.page.goto(`${owner.profileUrl}/tracks`);
    const ownList = owner.page.getByRole('list', { name: 'Uploaded tracks' });
    await expect.poll(() => ownList.getByTestId('track-row').count()).toBe(2);
    // Only the private one carries the lock that tells the owner nobody else sees it.
    const hidden = ownList.getByRole('listitem', { name: 'Hidden Sketch' });
    expect(await hidden.getByRole('img', { name: 'Private' }).count()).toBe(1);
    expect(await ownList.getByRole('img', { name: 'Private' }).count()).toBe(1);
    await owner.context.close();

    // A visitor on a phone-sized screen sees only the public one, and plays it from the tab.
    const visitor = await userPage('Vera Visitor', { width: 390, height: 844 });
    await visitor.page.goto(`${owner.profileUrl}/tracks`);
    const tab = visitor.page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('link', { name: 'Tracks' });
    expect(await tab.getAttribute('aria-current')).toBe('page');
    const list = visitor.page.getByRole('list', { name: 'Uploaded tracks' });
    await list.getByRole('listitem', { name: 'Sunlit Demo' }).waitFor();
    expect(await list.getByTestId('track-row').count()).toBe(1);
    expect(await visitor.page.getByText('Hidden Sketch').count()).toBe(0);

    await visitor.page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(() => visitor.page.getByTestId('player-track-name').first().textContent(), {
        timeout: 10_000,
      })
      .toBe('Sunlit Demo');

    // The Albums tab has its own address and an empty state.
    await visitor.page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('link', { name: 'Albums' })
      .click();
    await visitor.page.waitForURL(/\/albums$/);
    await visitor.page.getByText('No albums yet').waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});
