import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryMp3 } from '../../server/test/helpers/library-audio.ts';
import { seriousAccessibilityProblems } from '../src/axe.ts';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

/*
 * Internet radio stations (issue 38): listeners reach the stations from the player's menu (the
 * sidebar, and the tab bar on a phone), see an empty page until an admin adds one under
 * Admin > Files > Radio stations, then the station by name with a "Listen" link that opens
 * its stream.
 */

let server: TestServer;
let browser: Browser;
/** A station's stream: an MP3 served as a radio would serve it. */
let station: Server;
let streamUrl: string;
const LISTENER = { email: 'radio-listener@backbeat.test', password: 'long enough password' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await server.app.services.users.createUser({ ...LISTENER, name: 'Radio Listener' });
  const sound = await libraryMp3({ title: 'Zr Air' }, { seed: 4100, seconds: 2 });
  station = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': sound.length });
    res.end(sound);
  });
  await new Promise<void>((resolve) => station.listen(0, '127.0.0.1', resolve));
  streamUrl = `http://127.0.0.1:${(station.address() as AddressInfo).port}/live.mp3`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => station?.close(resolve));
});

async function listenerPage(viewport?: { width: number; height: number }) {
  const opened = await newPage(browser, viewport ? { viewport } : {});
  await acceptCookies(opened.context, server.url);
  await loginThroughApi(opened.context, server.url, LISTENER);
  return opened;
}

/** The sidebar's "Radio stations" link, as a listener or guest follows it. */
const followRadioLink = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Primary' })
    .getByRole('link', { name: 'Radio stations' })
    .click();

describe('radio stations', () => {
  it('shows the empty state to a listener who follows the menu before any station exists', async () => {
    const { page, context, errors } = await listenerPage();
    await page.goto(server.url);
    // The link's icon is not in the shell's set: it is drawn once the page has settled.
    await page
      .getByRole('navigation', { name: 'Primary' })
      .getByRole('link', { name: 'Radio stations' })
      .locator('svg path')
      .waitFor({ state: 'attached' });
    await followRadioLink(page);
    await page.waitForURL(`${server.url}/radio-stations`);
    await page.getByRole('heading', { level: 1, name: 'Radio stations' }).waitFor();
    await page.getByText('No radio stations yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Listen' }).count()).toBe(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a guest who follows the menu to sign in first', async () => {
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await page.goto(server.url);
    await followRadioLink(page);
    await page.waitForURL(/\/login\?redirect=%2Fradio-stations$/);
    await context.close();
  });

  it('an admin adds a station, which a listener finds from the menu and opens with Listen', async () => {
    const admin = await newPage(browser);
    await acceptCookies(admin.context, server.url);
    await loginThroughApi(admin.context, server.url, ADMIN);
    await admin.page.goto(`${server.url}/admin`);
    await admin.page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Radio stations' })
      .click();
    await admin.page.getByRole('heading', { name: 'Radio stations' }).waitFor();
    await admin.page.getByRole('link', { name: 'New station' }).click();
    await admin.page.getByRole('heading', { name: 'New station' }).waitFor();
    await admin.page.getByLabel('Name', { exact: true }).fill('Zr Night Air');
    await admin.page.getByLabel('Stream address').fill(streamUrl);
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByRole('heading', { name: 'Radio stations' }).waitFor();
    await admin.page.getByRole('cell', { name: 'Zr Night Air', exact: true }).waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const { page, context, errors } = await listenerPage();
    await page.goto(server.url);
    await followRadioLink(page);
    const list = page.getByRole('list', { name: 'Radio stations' });
    await list.getByText('Zr Night Air').waitFor();
    const listen = list.getByRole('link', { name: 'Listen to Zr Night Air' });
    expect(await listen.textContent()).toBe('Listen');
    expect(await listen.getAttribute('href')).toBe(streamUrl);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    // The stream opens in a tab of its own, where the browser plays it.
    const [response, tab] = await Promise.all([
      context.waitForEvent('response', (r) => r.url() === streamUrl),
      context.waitForEvent('page'),
      listen.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('audio/mpeg');
    expect(tab.url()).toBe(streamUrl);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reaches the stations from the tab bar on a phone', async () => {
    const { page, context, errors } = await listenerPage({ width: 390, height: 800 });
    await page.goto(server.url);
    const tabs = page.getByRole('navigation', { name: 'Mobile bottom' });
    await tabs.getByRole('link', { name: 'Radio' }).click();
    await page.waitForURL(`${server.url}/radio-stations`);
    const list = page.getByRole('list', { name: 'Radio stations' });
    await list.getByText('Zr Night Air').waitFor();
    expect(await list.getByRole('link', { name: 'Listen to Zr Night Air' }).isVisible()).toBe(true);
    // Every tab and the station fit the phone's width (nothing scrolls sideways).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(await tabs.getByRole('link').count()).toBe(5);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
