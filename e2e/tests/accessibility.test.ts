import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from '../src/axe.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies, seedCatalog } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

let server: TestServer;
let browser: Browser;
const listener = { email: 'a11y@backbeat.test', password: 'long enough password' };
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
let adminSignedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await seedCatalog(server);
  const listenerId = await server.app.services.users.createUser({
    ...listener,
    name: 'Ada Listener',
  });
  // An unread notification each, so the navbar's bell shows its badge (issue 36.10c).
  const { id: adminId } = await server.app.services.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  for (const id of [listenerId, adminId]) {
    await server.app.services.notifications.notify(id, 'user.followed', {
      follower: { id: listenerId, name: 'Ada Listener', image: null },
    });
  }
  // One login, reused by every page (logins are rate limited).
  const { context } = await newPage(browser);
  await loginThroughApi(context, server.url, listener);
  signedIn = await context.storageState();
  await context.close();
  const admin = await newPage(browser);
  await loginThroughApi(admin.context, server.url, ADMIN);
  adminSignedIn = await admin.context.storageState();
  await admin.context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Each page, and what shows that it finished loading (axe must see the real content). */
const PAGES: {
  name: string;
  path: string;
  loaded: (page: Page) => Promise<void>;
  guest?: true;
  /** The admin and backstage screens, seen by the admin. */
  admin?: true;
  /** A screen phones do not have (the queue opens in the full-screen player there). */
  desktopOnly?: true;
}[] = [
  {
    name: 'home',
    path: '/',
    loaded: (page) => page.getByTestId('track-row').first().waitFor(),
  },
  {
    name: 'album',
    path: 'first album',
    loaded: (page) => page.getByTestId('track-row').first().waitFor(),
  },
  {
    name: 'artist',
    path: 'first artist',
    loaded: (page) => page.getByTestId('track-row').first().waitFor(),
  },
  {
    // The row of the track playing (issue 36.10c: its title was 4.38:1 on a primary tint).
    name: 'album while a track plays',
    path: 'first album',
    loaded: async (page) => {
      const row = page.getByTestId('track-row').first();
      await row.getByRole('button', { name: /^Play / }).click();
      await row.getByRole('button', { name: /^Pause / }).waitFor();
      await page.mouse.move(0, 0);
    },
  },
  {
    // The queue's playing row (issue 36.10c: its primary-tinted title was 4.06:1).
    name: 'queue while a track plays',
    path: 'first album',
    desktopOnly: true,
    loaded: async (page) => {
      const row = page.getByTestId('track-row').first();
      await row.getByRole('button', { name: /^Play / }).click();
      await row.getByRole('button', { name: /^Pause / }).waitFor();
      const bar = page.getByRole('region', { name: 'Player' });
      await bar.getByRole('button', { name: 'Queue' }).click();
      await page.getByTestId('queue-item').first().waitFor();
      await page.mouse.move(0, 0);
    },
  },
  {
    name: 'search',
    path: '/search/a',
    loaded: (page) => page.getByRole('navigation', { name: 'Result types' }).waitFor(),
  },
  {
    name: 'library',
    path: '/library/history',
    loaded: (page) => page.getByRole('heading', { level: 1, name: 'Your music' }).waitFor(),
  },
  {
    name: 'account settings',
    path: '/account-settings',
    loaded: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  },
  {
    name: 'login',
    path: '/login',
    loaded: (page) => page.getByRole('button', { name: 'Continue' }).waitFor(),
    guest: true,
  },
  {
    name: 'admin dashboard',
    path: '/admin',
    loaded: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
    admin: true,
  },
  {
    name: 'admin users',
    path: '/admin/users',
    loaded: (page) => page.getByRole('row').nth(1).waitFor(),
    admin: true,
  },
  {
    name: 'admin settings',
    path: '/admin/settings/general',
    loaded: (page) => page.getByLabel('Site name').waitFor(),
    admin: true,
  },
  {
    name: 'appearance editor',
    path: '/admin/appearance/themes/0',
    loaded: (page) => page.getByLabel('Primary', { exact: true }).waitFor(),
    admin: true,
  },
  {
    name: 'backstage upload',
    path: '/backstage/upload',
    loaded: (page) => page.getByRole('button', { name: 'Choose files' }).waitFor(),
    admin: true,
  },
];

async function pathOf(path: string): Promise<string> {
  const { db } = server.app.services.database;
  if (path === 'first album') {
    const album = await db
      .selectFrom('albums')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return `/album/${album.id}/x/x`;
  }
  if (path === 'first artist') {
    const artist = await db
      .selectFrom('artists')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return `/artist/${artist.id}`;
  }
  return path;
}

const PHONE = { width: 390, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

describe.each([
  { colorScheme: 'light', viewport: DESKTOP, width: 'desktop' },
  { colorScheme: 'dark', viewport: DESKTOP, width: 'desktop' },
  // Phones hide text behind icons and move menus (issue 36.10c).
  { colorScheme: 'light', viewport: PHONE, width: 'phone' },
  { colorScheme: 'dark', viewport: PHONE, width: 'phone' },
] as const)(
  'accessibility in the $colorScheme theme at $width width',
  ({ colorScheme, viewport, width }) => {
    it.each(PAGES.filter((target) => width === 'desktop' || !target.desktopOnly))(
      '$name has no serious or critical axe violations',
      async (target) => {
        const { page, context } = await newPage(browser, {
          colorScheme,
          viewport,
          ...(target.guest ? {} : { storageState: target.admin ? adminSignedIn : signedIn }),
        });
        await acceptCookies(context, server.url);
        await page.goto(server.url + (await pathOf(target.path)));
        await target.loaded(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          colorScheme === 'dark',
        );
        expect(await seriousAccessibilityProblems(page)).toEqual([]);
        await context.close();
      },
    );
  },
);

describe('landmarks, headings and dialog sizes', () => {
  it('gives the search page one h1 and the login page a main landmark', async () => {
    const listenerPage = await newPage(browser, { storageState: signedIn });
    await listenerPage.page.goto(`${server.url}/search/a`);
    await listenerPage.page.getByRole('navigation', { name: 'Result types' }).waitFor();
    expect(await listenerPage.page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await listenerPage.context.close();

    const guest = await newPage(browser);
    await acceptCookies(guest.context, server.url);
    await guest.page.goto(`${server.url}/login`);
    await guest.page.getByRole('button', { name: 'Continue' }).waitFor();
    expect(await guest.page.getByRole('main').count()).toBe(1);
    expect(
      await guest.page.getByRole('main').getByRole('button', { name: 'Continue' }).count(),
    ).toBe(1);
    await guest.context.close();
  });

  it('draws a dialog as wide as its size says, with 24 px padding (spec §9)', async () => {
    const { page, context } = await newPage(browser, { storageState: signedIn });
    await acceptCookies(context, server.url);
    await page.goto(server.url + (await pathOf('first album')));
    await page.getByTestId('track-row').first().waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-size')).toBe('md');
    expect((await dialog.boundingBox())?.width).toBe(560);
    const padding = await dialog
      .locator('header')
      .evaluate((header) => getComputedStyle(header).paddingLeft);
    expect(padding).toBe('24px');
    await context.close();
  });
});
