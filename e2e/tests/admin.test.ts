import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies, seedCatalog } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

/*
 * The admin area (issue 12) as an admin uses it: lands there after login, suspends a user who
 * then sees the suspended screen, makes a role with a quota and gives it to someone, renames a
 * channel and finds it on the home page, deletes a comment after seeing its context.
 */

let server: TestServer;
let browser: Browser;
/** The admin's signed-in cookies, made once: logins are rate-limited per account. */
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await seedCatalog(server);
  const { context } = await newPage(browser);
  await acceptCookies(context, server.url);
  await loginThroughApi(context, server.url, ADMIN);
  adminState = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const adminPage = (options: Parameters<Browser['newContext']>[0] = {}) =>
  newPage(browser, { storageState: adminState, ...options });

async function createListener(name: string) {
  const email = `${name.toLowerCase().replaceAll(' ', '-')}@backbeat.test`;
  const password = 'long enough password';
  const id = await server.app.services.users.createUser({ email, password, name });
  return { id, email, password };
}

/** Opens a user's page from the users list, by searching their name. */
async function openUser(page: Page, name: string) {
  await page.goto(`${server.url}/admin/users`);
  await page.getByLabel('Search users').fill(name);
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await page.getByRole('heading', { name }).waitFor();
}

describe('the admin area', () => {
  it('an admin logs in and lands in the admin area, with a sidebar by area', async () => {
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(new RegExp(`${server.url}/admin(/|$)`));
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const area of ['Catalog', 'People', 'Files']) {
      await nav.getByRole('heading', { name: area }).waitFor();
    }
    await nav.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' }).first();
    expect(await crumbs.textContent()).toContain('Users');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, the sidebar is a drawer opened by the menu button and closed by Escape', async () => {
    const { context, page } = await adminPage({ viewport: { width: 390, height: 800 } });
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    const menu = page.getByRole('button', { name: 'Open admin menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Admin menu' });
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await menu.click();
    await drawer.getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('heading', { name: 'Roles' }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    await context.close();
  });

  /**
   * Types part of `name` in the users search and at once clicks its row, whose page's code
   * arrives only after the search's 300 ms pause: the list must not then write its query into
   * the address and cancel the navigation under way. `beforeTyping` may load the page further.
   */
  async function clickRowWhileTyping(name: string, beforeTyping?: (page: Page) => Promise<void>) {
    await createListener(name);
    const { context, page } = await adminPage();
    await page.route('**/assets/user-page-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('link', { name: `Edit ${name}` }).waitFor();
    await beforeTyping?.(page);
    await page.getByLabel('Search users').fill(name.split(' ').slice(0, 2).join(' '));
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { name }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/users\/\d+/);
    await context.close();
  }

  it('a row clicked before the search pause ends opens, even when its page loads slowly', async () => {
    await clickRowWhileTyping('Zq Quick Click');
  });

  it('a row clicked as the search pause ends opens, even while the page is busy', async () => {
    // A main thread busy past the pause right after the click (a slow machine): the router
    // renders its "loading" in a transition, so the pause's timer fires before that render and
    // must read the router's own state, or it writes the query and cancels the navigation.
    await clickRowWhileTyping('Zq Busy Click', (page) =>
      page.evaluate(() =>
        document.addEventListener('click', () => {
          const until = performance.now() + 400;
          while (performance.now() < until);
        }),
      ),
    );
  });

  it('suspends a user, who is then shown the suspended screen', async () => {
    const target = await createListener('Zq Spammer');
    const victim = await newPage(browser);
    await acceptCookies(victim.context, server.url);
    await loginThroughApi(victim.context, server.url, target);

    const { context, page } = await adminPage();
    await openUser(page, 'Zq Spammer');
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByLabel('Reason (shown to admins)').fill('Posting spam');
    await page.getByRole('button', { name: 'Suspend user' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('Reason: Posting spam').waitFor();

    await victim.page.goto(`${server.url}/`);
    await victim.page.getByRole('heading', { name: 'Your account is suspended' }).waitFor();
    await victim.context.close();
    await context.close();
  });

  it('creates a role with a quota and assigns it to a user', async () => {
    const target = await createListener('Zq Curator');
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/admin/roles`);
    await page.getByRole('link', { name: 'New role' }).click();
    await page.getByLabel('Name').fill('Zq Curators');
    await page.getByRole('checkbox', { name: /playlists\.create/ }).check();
    await page.getByLabel('Maximum number of playlists a user may own.').fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Zq Curators', exact: true }).waitFor();

    await openUser(page, 'Zq Curator');
    await page.getByRole('link', { name: 'Permissions' }).click();
    // Instead of the default role, whose unlimited playlists would win over the quota.
    await page.getByRole('checkbox', { name: 'users', exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'Zq Curators' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Permissions saved').waitFor();

    const user = await server.app.services.users.findForRequest(target.id);
    expect(user!.roles.map((role) => role.name)).toContain('Zq Curators');
    expect(user!.permissions).toContainEqual({
      name: 'playlists.create',
      restrictions: [{ name: 'count', value: 2 }],
    });
    await context.close();
  });

  it('creates an artist from the artists list and lands in its editor', async () => {
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/admin/artists`);
    await page.getByRole('link', { name: 'New artist' }).click();
    await page.getByRole('heading', { name: 'New artist' }).waitFor();
    // Nameless first: the field says what is missing and nothing is made.
    await page.getByRole('button', { name: 'Create artist' }).click();
    // Said twice: under the field and in the failed save's toast (issue 36.1).
    await expect.poll(() => page.getByText('The name is required.').count()).toBe(2);
    await page.getByLabel('Name', { exact: true }).fill('Zq Harbour Lights');
    await page.getByLabel('Genres').fill('Indie, Folk');
    await page.getByRole('button', { name: 'Create artist' }).click();
    await page.getByRole('heading', { name: 'Edit "Zq Harbour Lights"' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/artists\/\d+\/edit$/);

    await page.goto(`${server.url}/admin/artists?query=Harbour`);
    await page.getByRole('cell', { name: 'Zq Harbour Lights', exact: true }).waitFor();
    await context.close();
  });

  it('edits a channel and sees the change on the home page', async () => {
    const { context, page } = await adminPage();
    // The editor opens by the channel's address as well as by its id (spec 2 §2 {slugOrId}).
    await page.goto(`${server.url}/admin/channels/popular-tracks/edit`);
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Popular tracks');
    await page.goto(`${server.url}/admin/channels/no-such-channel/edit`);
    await page
      .getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" })
      .waitFor();

    await page.goto(`${server.url}/admin/channels`);
    await page.getByLabel('Search channels').fill('popular-tracks');
    await page.getByRole('link', { name: 'Edit Popular tracks' }).click();
    await page.getByLabel('Name').fill('Zq Hot right now');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Channels' }).waitFor();

    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Zq Hot right now' }).waitFor();
    await context.close();
  });

  it('deletes a comment after seeing its context; the confirmation names its replies', async () => {
    const author = await createListener('Zq Troll');
    const db = server.app.services.database.db;
    const track = await db.selectFrom('tracks').select(['id', 'name']).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('comments')
      .values({
        track_id: track.id,
        user_id: author.id,
        parent_id: null,
        body: 'Zq rude words',
        position: 65_000,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('comments')
      .values({
        track_id: track.id,
        user_id: author.id,
        parent_id: id,
        body: 'Zq more rude words',
        position: null,
        created_at: now,
      })
      .execute();

    const { context, page } = await adminPage();
    await page.goto(`${server.url}/admin/comments?query=rude&reply=no`);
    await page.getByRole('button', { name: 'Context of the comment by Zq Troll' }).click();
    const context1 = page.getByRole('dialog');
    await context1.getByText(track.name).waitFor();
    await context1.getByText('at 1:05').waitFor();
    await context1.getByText('Zq more rude words').waitFor();
    // Closed by keyboard.
    await page.keyboard.press('Escape');
    await context1.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete Zq rude words' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('1 reply').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No comments match.').waitFor();
    const left = await db
      .selectFrom('comments')
      .select('id')
      .where('user_id', '=', author.id)
      .execute();
    expect(left).toEqual([]);
    await context.close();
  });

  it('each infrastructure settings section shows what runs and how to change it', async () => {
    const { config } = server.app.services;
    const sections: [section: string, label: string, value: string, variable: string][] = [
      ['cache', 'Cache', 'In memory, per instance', 'REDIS_URL'],
      ['analytics', 'Database', 'SQLite', 'DATABASE_URL'],
      ['logging', 'Log level', config.logLevel, 'LOG_LEVEL'],
      ['queue', 'Jobs at once per instance', String(config.jobConcurrency), 'JOB_CONCURRENCY'],
      ['websockets', 'Live updates', 'In process (one instance)', 'REDIS_URL'],
      [
        'search',
        'Searches per minute per visitor',
        String(config.searchRateLimit),
        'SEARCH_RATE_LIMIT',
      ],
    ];
    const { page, context, errors } = await adminPage();
    for (const [section, label, value, variable] of sections) {
      await page.goto(`${server.url}/admin/settings/${section}`);
      const fact = page
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
      await fact.locator('dd').waitFor();
      const text = await fact.locator('dd').textContent();
      expect(text, section).toContain(value);
      expect(text, section).toContain(variable);
    }
    // Read-only, and said so: no form in these sections.
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.getByText('not changed here', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
