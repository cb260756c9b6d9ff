import type { Page } from 'playwright-core';
import { playlistLink, trackLink, userLink } from '@backbeat/common';
import { describe, expect, it } from 'vitest';
import { browserSuite, type Account } from '../src/suite.ts';

/**
 * Issue 16: what users store is shown as text, never run. Each surface stores the corpus,
 * then a reader opens it in Chromium: no dialog opens, the page's CSP reports no blocked
 * script (so nothing even tried to run), no markup of the corpus became elements, and what
 * the server stored appears on the page literally.
 */
const CORPUS = [
  '<script>alert(1)</script>',
  '<<b>script>alert(1)<</b>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '"><img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">click</a>',
  'javascript:alert(1)',
  '<iframe src="javascript:alert(1)">',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  "';alert(1);//",
];

/** Elements that would exist only if some of the corpus became markup. */
const INJECTED =
  'img[src="x"], [onerror], [onload], [ontoggle], iframe, a[href^="javascript:" i], details[open], mglyph';

const suite = browserSuite();

const account = (name: string) => suite.account(name, 'xss');

/** A reader's tab that records dialogs and CSP violations from the first script on. */
async function readerTab(reader: Account) {
  const opened = await suite.signedInPage(reader);
  const dialogs: string[] = [];
  opened.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await opened.context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return { ...opened, dialogs };
}

async function expectNothingRan(tab: Awaited<ReturnType<typeof readerTab>>, page: Page) {
  expect(tab.dialogs).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  ).toEqual([]);
  expect(tab.errors.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
  expect(await page.locator(INJECTED).count()).toBe(0);
}

/** The text as the page shows it, whitespace folded as a reader sees it. */
const visibleText = async (page: Page) =>
  ((await page.locator('body').innerText()) ?? '').replace(/\s+/g, ' ');
const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('stored XSS corpus rendered in the browser', () => {
  it('playlist names and descriptions', async () => {
    const owner = await account('Playlist Owner');
    const scope = { workspaceId: 0, userId: owner.id, role: 'owner' as const };
    const { playlists, users } = suite.server.app.services;
    const creator = (await users.findById(owner.id))!;
    const stored = [];
    for (const payload of CORPUS) {
      stored.push(
        await playlists.create(
          scope,
          { name: payload, description: payload, is_public: true },
          creator,
        ),
      );
    }
    const tab = await readerTab(owner);
    // The sidebar lists every name.
    await tab.page.goto(`${suite.server.url}/library/playlists`);
    const sidebar = tab.page.getByRole('navigation', { name: 'Playlists' });
    await sidebar.getByRole('link', { name: stored.at(-1)!.name, exact: true }).waitFor();
    for (const playlist of stored) {
      await sidebar.getByRole('link', { name: playlist.name, exact: true }).waitFor();
    }
    await expectNothingRan(tab, tab.page);

    for (const playlist of stored) {
      await tab.page.goto(`${suite.server.url}${playlistLink(playlist)}`);
      await tab.page.getByRole('heading', { level: 1, name: playlist.name, exact: true }).waitFor();
      if (playlist.description) {
        expect(await visibleText(tab.page)).toContain(folded(playlist.description));
      }
      await expectNothingRan(tab, tab.page);
    }
  }, 120_000);

  it('comments and their authors', async () => {
    const author = await account('<img src=x onerror=alert(1)>');
    const track = (await suite.server.app.services.catalog.tracks([1]))[0]!;
    const { comments } = suite.server.app.services;
    for (const [index, payload] of CORPUS.entries()) {
      // Numbered, so a comment stays non-empty whatever markup the server drops.
      const body = `Comment ${index + 1}: ${payload}`;
      const created = await comments.create(
        track.id,
        { ...author, image: null },
        {
          body,
          position: 1000,
        },
      );
      expect(created).toMatchObject({ track_id: track.id, body });
    }
    const listed = await comments.forTrack(track.id, { userId: author.id });
    const bodies = listed!.comments.map((comment) => comment.body);
    expect(bodies).toHaveLength(CORPUS.length);

    const tab = await readerTab(await account('Comment Reader'));
    await tab.page.goto(`${suite.server.url}${trackLink(track)}`);
    await tab.page.getByText(author.name, { exact: true }).first().waitFor();
    const text = await visibleText(tab.page);
    for (const body of bodies) expect(text).toContain(folded(body));
    await expectNothingRan(tab, tab.page);
  }, 60_000);

  it('profile name, description and links', async () => {
    const owner = await account('<<b>script>alert(1)<</b>/script>');
    const { profiles } = suite.server.app.services;
    const linkSets = [CORPUS.slice(0, 5), CORPUS.slice(5, 10), CORPUS.slice(10)];
    const tab = await readerTab(await account('Profile Reader'));
    for (const titles of linkSets) {
      const saved = await profiles.update(owner.id, {
        description: CORPUS.join('\n'),
        links: titles.map((title, index) => ({ title, url: `https://example.test/${index}` })),
      });
      await tab.page.goto(`${suite.server.url}${userLink(owner)}`);
      await tab.page.getByRole('heading', { level: 1, name: owner.name, exact: true }).waitFor();
      const text = await visibleText(tab.page);
      expect(text).toContain(folded(saved.description ?? ''));
      for (const link of saved.links) {
        await tab.page.getByRole('link', { name: link.title }).first().waitFor();
      }
      await expectNothingRan(tab, tab.page);
    }
  }, 90_000);

  it('workspace names in the workspace switcher', async () => {
    const owner = await account('Workspace Owner');
    const { workspaces } = suite.server.app.services;
    const names = [];
    for (const payload of CORPUS) {
      names.push((await workspaces.create(owner.id, payload.slice(0, 40))).name);
    }
    const tab = await readerTab(owner);
    await tab.page.goto(suite.server.url);
    await tab.page.getByRole('button', { name: 'Account menu' }).click();
    const menu = tab.page.getByRole('menu');
    for (const name of names) {
      await menu.getByRole('menuitemradio', { name }).first().waitFor();
    }
    await expectNothingRan(tab, tab.page);
  }, 60_000);

  it('notifications built from stored names', async () => {
    const reader = await account('Notified Reader');
    const { notifications } = suite.server.app.services;
    for (const [index, payload] of CORPUS.entries()) {
      const inviter = { id: reader.id, name: payload, image: null };
      await notifications.notify(reader.id, 'playlist.invite', {
        inviter,
        playlist: { name: payload, path: `/playlist/${index + 1}/x` },
      });
    }
    const tab = await readerTab(reader);
    await tab.page.goto(`${suite.server.url}/notifications`);
    await tab.page.getByText(CORPUS.at(-1)!, { exact: false }).first().waitFor();
    const text = await visibleText(tab.page);
    for (const payload of CORPUS) expect(text).toContain(folded(payload));
    await expectNothingRan(tab, tab.page);
  }, 60_000);
});
