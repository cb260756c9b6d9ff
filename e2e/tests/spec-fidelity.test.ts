import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '@backbeat/common';
import {
  HUMAN_TOKEN,
  RECAPTCHA_SETTINGS,
  startFakeSiteverify,
  type FakeSiteverify,
} from '../../server/test/helpers/siteverify.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies, seedCatalog } from '../src/catalog.ts';
import {
  setAppearance,
  setSettings,
  startServer,
  type TestServer,
  withoutGuestPermission,
} from '../src/server.ts';

let server: TestServer;
let browser: Browser;
let siteverify: FakeSiteverify;
let counter = 0;

beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  [server, browser] = await Promise.all([
    startServer({
      env: { RECAPTCHA_VERIFY_URL: siteverify.url },
    }),
    launchBrowser(),
  ]);
  await seedCatalog(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await siteverify?.close();
});

const NOT_FOUND = "Looks like you've found the doorway to the great nothing";

async function listener(options: { roleNames?: string[] } = {}) {
  const email = `spec${++counter}@backbeat.test`;
  const password = 'long enough password';
  await server.app.services.users.createUser({
    email,
    password,
    name: `Spec ${counter}`,
    ...options,
  });
  const opened = await newPage(browser);
  await acceptCookies(opened.context, server.url);
  await loginThroughApi(opened.context, server.url, { email, password });
  return opened;
}

/** Every internal link of the menus on screen, by the menu it belongs to. */
async function menuLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('nav a[href^="/"]'))
      .filter((a) => !a.closest('[aria-label="Playlists"]'))
      .map((a) => a.getAttribute('href')!),
  );
}

async function expectEveryLinkResolves(page: Page, links: string[]) {
  for (const href of new Set(links)) {
    // The page's images and other files do not matter here, only where it lands: its
    // 'load' once took more than 10 s on a loaded CI machine.
    await page.goto(`${server.url}${href}`, { waitUntil: 'domcontentloaded', timeout: 30_000 });
    // Settled: the lazy page and its queries have arrived (guards may have redirected).
    await page.waitForLoadState('networkidle', { timeout: 30_000 });
    await expect
      .poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 })
      .toBe(0);
    expect(await page.getByText(NOT_FOUND).count(), href).toBe(0);
    expect(new URL(page.url()).pathname, href).not.toBe('/404');
  }
}

describe('menus lead only to pages that exist', () => {
  // Sidebar and mobile bottom menus are both in the page at any width (one hidden by CSS),
  // so one visit collects the links of every menu.
  it('every sidebar, mobile and footer menu link resolves to a real page for a guest', async () => {
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await page.goto(server.url);
    await page.getByRole('navigation', { name: 'Primary' }).waitFor();
    const links = await menuLinks(page);
    expect(links).toEqual(expect.arrayContaining(['/', '/search', '/library']));
    await expectEveryLinkResolves(page, links);
    await context.close();
  });

  it('every menu link resolves to a real page for a signed-in listener', async () => {
    const { page, context } = await listener();
    await page.goto(server.url);
    await page.getByRole('navigation', { name: 'Primary' }).waitFor();
    const links = await menuLinks(page);
    expect(links).toEqual(expect.arrayContaining(['/library/songs', '/library/history']));
    await expectEveryLinkResolves(page, links);
    await context.close();
    // The footer's /api-docs loads Swagger UI and the whole API description: a slow page.
  }, 120_000);

  it('skips stored menu links to pages the app does not have yet', async () => {
    const footer: Menu = {
      id: 'old-footer',
      name: 'Footer',
      positions: ['footer'],
      items: [
        { id: 'c', type: 'route', label: 'Contact', action: '/contact' },
        { id: 'j', type: 'route', label: 'Careers', action: '/careers/open-positions/all' },
        { id: 's', type: 'route', label: 'Search the catalog', action: '/search' },
      ],
    };
    // In place of the default footer menu (the first menu of a position is the one shown).
    const before = await setAppearance(server, (settings) => ({
      ...settings,
      menus: [...settings.menus.filter((menu) => !menu.positions.includes('footer')), footer],
    }));
    try {
      const { page, context } = await newPage(browser);
      await page.goto(server.url);
      const nav = page.locator('footer').getByRole('navigation', { name: 'Footer' });
      await nav.getByRole('link', { name: 'Search the catalog' }).waitFor();
      expect(await nav.getByRole('link').allTextContents()).toEqual([
        'Contact',
        'Search the catalog',
      ]);
      await context.close();
    } finally {
      await setAppearance(server, () => before);
    }
  });
});

