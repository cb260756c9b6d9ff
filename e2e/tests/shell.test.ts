import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { ADMIN, startServer, type TestServer, setSettings } from '../src/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the application shell', () => {
  it('loads with navbar, sidebar menus and footer and no console errors', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(server.url);
    await expect
      .poll(() => page.getByRole('link', { name: 'Home' }).first().isVisible())
      .toBe(true);
    const sidebar = page.getByRole('navigation', { name: 'Your music' });
    expect(await sidebar.getByRole('link', { name: 'Songs' }).getAttribute('href')).toBe(
      '/library/songs',
    );
    expect(await page.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true);
    // The footer links the contact page and the seeded legal pages (issue 13).
    expect(
      await page.locator('footer').getByRole('link', { name: 'Contact' }).getAttribute('href'),
    ).toBe('/contact');
    expect(await page.locator('footer').textContent()).toContain(
      `© ${new Date().getFullYear()} Backbeat`,
    );
    expect(await page.title()).toBe('Backbeat');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers guests Register beside Log in while registration is open (issue 36.8)', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url);
    const navbar = page.getByRole('banner');
    await navbar.getByRole('link', { name: 'Log in' }).waitFor();
    await navbar.getByRole('link', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    await context.close();

    await setSettings(server, { 'registration.disable': true });
    try {
      const closed = await newPage(browser);
      await closed.page.goto(server.url);
      await closed.page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
      expect(
        await closed.page.getByRole('banner').getByRole('link', { name: 'Register' }).count(),
      ).toBe(0);
      await closed.context.close();
    } finally {
      await setSettings(server, { 'registration.disable': false });
    }
  });

  it('shows the mobile bottom menu instead of the sidebar on a phone', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 800 } });
    await page.goto(server.url);
    const bottom = page.getByRole('navigation', { name: 'Mobile bottom' });
    await bottom.waitFor();
    expect(await bottom.getByRole('link', { name: 'Your music' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Your music' }).isVisible()).toBe(false);
    expect(await page.locator('header').evaluate((el) => el.getBoundingClientRect().height)).toBe(
      48,
    );
    await context.close();
  });

  it('opens the account menu 16 px from the edge of a phone, like the other menus', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 800 } });
    await loginThroughApi(context, server.url, ADMIN);
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Log out' }).waitFor();
    const box = await menu.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    // FLOATING_VIEWPORT_PADDING (spec §9); the navbar's own padding put it at 12.
    expect(390 - box.right).toBe(16);
    expect(box.left).toBeGreaterThanOrEqual(16);
    await context.close();
  });

  it('keeps the chosen theme after a reload, applied before the first paint', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'light' });
    await page.goto(server.url);
    const html = page.locator('html');
    expect((await html.getAttribute('class')) ?? '').not.toContain('dark');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect.poll(() => html.getAttribute('class')).toContain('dark');
    const cookie = (await context.cookies()).find((c) => c.name === 'be-active-theme');
    expect(cookie?.value).toBe('dark');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    // Record the theme at the moment the body first exists, before React renders anything.
    await page.addInitScript(() => {
      const record = () => {
        const root = document.documentElement;
        (window as unknown as { themeAtFirstBody: unknown }).themeAtFirstBody = {
          dark: root.classList.contains('dark'),
          background: root.style.getPropertyValue('--be-bg'),
          appRendered: !!document.getElementById('root')?.childElementCount,
        };
      };
      new MutationObserver((_, observer) => {
        if (document.body) {
          record();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    const atFirstBody = await page.evaluate(
      () => (window as unknown as { themeAtFirstBody: unknown }).themeAtFirstBody,
    );
    expect(atFirstBody).toEqual({ dark: true, background: '17 17 21', appRendered: false });
    // The switch renders with the app, after the pre-paint script; wait for it as a person would.
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await context.close();
  });

  it('follows the OS preference when no theme was chosen', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'dark' });
    await page.goto(server.url);
    expect(await page.locator('html').getAttribute('class')).toContain('dark');
    await context.close();
  });

  it('hides the cookie notice for good once accepted', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url);
    const notice = page.getByTestId('cookie-notice');
    await notice.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'cookie_notice');
    expect(cookie?.value).toBe('true');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    await page.reload();
    await page.getByRole('link', { name: 'Home' }).first().waitFor();
    expect(await page.getByTestId('cookie-notice').count()).toBe(0);
    await context.close();
  });

  it.each(['/404', '/no/such/page'])('shows the not-found page at %s', async (path) => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}${path}`);
    await page
      .getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" })
      .waitFor();
    await page.getByRole('link', { name: 'Take me there!' }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it('shows the login page as the homepage of a private site, to guests only', async () => {
    await setSettings(server, { 'homepage.type': 'login' });
    try {
      const { page, context } = await newPage(browser);
      await page.goto(server.url);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      await context.close();
    } finally {
      await setSettings(server, { 'homepage.type': 'channel' });
    }
  });
});
