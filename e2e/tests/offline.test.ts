import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumLink } from '@backbeat/common';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { startServer, type TestServer, setUserRoles } from '../src/server.ts';
import { pcmWav } from '../src/wav.ts';
import { createAlbum, createArtist, createTrack } from '../../server/test/helpers/catalog.ts';

/**
 * The installable app offline (issue 19): the service worker keeps the shell, and an album
 * the listener downloads plays, and seeks, with the network off.
 */
const SAMPLE_RATE = 22_050;
const OFFLINE_CACHE = 'backbeat-offline-v1';

let server: TestServer;
let browser: Browser;
let albumPath = '';
let trackIds: number[] = [];
let listenerState: Awaited<ReturnType<BrowserContext['storageState']>>;
let listenerId = 0;
const browseOnly = { email: 'browse@backbeat.test', password: 'long enough password' };

/** A mono 16-bit WAV of one sine tone. */
function toneWav(hertz: number, seconds: number): Buffer {
  const frames = SAMPLE_RATE * seconds;
  const pcm = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i++)
    pcm.writeInt16LE(
      Math.round(0.2 * 32767 * Math.sin((2 * Math.PI * hertz * i) / SAMPLE_RATE)),
      i * 2,
    );
  return pcmWav(pcm, SAMPLE_RATE);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const artist = await createArtist(server.app, { name: 'Far Away' });
  const album = await createAlbum(server.app, { name: 'Off The Grid', artistIds: [artist.id] });
  const inAlbum = { albumId: album.id, artistIds: [artist.id] };
  const first = await createTrack(server.app, {
    ...inAlbum,
    name: 'No Signal',
    number: 1,
    audio: toneWav(440, 30),
  });
  const second = await createTrack(server.app, {
    ...inAlbum,
    name: 'Airplane Mode',
    number: 2,
    audio: toneWav(660, 10),
  });
  trackIds = [first.id, second.id];
  albumPath = albumLink({ ...album, image: null, artists: [{ ...artist, image: null }] });

  const email = 'offline@backbeat.test';
  const password = 'long enough password';
  listenerId = await server.app.services.users.createUser({
    email,
    password,
    name: 'Offline Olive',
  });
  const { context } = await newPage(browser);
  await acceptCookies(context, server.url);
  await loginThroughApi(context, server.url, { email, password });
  listenerState = await context.storageState();
  await context.close();

  // A role that browses the catalog but does not play, as a plan without playback has.
  await server.app.services.roles.createRole({
    name: 'browse-only',
    description: 'Browse without playing',
    permissions: ['music.view'],
  });
  const id = await server.app.services.users.createUser({ ...browseOnly, name: 'Browsing Bo' });
  await setUserRoles(server, id, ['browse-only']);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A signed-in tab whose service worker is installed and controls the page. */
async function installedPage(path = '/') {
  const opened = await newPage(browser, { storageState: listenerState });
  await opened.page.goto(server.url + path);
  await opened.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 20_000,
  });
  return opened;
}

const offlineFiles = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  }, OFFLINE_CACHE);