describe('the route guard on a billing site', () => {
  it('sends a signed-in user without a subscription to /pricing instead of not found', async () => {
    await server.app.services.roles.createRole({
      name: 'unsubscribed-browsers',
      description: 'No music until they pick a plan.',
      permissions: [],
    });
    await setSettings(server, { 'billing.enable': true });
    try {
      const { page, context } = await listener({ roleNames: ['unsubscribed-browsers'] });
      await page.goto(`${server.url}/library/songs`);
      await page.getByRole('heading', { name: 'Plans are coming soon' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/pricing');
      await context.close();
    } finally {
      await setSettings(server, { 'billing.enable': false });
    }
    // Billing off, the same refusal is the not-found page.
    const { page, context } = await listener({ roleNames: ['unsubscribed-browsers'] });
    await page.goto(`${server.url}/library/songs`);
    await page.getByText(NOT_FOUND).waitFor();
    await context.close();
  });
});

describe('a guest refused by a page query', () => {
  it('goes to log in and comes back there afterwards', async () => {
    await withoutGuestPermission(server, 'users.view', async () => {
      const { page, context } = await newPage(browser);
      await page.goto(`${server.url}/user/1/admin`);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      const url = new URL(page.url());
      expect(url.pathname).toBe('/login');
      expect(url.searchParams.get('redirect')).toBe('/user/1/admin');
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await context.close();
    });
  });
});

describe('registration with a human check', () => {
  /** Stands in for Google's script: hands out the tokens a test decides. */
  async function fakeRecaptcha(page: Page, tokens: string[]) {
    await page.route('https://www.google.com/recaptcha/api.js*', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `(() => { const tokens = ${JSON.stringify(tokens)};
          window.grecaptcha = { ready: (cb) => cb(), execute: async () => tokens.shift() ?? 'spent' };
        })();`,
      }),
    );
  }

  it('calls recaptcha/verify before registering and refuses a bot with the spec line', async () => {
    await setSettings(server, RECAPTCHA_SETTINGS);
    try {
      const { page, context } = await newPage(browser);
      await fakeRecaptcha(page, ['token-of-a-bot', HUMAN_TOKEN, HUMAN_TOKEN]);
      const calls: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        // The visit counter (insights) posts on its own; only the sign-up's calls matter here.
        if (request.method() === 'POST' && path !== '/api/v1/visits') calls.push(path);
      });
      await page.goto(`${server.url}/register`);
      await page.getByLabel('Email').fill(`human${++counter}@backbeat.test`);
      await page.getByLabel('Password', { exact: true }).fill('a fine password');
      await page.getByLabel('Confirm password').fill('a fine password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Could not verify you are human.').waitFor();
      expect(calls).toEqual(['/api/v1/recaptcha/verify']);

      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      expect(calls).toEqual([
        '/api/v1/recaptcha/verify',
        '/api/v1/recaptcha/verify',
        '/auth/register',
      ]);
      // The server checked the register request's own token too.
      expect(siteverify.calls.filter((c) => c.response === HUMAN_TOKEN)).toHaveLength(2);
      await context.close();
    } finally {
      await setSettings(server, { 'recaptcha.enable': {} });
    }
  });
});

describe('homepage and landing settings', () => {
  it('shows the registration page as the homepage when set to register', async () => {
    await setSettings(server, { 'homepage.type': 'register' });
    try {
      const { page, context } = await newPage(browser);
      await page.goto(server.url);
      await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await context.close();
    } finally {
      await setSettings(server, { 'homepage.type': 'channel' });
    }
  });

  it('shows the landing-page-navbar menu on the landing page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/landing`);
    const nav = page.getByRole('navigation', { name: 'Landing page' });
    await nav.waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Start listening',
      'Search',
      'Download',
    ]);
    await nav.getByRole('link', { name: 'Download' }).click();
    await page.waitForURL(`${server.url}/download`);
    await context.close();
  });

  it('prefills the login form of a demo site with random demo credentials', async () => {
    await setSettings(server, { 'site.demo': true });
    try {
      const { page, context } = await newPage(browser);
      await page.goto(`${server.url}/login`);
      await expect.poll(() => page.getByLabel('Email').inputValue()).toMatch(/^demo-[0-9a-f]{8}@/);
      expect((await page.getByLabel('Password').inputValue()).length).toBeGreaterThanOrEqual(16);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      await context.close();
    } finally {
      await setSettings(server, { 'site.demo': false });
    }
  });
});

