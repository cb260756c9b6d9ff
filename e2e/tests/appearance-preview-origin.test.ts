import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEARANCE_MESSAGE_SOURCE } from '@backbeat/common';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies, seedCatalog } from '../src/catalog.ts';
import { ADMIN, startServer, type TestServer } from '../src/server.ts';

/*
 * The appearance preview (issue 35, item 9) listens to the admin's editor only: messages from
 * the same host name on another port, from a site framing an embed, or to any page that is not
 * the editor's own preview frame change nothing. The real editor still previews live.
 */

let server: TestServer;
let browser: Browser;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;
let embedPath: string;
/** Another site on the same host name (127.0.0.1), another port: another origin. */
let otherSite: Server;
let otherOrigin: string;

/** What a hostile page would make the frame show; none of it may arrive. */
const HOSTILE_OUTLINE = 'rgb(9, 8, 7)';
const HOSTILE_PRIMARY = '9 8 7';
const hostileMessages = [
  {
    source: APPEARANCE_MESSAGE_SOURCE,
    type: 'setCustomCode',
    kind: 'css',
    content: `body { outline: 7px solid ${HOSTILE_OUTLINE}; }`,
  },
  {
    source: APPEARANCE_MESSAGE_SOURCE,
    type: 'setThemeValue',
    name: '--be-primary',
    value: '9 8 7',
  },
];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await seedCatalog(server);
  const album = await server.app.services.database.db
    .selectFrom('tracks')
    .select('album_id')
    .executeTakeFirstOrThrow();
  embedPath = `/album/${album.album_id}/artist/album/embed`;
  const { context } = await newPage(browser);
  await acceptCookies(context, server.url);
  await loginThroughApi(context, server.url, ADMIN);
  adminState = await context.storageState();
  await context.close();
  // Frames whatever address the test asks for, as a page of another origin would.
  otherSite = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('frame') ?? '';
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      `<h1>Another site</h1><iframe title="Framed" src="${target.replace(/"/g, '&quot;')}" width="900" height="700"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});
afterAll(async () => {
  otherSite?.close();
  await browser?.close();
  await server?.close();
});

function frameAt(page: Page, path: string): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(server.url + path));
  if (!frame) throw new Error(`No frame at ${path}`);
  return frame;
}

/**
 * Posts the hostile messages from `sender` (the framing window) to the frame, then a marker
 * after them: messages between two windows arrive in order, so once the frame has seen the
 * marker it has handled every hostile message, and whatever they did is visible.
 */
async function postHostileMessages(sender: Page, frame: Frame, frameSelector: string) {
  await frame.evaluate(() => {
    (window as unknown as { zqMarker: Promise<void> }).zqMarker = new Promise((resolve) => {
      window.addEventListener('message', (event) => {
        if (event.data === 'zq-marker') resolve();
      });
    });
  });
  await sender.evaluate(
    ({ selector, messages }) => {
      const target = document.querySelector<HTMLIFrameElement>(selector)!.contentWindow!;
      for (const message of messages) target.postMessage(message, '*');
      target.postMessage('zq-marker', '*');
    },
    { selector: frameSelector, messages: hostileMessages },
  );
  await frame.evaluate(() => (window as unknown as { zqMarker: Promise<void> }).zqMarker);
}

async function expectUntouched(frame: Frame) {
  expect(await frame.evaluate(() => getComputedStyle(document.body).outlineColor)).not.toBe(
    HOSTILE_OUTLINE,
  );
  expect(
    await frame.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--be-primary').trim(),
    ),
  ).not.toBe(HOSTILE_PRIMARY);
}

describe('the appearance preview only listens to the editor', () => {
  it('ignores a page on another port of the same host name that frames the preview', async () => {
    const { page, context } = await newPage(browser);
    // The preview page may only be framed by the site itself; suppose that header were lost
    // on the way (a proxy dropping it), so the other port's page does frame it.
    await context.route(`${server.url}/?appearanceEditor=true`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      delete headers['x-frame-options'];
      await route.fulfill({ response, headers });
    });
    const previewUrl = `${server.url}/?appearanceEditor=true`;
    await page.goto(`${otherOrigin}/?frame=${encodeURIComponent(previewUrl)}`);
    await page
      .frameLocator('iframe[title="Framed"]')
      .getByRole('region', { name: 'Player' })
      .waitFor();
    const frame = frameAt(page, '/?appearanceEditor=true');
    await postHostileMessages(page, frame, 'iframe[title="Framed"]');
    await expectUntouched(frame);
    await context.close();
  });

  it('ignores a page on another port that frames an embed flagged as the preview', async () => {
    const { page, context } = await newPage(browser);
    const embedUrl = `${server.url}${embedPath}?appearanceEditor=true`;
    await page.goto(`${otherOrigin}/?frame=${encodeURIComponent(embedUrl)}`);
    await page
      .frameLocator('iframe[title="Framed"]')
      .getByRole('list', { name: 'Tracks' })
      .waitFor();
    const frame = frameAt(page, embedPath);
    await postHostileMessages(page, frame, 'iframe[title="Framed"]');
    await expectUntouched(frame);
    await context.close();
  });

  it('ignores even the editor itself on an embed or any route other than the preview', async () => {
    const { page, context } = await newPage(browser, {
      storageState: adminState,
      viewport: { width: 1440, height: 900 },
    });
    await page.goto(`${server.url}/admin/appearance`);
    await page
      .frameLocator('iframe[title="Site preview"]')
      .getByRole('region', { name: 'Player' })
      .waitFor();
    // Frames of the editor's own origin and window, but not its preview: an embed and an
    // ordinary page, both with the preview's flag.
    for (const [path, ready] of [
      [embedPath, 'list:Tracks'],
      ['/search', 'region:Player'],
    ] as const) {
      await page.evaluate((src) => {
        document.querySelector('iframe[title="Not the preview"]')?.remove();
        const frame = document.createElement('iframe');
        frame.title = 'Not the preview';
        frame.width = '1200';
        frame.height = '800';
        frame.src = src;
        document.body.append(frame);
      }, `${path}?appearanceEditor=true`);
      const [role, name] = ready.split(':') as ['list' | 'region', string];
      await page
        .frameLocator('iframe[title="Not the preview"]')
        .getByRole(role, { name })
        .waitFor();
      const frame = frameAt(page, path);
      await postHostileMessages(page, frame, 'iframe[title="Not the preview"]');
      await expectUntouched(frame);
    }
    await context.close();
  });

  it('still previews the editor’s changes live in its own frame', async () => {
    const { page, context, errors } = await newPage(browser, {
      storageState: adminState,
      viewport: { width: 1440, height: 900 },
    });
    await page.goto(`${server.url}/admin/appearance/general`);
    const preview = page.frameLocator('iframe[title="Site preview"]');
    await preview.getByRole('region', { name: 'Player' }).waitFor();
    await page.getByLabel('Site name').fill('Zq Live Preview Radio');
    await preview.getByRole('banner').getByText('Zq Live Preview Radio').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
