/**
 * The container image, built from the repository's Dockerfile and started with podman
 * (`.ci/container-image` builds it and runs this file; issue 39, "Containers"): it gets
 * healthy, migrates and seeds a fresh PostgreSQL database, reads the music volume, serves the
 * web app and the player, keeps uploads in the bucket, and answers a Subsonic app, with its
 * own Debian ffmpeg transcoding. The commands README gives its admins (npm run settings, admin,
 * import, backup and restore) run inside it, so an image slimmed of the build's tools still
 * holds everything they need.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_HEADER } from '@backbeat/common';
import { launchBrowser, loginThroughApi, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { playFirstPopularTrack } from '../src/player-journey.ts';
import { createTestDatabase } from '../../server/test/helpers/database.ts';
import {
  CONTAINER_ADMIN,
  DATABASE_SERVER,
  IMAGE_USER_ID,
  startContainerSite,
  type ContainerSite,
} from '../src/container-site.ts';

const TONE = { title: 'Harbour Lights Test Tone', artist: 'The Podman Quartet' };

let site: ContainerSite;
let browser: Browser;

beforeAll(async () => {
  site = await startContainerSite(async (folder) => {
    // A tagged FLAC on the host's music folder, as a self-hoster's library would be.
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', 'sine=frequency=440:duration=8', '-ac', '2'],
      ...['-metadata', `title=${TONE.title}`, '-metadata', `artist=${TONE.artist}`],
      ...['-metadata', 'album=Container Sessions', join(folder, 'tone.flac')],
    ]);
  });
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function signedInContext(): Promise<{ context: BrowserContext; api: APIRequestContext }> {
  const context = await browser.newContext();
  await loginThroughApi(context, site.url, CONTAINER_ADMIN);
  return { context, api: context.request };
}

async function xsrf(context: BrowserContext) {
  const cookie = (await context.cookies(site.url)).find((c) => c.name === 'XSRF-TOKEN');
  return { [XSRF_HEADER]: cookie?.value ?? '', accept: 'application/json' };
}

describe('the container image', () => {
  it('is healthy by its own HEALTHCHECK, as the engine runs it', async () => {
    expect(await site.healthy()).toBe(true);
  });

  it('reads the music volume and answers a Subsonic app, transcoding with its own ffmpeg', async () => {
    const { context, api } = await signedInContext();
    const made = await api.post(`${site.url}/api/v1/account/app-passwords`, {
      headers: await xsrf(context),
      data: { name: 'Container test' },
    });
    expect(made.status()).toBe(201);
    const { password } = (await made.json()) as { password: string };
    const rest = (method: string, query: Record<string, string>) =>
      `${site.url}/rest/${method}.view?${new URLSearchParams({
        ...{ u: CONTAINER_ADMIN.email, p: password, v: '1.16.1', c: 'container-test', f: 'json' },
        ...query,
      })}`;
    type Found = { 'subsonic-response': { searchResult3?: { song?: { id: string }[] } } };
    // MUSIC_FOLDERS=/music is registered and scanned in the background at start.
    let songId = '';
    await expect
      .poll(
        async () => {
          const found = (await (
            await fetch(rest('search3', { query: 'Harbour Lights' }))
          ).json()) as Found;
          songId = found['subsonic-response'].searchResult3?.song?.[0]?.id ?? '';
          return songId;
        },
        { timeout: 60_000, interval: 500 },
      )
      .not.toBe('');

    // XML, the protocol's default: its writer is a package of the server's own version
    // (server/node_modules), loaded on first use.
    const song = await fetch(rest('getSong', { id: songId, f: 'xml' }));
    expect(song.headers.get('content-type')).toContain('xml');
    expect(await song.text()).toContain(`title="${TONE.title}"`);

    const range = await fetch(rest('stream', { id: songId }), {
      headers: { range: 'bytes=0-999' },
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-type')).toBe('audio/flac');
    expect((await range.arrayBuffer()).byteLength).toBe(1000);

    const transcoded = await fetch(rest('stream', { id: songId, format: 'mp3', maxBitRate: '64' }));
    expect(transcoded.status).toBe(200);
    expect(transcoded.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = Buffer.from(await transcoded.arrayBuffer());
    // An MPEG audio frame (or an ID3 tag before one): ffmpeg inside the image made it.
    expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || mp3[0] === 0xff).toBe(true);
    expect(mp3.length).toBeGreaterThan(16_000);
    await context.close();
  }, 120_000);

  it('takes a tus upload into the bucket', async () => {
    const { context } = await signedInContext();
    const headers = await xsrf(context);
    const cookie = (await context.cookies(site.url)).map((c) => `${c.name}=${c.value}`).join('; ');
    const bytes = Buffer.from(
      execFileSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=duration=3'],
        ...['-f', 'mp3', 'pipe:1'],
      ]),
    );
    const uploadUrl = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(bytes, {
        endpoint: `${site.url}/api/v1/tus/upload`,
        headers: { cookie, ...headers },
        retryDelays: null,
        chunkSize: 16 * 1024,
        storeFingerprintForResuming: false,
        metadata: { name: 'container.mp3', clientName: 'container.mp3', clientExtension: 'mp3' },
        onSuccess: () => resolve(upload.url ?? ''),
        onError: reject,
      });
      upload.start();
    });
    const entry = await context.request.post(`${site.url}/api/v1/tus/entries`, {
      headers,
      data: { uploadKey: uploadUrl.split('/').pop() },
    });
    expect(entry.status()).toBe(201);
    const { fileEntry } = (await entry.json()) as { fileEntry: { url: string } };
    const download = await context.request.get(`${site.url}/${fileEntry.url}`);
    expect(download.status()).toBe(200);
    expect(Buffer.compare(await download.body(), bytes)).toBe(0);
    await context.close();
  }, 90_000);
});

describe('in Chromium, against the container', () => {
  it('signs in with the form and plays a demo track with ranges', async () => {
    const { page, context, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await acceptCookies(context, site.url);
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').fill(CONTAINER_ADMIN.email);
    await page.getByLabel('Password').fill(CONTAINER_ADMIN.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    const streams = await playFirstPopularTrack(page, site.url);
    expect(streams).toContain(206);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe("README's commands, inside the container", () => {
  const npmRun = (...args: string[]) => site.exec('npm', 'run', ...args);

  it('npm run settings sets and reads a setting', async () => {
    await npmRun('settings', '--', 'set', 'dates.default_timezone', 'Europe/Lisbon');
    const { stdout } = await npmRun('settings', '--', 'get', 'dates.default_timezone');
    expect(stdout).toContain('dates.default_timezone = "Europe/Lisbon"');
  }, 60_000);

  it('npm run admin makes an admin account that signs in with the password it prints', async () => {
    const email = 'second-admin@container.test';
    const { stdout } = await npmRun('admin', '--', 'create', email);
    expect(stdout).toContain(`Admin account ${email} created.`);
    const password = /password: (\S+)/.exec(stdout)?.[1] ?? '';
    const context = await browser.newContext();
    await loginThroughApi(context, site.url, { email, password });
    // An admin-only page's data: the account is an admin.
    const operations = await context.request.get(`${site.url}/api/v1/admin/operations`, {
      headers: { accept: 'application/json' },
    });
    expect(operations.status()).toBe(200);
    await context.close();
  }, 60_000);

  it('npm run import scans the music volume', async () => {
    // The server scans /music at start too; the command waits for no scan of its own then.
    await expect
      .poll(async () => (await npmRun('import', '--', '/music')).stdout, {
        timeout: 60_000,
        interval: 1000,
      })
      .toMatch(/: 1 files seen, .* 0 failed; 1 tracks in the library\./);
  }, 90_000);

  it('npm run backup copies the serving site, and npm run restore puts it in a fresh database', async () => {
    await npmRun('settings', '--', 'set', 'dates.default_timezone', 'Asia/Tokyo');
    const made = await npmRun('backup', '--', '/data/storage/backups/container');
    expect(made.stdout).toContain('Backup made in /data/storage/backups/container');

    const fresh = join(site.storageFolder, '..', 'restored');
    mkdirSync(fresh);
    chownSync(fresh, IMAGE_USER_ID, IMAGE_USER_ID);
    const database = await createTestDatabase(fresh, DATABASE_SERVER);
    try {
      const options = {
        env: { DATABASE_URL: database.config.driver === 'postgres' ? database.config.url : '' },
        volumes: [
          `${join(site.storageFolder, 'backups/container')}:/backup:ro`,
          `${fresh}:/data/storage`,
        ],
      };
      await site.runOnce(['npm', 'run', 'restore', '--', '/backup'], options);
      const { stdout } = await site.runOnce(
        ['npm', 'run', 'settings', '--', 'get', 'dates.default_timezone'],
        options,
      );
      expect(stdout).toContain('dates.default_timezone = "Asia/Tokyo"');
    } finally {
      await database.drop();
    }
  }, 120_000);
});