describe('errors and permissions the web loads', () => {
  it('attaches the action of an error response to the error toast', async () => {
    const { page, context } = await listener();
    await page.route('**/api/v1/library/likes/**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Your plan cannot like more tracks.',
          action: { label: 'See plans', action: '/pricing' },
        }),
      }),
    );
    await page.goto(`${server.url}/artist/1`);
    await page.getByTestId('like-page-button').click();
    const alert = page.getByRole('alert').filter({ hasText: 'Your plan cannot like more tracks.' });
    await alert.getByRole('link', { name: 'See plans' }).click();
    await page.getByRole('heading', { name: 'Plans are coming soon' }).waitFor();
    await context.close();
  });

  it('asks the server whether audio may play, and a failed check means no', async () => {
    const { page, context } = await listener();
    const asked: string[] = [];
    await page.route('**/api/v1/subscription/**', async (route) => {
      const path = new URL(route.request().url()).pathname;
      asked.push(path);
      if (path.endsWith('can-play-audio')) await route.fulfill({ status: 500, body: '{}' });
      else await route.continue();
    });
    await page.goto(server.url);
    const popular = page.getByRole('list', { name: 'Popular tracks' });
    await popular.getByTestId('track-row').first().waitFor();
    await expect.poll(() => asked.length).toBe(3);
    expect(asked.sort()).toEqual([
      '/api/v1/subscription/can-play-audio',
      '/api/v1/subscription/can-play-video',
      '/api/v1/subscription/permissions',
    ]);
    const name = (await popular.getByTestId('track-row').first().getAttribute('aria-label')) ?? '';
    await popular.getByRole('button', { name: `Play ${name}` }).click();
    await page.getByText('Your plan does not include listening').waitFor();
    await context.close();
  });
});

describe('design-system pieces a listener meets', () => {
  it('picks a country from the select list by typing ahead, and searches timezones', async () => {
    const { page, context } = await listener();
    await page.goto(`${server.url}/account-settings`);
    const timezone = page.getByRole('button', { name: /^Timezone/ });
    await timezone.click();
    const list = page.getByRole('listbox', { name: 'Timezone' });
    await list.waitFor();
    expect(
      await list.evaluate((el) => el.parentElement!.getBoundingClientRect().height),
    ).toBeLessThanOrEqual(420);

    await page.keyboard.press('Escape');

    // Letters typed in quick succession join into one search.
    const country = page.getByRole('button', { name: /^Country/ });
    await country.click();
    const countries = page.getByRole('listbox', { name: 'Country' });
    await countries.press('J');
    await countries.pressSequentially('apa');
    const active = async () => {
      const id = await countries.getAttribute('aria-activedescendant');
      return id ? page.locator(`[id="${id}"]`).textContent() : null;
    };
    await expect.poll(active).toBe('Japan');
    await countries.press('Enter');
    await expect.poll(() => country.textContent()).toBe('Japan');
    await page.locator('#location-and-language').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Updated account details').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: /^Country/ }).textContent())
      .toBe('Japan');

    await timezone.click();
    await page.getByRole('textbox', { name: 'Search' }).fill('no such place');
    await page.getByText('There are no items matching your query').waitFor();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('shows an artist card while the pointer rests on an artist name, and hides it after leaving', async () => {
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await page.goto(server.url);
    const popular = page.getByRole('list', { name: 'Popular tracks' });
    await popular.getByTestId('track-row').first().waitFor();
    const trackHref = await popular.locator('a[href^="/track/"]').first().getAttribute('href');
    await page.goto(`${server.url}${trackHref}`);
    const artist = page.locator('main a[href^="/artist/"]').first();
    const name = (await artist.textContent()) ?? '';
    await artist.hover();
    const card = page.getByRole('dialog', { name });
    await card.getByRole('link', { name: 'Artist radio' }).waitFor();
    // Crossing into the card keeps it open; leaving both closes it.
    await card.hover();
    expect(await card.isVisible()).toBe(true);
    await page.mouse.move(5, 400);
    await card.waitFor({ state: 'detached' });
    await context.close();
  });

  it('loads the configured web font by family and weights with display swap', async () => {
    const before = await setAppearance(server, (settings) => ({
      ...settings,
      fonts: { family: 'Open Sans', weights: [400, 700], provider_url: '/fonts' },
    }));
    try {
      const { page, context } = await newPage(browser);
      await page.goto(server.url);
      const link = page.locator('link[data-web-font="Open Sans"]');
      await link.waitFor({ state: 'attached' });
      expect(await link.getAttribute('href')).toBe(
        '/fonts/css2?family=Open+Sans:wght@400;700&display=swap',
      );
      // The page's text is set in it (not only a variable that nothing reads).
      expect(
        await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily),
      ).toContain('Open Sans');
      await context.close();
    } finally {
      await setAppearance(server, () => before);
    }
  });
});
