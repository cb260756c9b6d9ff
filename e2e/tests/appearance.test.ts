import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, storedSetting, type TestServer } from '../src/server.ts';

/*
 * The appearance editor (issue 14) as an admin uses it: every change shows in the framed site
 * before anything is saved, Save stores it for everyone, Discard goes back; menus reorder by
 * keyboard; a font and custom CSS apply live; logout is refused inside the preview; the
 * landing page's headline is edited and seen at /landing.
 */

let server: TestServer;
let browser: Browser;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
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

/** The editor with its preview loaded (the frame's player bar is there once it has started). */
async function openEditor(section = '') {
  const opened = await newPage(browser, {
    storageState: adminState,
    viewport: { width: 1440, height: 900 },
  });
  await opened.page.goto(`${server.url}/admin/appearance${section}`);
  const frame = opened.page.frameLocator('iframe[title="Site preview"]');
  await frame.getByRole('region', { name: 'Player' }).waitFor();
  return { ...opened, frame };
}

const cssVariable = (frame: FrameLocator, name: string) =>
  frame
    .locator('html')
    .evaluate((root, variable) => getComputedStyle(root).getPropertyValue(variable).trim(), name);

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Appearance saved').waitFor();
}

describe('the appearance editor', () => {
  it('shows a theme colour in the preview before saving, and on a fresh page after', async () => {
    const { page, frame, context, errors } = await openEditor();
    await page.getByRole('link', { name: /^Themes/ }).click();
    const themes = page.getByRole('list', { name: 'Themes' });
    const first = themes.getByRole('link').first();
    const themeName = (await first.locator('span span').first().textContent()) ?? '';
    await first.click();
    await page.getByRole('heading', { name: themeName }).waitFor();
    // The frame shows the theme being edited.
    const before = await cssVariable(frame, '--be-primary');
    await page.getByLabel('Primary', { exact: true }).fill('#0a141e');
    await expect.poll(() => cssVariable(frame, '--be-primary')).toBe('10 20 30');

    // Not saved yet: a visitor (light mode, so this default light theme) still gets the old one.
    const themeId = await frame.locator('html').getAttribute('data-theme-id');
    const visitor = await newPage(browser);
    await acceptCookies(visitor.context, server.url);
    const visitorColour = async () => {
      await visitor.page.goto(`${server.url}/`);
      expect(await visitor.page.locator('html').getAttribute('data-theme-id')).toBe(themeId);
      return visitor.page
        .locator('html')
        .evaluate((root) => getComputedStyle(root).getPropertyValue('--be-primary').trim());
    };
    expect(await visitorColour()).toBe(before);

    await save(page);
    expect(await visitorColour()).toBe('10 20 30');
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('discards a change: the preview and the form go back to what is saved', async () => {
    const { page, frame, context } = await openEditor('/general');
    const name = page.getByLabel('Site name');
    const saved = await name.inputValue();
    await name.fill('Zq Unsaved Radio');
    await frame.getByRole('banner').getByText('Zq Unsaved Radio').waitFor();
    await page.getByRole('button', { name: 'Discard' }).click();
    await frame.getByRole('banner').getByText(saved).first().waitFor();
    expect(await name.inputValue()).toBe(saved);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await context.close();
  });

  it('reorders a menu item with the keyboard and the preview follows', async () => {
    const { page, frame, context } = await openEditor('/menus');
    await page.getByRole('list', { name: 'Menus' }).getByRole('link').first().click();
    const items = page.getByRole('list', { name: 'Items' }).getByTestId('menu-item');
    await items.first().waitFor();
    const labels = async () =>
      (await items.allTextContents()).map((text) => text.trim().split('/')[0]!.trim());
    const before = await labels();
    expect(before.length).toBeGreaterThan(1);
    const moveDown = page.getByRole('button', { name: `Move ${before[0]} down` });
    await moveDown.focus();
    await page.keyboard.press('Enter');
    await expect.poll(labels).toEqual([before[1], before[0], ...before.slice(2)]);
    // The framed sidebar shows the new order before saving.
    const sidebarLinks = frame.getByRole('navigation').first().getByRole('link');
    await expect
      .poll(async () => (await sidebarLinks.allTextContents()).map((t) => t.trim()))
      .toEqual(expect.arrayContaining([before[1], before[0]]));
    await save(page);
    const menus = await storedSetting(server, 'menus');
    expect(menus[0]!.items.slice(0, 2).map((item) => item.label)).toEqual([before[1], before[0]]);
    await context.close();
  });

  it('sets a font and custom CSS, both applied live in the preview', async () => {
    const { page, frame, context } = await openEditor('/themes/0/font');
    // Lora is served by the site itself: its files load, and no other host is asked.
    await page.getByLabel('Font family').selectOption('Lora');
    await expect.poll(() => cssVariable(frame, '--be-font-family')).toContain('Lora');
    const bodyFont = () =>
      frame.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
    await expect.poll(bodyFont).toContain('Lora');
    await expect
      .poll(() =>
        frame
          .locator('body')
          .evaluate(async () => (await document.fonts.load('16px Lora')).length > 0),
      )
      .toBe(true);
    await save(page);

    await page.goto(`${server.url}/admin/appearance/custom-code`);
    await frame.getByRole('region', { name: 'Player' }).waitFor();
    await page.getByLabel('Custom CSS').fill('body { outline: 7px solid rgb(1, 2, 3); }');
    const outline = () =>
      frame.locator('body').evaluate((body) => getComputedStyle(body).outlineColor);
    await expect.poll(outline).toBe('rgb(1, 2, 3)');
    await save(page);

    // Saved: every page has them.
    const visitor = await newPage(browser);
    await acceptCookies(visitor.context, server.url);
    await visitor.page.goto(`${server.url}/`);
    await expect
      .poll(() =>
        visitor.page.locator('body').evaluate((body) => getComputedStyle(body).outlineColor),
      )
      .toBe('rgb(1, 2, 3)');
    expect(
      await visitor.page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily),
    ).toContain('Lora');
    expect(await visitor.page.locator('link[data-web-font="Lora"]').getAttribute('href')).toMatch(
      /^\/fonts\/css2\?family=Lora:wght@/,
    );
    await visitor.context.close();
    await context.close();
  });

  it('refuses to log out inside the preview, with the spec’s message', async () => {
    const { frame, context } = await openEditor();
    await frame.getByRole('button', { name: 'Account menu' }).click();
    await frame.getByRole('menuitem', { name: 'Log out' }).click();
    await frame.getByText("Can't logout while in appearance editor.").waitFor();
    // Still signed in: the admin area is still the admin's.
    await frame.getByRole('button', { name: 'Account menu' }).waitFor();
    await context.close();
  });

  it('edits the landing headline, seen at /landing once saved', async () => {
    const { page, context } = await openEditor('/landing-page/general');
    await page.getByLabel('Headline').fill('Zq Sounds of the harbour');
    await save(page);
    const visitor = await newPage(browser);
    await acceptCookies(visitor.context, server.url);
    await visitor.page.goto(`${server.url}/landing`);
    await visitor.page.getByRole('heading', { name: 'Zq Sounds of the harbour' }).waitFor();
    await visitor.context.close();

    // A headline left empty is refused on its field; nothing is saved.
    await page.getByLabel('Headline').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The headline is required.').waitFor();
    await page.getByText('Nothing was saved: 1 field needs a change.').waitFor();
    expect((await storedSetting(server, 'landing')).headline).toBe('Zq Sounds of the harbour');
    await context.close();
  });
});
