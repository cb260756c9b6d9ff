import type { Page } from 'playwright-core';
import { trackLink } from '@backbeat/common';
import { describe, expect, it } from 'vitest';
import { newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { browserSuite } from '../src/suite.ts';

const suite = browserSuite();

/** A new listener, logged in through the API, on a page with the cookie notice accepted. */
let listeners = 0;
async function listenerPage() {
  const me = ++listeners;
  const account = await suite.account(`Listener ${me}`, 'listener');
  return { ...(await suite.signedInPage(account)), me };
}

const nowPlaying = (page: Page) => page.getByTestId('player-track-name').textContent();

describe('the library', () => {
  it('likes a song in a track row, finds it in the library and plays the liked songs', async () => {
    const { page, context, errors } = await listenerPage();
    await page.goto(suite.server.url);
    const popular = page.getByRole('list', { name: 'Popular tracks' });
    const row = popular.getByTestId('track-row').first();
    await row.waitFor();
    const name = (await row.getAttribute('aria-label')) ?? '';
    const like = row.getByTestId('like-button');
    expect(await like.getAttribute('aria-label')).toBe(`Add ${name} to your library`);
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');

    await page
      .getByRole('navigation', { name: 'Your music' })
      .getByRole('link', { name: 'Songs' })
      .click();
    await page.waitForURL(/\/library\/songs$/);
    const liked = page.getByRole('list', { name: 'Liked songs' });
    await expect.poll(() => liked.getByTestId('track-row').allTextContents()).toHaveLength(1);
    expect(await liked.getByTestId('track-row').first().getAttribute('aria-label')).toBe(name);

    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => nowPlaying(page), { timeout: 5_000 }).toBe(name);

    // Unliking from the player bar takes it out of the library.
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('button', { name: `Remove ${name} from your library` })
      .last()
      .click();
    await page.getByText('No liked songs yet').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('likes the playing track from the player bar and lists it in the history', async () => {
    const { page, context, errors } = await listenerPage();
    await page.goto(suite.server.url);
    const popular = page.getByRole('list', { name: 'Popular tracks' });
    const row = popular.getByTestId('track-row').nth(1);
    await row.waitFor();
    const name = (await row.getAttribute('aria-label')) ?? '';
    const logged = page.waitForResponse(
      (response) => response.url().includes('/plays') && response.ok(),
      { timeout: 20_000 },
    );
    await popular.getByRole('button', { name: `Play ${name}` }).click();
    await expect.poll(() => nowPlaying(page), { timeout: 5_000 }).toBe(name);
    await logged;
    const bar = page.getByRole('region', { name: 'Player' });
    await bar
      .getByRole('button', { name: `Add ${name} to your library` })
      .last()
      .click();

    await page
      .getByRole('navigation', { name: 'Your music' })
      .getByRole('link', { name: 'History' })
      .click();
    const history = page.getByRole('list', { name: 'Recently played' });
    await expect
      .poll(() => history.getByTestId('track-row').first().getAttribute('aria-label'))
      .toBe(name);
    await page
      .getByRole('navigation', { name: 'Library' })
      .getByRole('link', { name: 'Songs' })
      .click();
    await page.getByRole('list', { name: 'Liked songs' }).getByRole('listitem', { name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('likes an artist and an album from their pages and shows them in the library', async () => {
    const { page, context, errors } = await listenerPage();
    await page.goto(`${suite.server.url}/artist/1`);
    const artist = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const likeArtist = page.getByTestId('like-page-button');
    await likeArtist.click();
    await expect.poll(() => likeArtist.getAttribute('aria-pressed')).toBe('true');

    await page.getByTestId('album-card').first().getByRole('link').first().click();
    await page.waitForURL(/\/album\//);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).not.toBe(artist);
    const album = (await heading.textContent()) ?? '';
    const likeAlbum = page.getByTestId('like-page-button');
    await likeAlbum.click();
    await expect.poll(() => likeAlbum.getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${suite.server.url}/library/artists`);
    await page.getByTestId('artist-card').getByText(artist, { exact: true }).waitFor();
    await page
      .getByRole('navigation', { name: 'Library' })
      .getByRole('link', { name: 'Albums' })
      .click();
    await page.getByTestId('album-card').getByText(album, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a playlist, adds tracks from the context menu and by drag and drop, reorders and plays it', async () => {
    const { page, context, errors } = await listenerPage();
    await page.goto(suite.server.url);
    const sidebar = page.getByRole('navigation', { name: 'Playlists' });
    await sidebar.getByRole('button', { name: 'New playlist' }).click();
    const form = page.getByRole('dialog', { name: 'New playlist' });
    await form.getByLabel('Name').fill('Morning run');
    await form.getByRole('button', { name: 'Create' }).click();
    await sidebar.getByRole('link', { name: 'Morning run' }).waitFor();

    const popular = page.getByRole('list', { name: 'Popular tracks' });
    const rows = popular.getByTestId('track-row');
    const names: string[] = [];
    for (const index of [0, 1]) {
      const name = (await rows.nth(index).getAttribute('aria-label')) ?? '';
      names.push(name);
      // A right-click opens the same menu as the row's button.
      await rows.nth(index).click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
      const picker = page.getByRole('dialog', { name: 'Add to playlist' });
      await picker.getByRole('button', { name: 'Morning run' }).click();
      await picker.waitFor({ state: 'detached' });
    }

    // A row dragged onto the playlist in the sidebar is added too.
    const dragged = (await rows.nth(2).getAttribute('aria-label')) ?? '';
    await rows.nth(2).dragTo(sidebar.getByRole('link', { name: 'Morning run' }));
    await page.getByText('Added to Morning run').last().waitFor();
    names.push(dragged);

    await sidebar.getByRole('link', { name: 'Morning run' }).click();
    await page.getByRole('heading', { level: 1, name: 'Morning run' }).waitFor();
    const tracks = page.getByRole('list', { name: 'Tracks' }).getByTestId('track-row');
    const order = async () =>
      Promise.all((await tracks.all()).map((row) => row.getAttribute('aria-label')));
    await expect.poll(order).toEqual(names);

    await page.getByRole('button', { name: `More actions for ${names[1]}` }).click();
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    await expect.poll(order).toEqual([names[1], names[0], names[2]]);
    // The new order is the server's too.
    await page.reload();
    await expect.poll(order).toEqual([names[1], names[0], names[2]]);

    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => nowPlaying(page), { timeout: 5_000 }).toBe(names[1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows an artist and a user, and sees them in the library and on the profile', async () => {
    const { page, context, errors, me } = await listenerPage();
    await page.goto(`${suite.server.url}/artist/2`);
    const artist = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const followArtist = page.getByTestId('follow-button');
    await followArtist.click();
    await expect.poll(() => followArtist.getAttribute('aria-pressed')).toBe('true');
    await page
      .getByRole('navigation', { name: 'Your music' })
      .getByRole('link', { name: 'Artists' })
      .click();
    await page.getByTestId('artist-card').getByText(artist, { exact: true }).waitFor();

    const starId = await suite.server.app.services.users.createUser({
      email: `star${me}@backbeat.test`,
      password: 'long enough password',
      name: `Star ${me}`,
    });
    await page.goto(`${suite.server.url}/user/${starId}/star`);
    await page.getByRole('heading', { level: 1, name: `Star ${me}` }).waitFor();
    await page.getByRole('button', { name: `Follow Star ${me}` }).click();
    await page.getByRole('button', { name: `Unfollow Star ${me}` }).waitFor();
    await page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('link', { name: 'Followers' })
      .click();
    await page.waitForURL(/\/followers$/);
    await page
      .getByRole('list', { name: 'Followers' })
      .getByRole('link', { name: `Listener ${me}` })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('posts a timed comment while playing and shows its marker on the waveform', async () => {
    const { page, context, errors } = await listenerPage();
    const [track] = await suite.server.app.services.catalog.tracks([3]);
    await page.goto(`${suite.server.url}${trackLink(track!)}`);
    await page.getByRole('heading', { level: 1, name: track!.name }).waitFor();
    await page.getByText('No comments yet. Be the first.').waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    // Once it plays, the form offers the playing moment.
    const atTime = page.getByRole('checkbox', { name: /^At 0:0[1-9]/ });
    await atTime.waitFor({ timeout: 20_000 });
    await page.getByRole('textbox', { name: 'Write a comment' }).fill('What a build-up');
    await page.getByRole('button', { name: 'Post', exact: true }).click();

    const marker = page.getByTestId('comment-marker');
    await marker.waitFor();
    expect(await marker.count()).toBe(1);
    const comment = page.getByTestId('comment');
    await comment.getByText('What a build-up').waitFor();
    expect(await comment.getByRole('button', { name: /^at 0:0[1-9]/ }).count()).toBe(1);
    expect(await marker.getByRole('button').getAttribute('aria-label')).toMatch(/What a build-up$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows synced lyrics while playing and seeks when a line is clicked', async () => {
    const { page, context, errors } = await listenerPage();
    await suite.server.app.services.catalogWrites.setLyrics(
      4,
      '[00:00.10]Opening line\n[00:01.20]Middle line\n[00:02.40]Closing line',
      true,
    );
    await page.goto(`${suite.server.url}/track/4/x`);
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('link', { name: 'Lyrics' })
      .click();
    await page.waitForURL(/\/lyrics$/);
    const lines = page.getByRole('list', { name: 'Lyrics' });
    const current = () => lines.locator('[aria-current="true"]').textContent();
    await expect.poll(current, { timeout: 15_000 }).toBe('Closing line');
    // A click on an earlier line seeks back to it.
    await lines.getByRole('button', { name: 'Opening line' }).click();
    await expect.poll(current, { timeout: 5_000 }).toBe('Opening line');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reposts a track and shows it on the profile', async () => {
    const { page, context, errors, me } = await listenerPage();
    const [track] = await suite.server.app.services.catalog.tracks([5]);
    await page.goto(`${suite.server.url}${trackLink(track!)}`);
    await page.getByRole('button', { name: 'Repost', exact: true }).click();
    await page.getByRole('button', { name: 'Reposted', exact: true }).waitFor();
    const user = await page.evaluate(async () => {
      const response = await fetch('/api/v1/bootstrap-data', {
        headers: { Accept: 'application/json' },
      });
      return ((await response.json()) as { bootstrapData: { user: { id: number } } }).bootstrapData
        .user.id;
    });
    await page.goto(`${suite.server.url}/user/${user}/listener-${me}/reposts`);
    await page
      .getByRole('list', { name: 'Reposted tracks' })
      .getByRole('listitem', { name: track!.name })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows someone else's public playlist and lists it in the sidebar", async () => {
    const author = await listenerPage();
    await author.page.goto(suite.server.url);
    await author.page
      .getByRole('navigation', { name: 'Playlists' })
      .getByRole('button', { name: 'New playlist' })
      .click();
    const form = author.page.getByRole('dialog', { name: 'New playlist' });
    await form.getByLabel('Name').fill('Shared grooves');
    await form.getByRole('checkbox', { name: /Public/ }).check();
    await form.getByRole('button', { name: 'Create' }).click();
    const link = author.page
      .getByRole('navigation', { name: 'Playlists' })
      .getByRole('link', { name: 'Shared grooves' });
    await link.click();
    await author.page.getByRole('heading', { level: 1, name: 'Shared grooves' }).waitFor();
    const address = author.page.url();
    await author.context.close();

    const { page, context, errors } = await listenerPage();
    await page.goto(address);
    await page.getByRole('heading', { level: 1, name: 'Shared grooves' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Follow Shared grooves' }).click();
    await page
      .getByRole('navigation', { name: 'Playlists' })
      .getByRole('link', { name: 'Shared grooves' })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends guests to the login page', async () => {
    const { page, context } = await newPage(suite.browser);
    await acceptCookies(context, suite.server.url);
    await page.goto(`${suite.server.url}/library/songs`);
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
  });
});