async function downloadAlbum(page: Page) {
  await page.goto(server.url + albumPath);
  await page.getByRole('heading', { level: 1, name: 'Off The Grid' }).waitFor();
  // From the keyboard: the focus moves on to "Remove download" once it is done.
  await page.getByRole('button', { name: 'Download for offline' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Remove download' }).waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Remove download');
}

const seconds = (text: string | null) => {
  const [m = '0', s = '0'] = (text ?? '0:00').split(':');
  return Number(m) * 60 + Number(s);
};

describe('the installable app', () => {
  it('serves a manifest an install accepts, with PNG icons of 192 and 512 pixels', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(server.url + '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await page.request.get(new URL(href!, server.url).href);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Backbeat', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}`);
      expect(icon?.type).toBe('image/png');
      const png = await (await page.request.get(server.url + icon!.src)).body();
      // The PNG header's width and height.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    // Chromium's own verdict on installing the page as an app (a test context is incognito,
    // which it names beside any fault of the site's, such as a missing manifest or icon).
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(
      installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);
    await context.close();
  });

  it('opens with the network off after a first visit', async () => {
    const { page, context } = await installedPage();
    await page.getByRole('region', { name: 'Player' }).waitFor();
    const shell = await page.evaluate(async () => {
      const names = await caches.keys();
      const name = names.find((n) => n.startsWith('backbeat-shell-'));
      return name ? (await (await caches.open(name)).keys()).length : 0;
    });
    expect(shell).toBeGreaterThan(10);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('region', { name: 'Player' }).waitFor();
    // A page of the listener's app it had not opened before loads from the kept files too.
    await page.goto(server.url + '/account-settings');
    await page.getByRole('heading', { name: 'Offline music' }).waitFor();
    await context.close();
  });
});

describe('music downloaded for offline play', () => {
  it('plays an album with the network off, and seeks in it', async () => {
    const { page, context } = await installedPage();
    await downloadAlbum(page);
    const files = await offlineFiles(page);
    for (const id of trackIds) expect(files).toContain(`/api/v1/tracks/${id}/stream`);

    await context.setOffline(true);
    await page.goto(server.url + albumPath);
    await page.getByRole('heading', { level: 1, name: 'Off The Grid' }).waitFor();
    // A range from the kept file, as the audio element asks when it seeks.
    const range = await page.evaluate(async (id) => {
      const response = await fetch(`/api/v1/tracks/${id}/stream`, {
        headers: { range: 'bytes=44-1043' },
      });
      return {
        status: response.status,
        contentRange: response.headers.get('content-range'),
        length: (await response.arrayBuffer()).byteLength,
      };
    }, trackIds[0]);
    expect(range).toEqual({
      status: 206,
      contentRange: `bytes 44-1043/${44 + SAMPLE_RATE * 30 * 2}`,
      length: 1000,
    });

    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    const bar = page.getByRole('region', { name: 'Player' });
    const position = async () => seconds(await bar.getByTestId('player-position').textContent());
    await expect.poll(position, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await bar.getByLabel('Seek').fill('20');
    await expect.poll(position, { timeout: 15_000 }).toBeGreaterThanOrEqual(21);
    await context.close();
  });

  it('shows the space it takes in settings, and clearing it removes it', async () => {
    const { playlists, users } = server.app.services;
    const scope = { workspaceId: 0, userId: listenerId, role: 'owner' as const };
    const playlist = await playlists.create(
      scope,
      { name: 'Road Trip' },
      (await users.findById(listenerId))!,
    );
    await playlists.addTracks(scope, playlist.id, trackIds);

    const { page, context } = await installedPage();
    await downloadAlbum(page);
    await page.goto(`${server.url}/playlist/${playlist.id}/road-trip`);
    await page.getByRole('heading', { level: 1, name: 'Road Trip' }).waitFor();
    await page.getByRole('button', { name: 'Download for offline' }).click();
    await page.getByRole('button', { name: 'Remove download' }).waitFor({ timeout: 20_000 });

    await page.goto(server.url + '/account-settings#offline');
    const panel = page.locator('#offline');
    await panel.getByRole('link', { name: 'Off The Grid' }).waitFor();
    await panel.getByRole('link', { name: 'Road Trip' }).waitFor();
    // Two WAVs of 30 s and 10 s at 22 kHz, 16 bits: about 1.7 MB, counted once for both.
    await expect.poll(() => panel.getByTestId('offline-bytes').textContent()).toMatch(/^1\.\d MB$/);

    await panel.getByRole('button', { name: 'Clear all offline music' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear', exact: true }).click();
    // Clearing waits for the page load's check of the downloads (a request for each track).
    await expect
      .poll(() => panel.getByTestId('offline-bytes').textContent(), { timeout: 20_000 })
      .toBe('0 B');
    expect(await panel.getByRole('link', { name: 'Off The Grid' }).count()).toBe(0);
    expect(await panel.getByRole('link', { name: 'Road Trip' }).count()).toBe(0);
    expect(await offlineFiles(page)).toEqual([]);

    await page.goto(server.url + albumPath);
    await page.getByRole('button', { name: 'Download for offline' }).waitFor();
    await context.close();
  });

  it('is refused to a listener who may not play, and keeps nothing', async () => {
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, browseOnly);
    await page.goto(server.url + albumPath);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 20_000,
    });
    const refusal = await page.evaluate(async (id) => {
      const response = await fetch(`/api/v1/tracks/${id}/stream`);
      return { status: response.status, body: (await response.json()) as { message: string } };
    }, trackIds[0]);
    expect(refusal.status).toBe(403);

    await page.getByRole('button', { name: 'Download for offline' }).click();
    await page.getByText(refusal.body.message).waitFor();
    expect(await page.getByRole('button', { name: 'Remove download' }).count()).toBe(0);
    const kept = await offlineFiles(page);
    expect(kept.filter((path) => path.endsWith('/stream'))).toEqual([]);
    expect(kept.filter((path) => path.startsWith('/__offline/'))).toEqual([]);
    await context.close();
  });

  it('drops a download on the next visit once the listener may no longer play it', async () => {
    const rae = { email: 'revoked@backbeat.test', password: 'long enough password' };
    const id = await server.app.services.users.createUser({ ...rae, name: 'Revoked Rae' });
    const { page, context } = await newPage(browser);
    await acceptCookies(context, server.url);
    await loginThroughApi(context, server.url, rae);
    await page.goto(server.url + '/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 20_000,
    });
    await downloadAlbum(page);
    expect((await offlineFiles(page)).filter((path) => path.endsWith('/stream'))).toHaveLength(2);

    // The plan changed: this listener may browse but not play.
    await setUserRoles(server, id, ['browse-only']);
    await page.reload();
    await page.getByRole('button', { name: 'Download for offline' }).waitFor({ timeout: 20_000 });
    // The button can show before the re-check has asked the server and emptied the cache.
    await expect
      .poll(async () => (await offlineFiles(page)).filter((path) => path.endsWith('/stream')), {
        timeout: 20_000,
      })
      .toEqual([]);
    await context.close();
  });

  it('catches up with a playlist that gained tracks since it was downloaded', async () => {
    const { playlists, users } = server.app.services;
    const scope = { workspaceId: 0, userId: listenerId, role: 'owner' as const };
    const owner = (await users.findById(listenerId))!;
    const playlist = await playlists.create(scope, { name: 'Growing' }, owner);
    await playlists.addTracks(scope, playlist.id, [trackIds[1]!]);
    const streams = async (page: Page) =>
      (await offlineFiles(page)).filter((path) => path.endsWith('/stream')).sort();

    const { page, context } = await installedPage(`/playlist/${playlist.id}/growing`);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    await page.getByRole('button', { name: 'Remove download' }).waitFor({ timeout: 20_000 });
    expect(await streams(page)).toEqual([`/api/v1/tracks/${trackIds[1]}/stream`]);

    await playlists.addTracks(scope, playlist.id, [trackIds[0]!]);
    await page.reload();
    await page.getByRole('button', { name: 'Update download' }).click();
    await expect
      .poll(() => streams(page), { timeout: 20_000 })
      .toEqual(trackIds.map((id) => `/api/v1/tracks/${id}/stream`).sort());
    await page.getByRole('button', { name: 'Remove download' }).waitFor();
    expect(await page.getByRole('button', { name: 'Update download' }).count()).toBe(0);
    await context.close();
  });

  // Last in the file: signing out ends the session the other tests share.
  it('forgets the downloads when the listener signs out', async () => {
    const { page, context } = await installedPage();
    await downloadAlbum(page);
    const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value;
    const signedOut = await context.request.post(`${server.url}/auth/logout`, {
      headers: { 'X-XSRF-TOKEN': xsrf ?? '', Accept: 'application/json' },
    });
    expect(signedOut.ok()).toBe(true);
    await page.goto(server.url + albumPath);
    await page.getByRole('button', { name: 'Download for offline' }).waitFor();
    await expect
      .poll(async () => (await offlineFiles(page)).filter((path) => path.endsWith('/stream')))
      .toEqual([]);
    await context.close();
  });
});
