/**
 * The container image, built from the repository's Dockerfile and started with podman
 * (`.ci/container-image` builds it and runs this file; issue 39, "Containers"), alone beside
 * this machine's PostgreSQL, Redis and an s3rver bucket: it gets healthy, migrates and seeds a
 * fresh PostgreSQL database, reads the music volume, keeps uploads in the bucket, and answers a
 * Subsonic app, with its own Debian ffmpeg transcoding. The commands README gives its admins
 * (npm run settings, admin, import, backup and restore) run inside it, so an image slimmed of
 * the build's tools still holds everything they need. The web app and the player in Chromium
 * are driven on compose.yaml's stack (compose-stack.test.ts), which runs the same image.
 */
import { chownSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughApi } from '../src/browser.ts';
import { createTestDatabase } from '../../server/test/helpers/database.ts';
import {
  CONTAINER_ADMIN,
  DATABASE_SERVER,
  IMAGE_USER_ID,
  startContainerSite,
  type ContainerSite,
} from '../src/container-site.ts';
import {
  mp3Bytes,
  signedInContext,
  subsonicApp,
  tusUpload,
  writeToneFlac,
  type SiteUnderTest,
} from '../src/container-journeys.ts';

const TONE = { title: 'Harbour Lights Test Tone', artist: 'The Podman Quartet' };

let site: ContainerSite;
let siteUnderTest: SiteUnderTest;
let browser: Browser;

beforeAll(async () => {
  // A tagged FLAC on the host's music folder, as a self-hoster's library would be.
  site = await startContainerSite(async (folder) => writeToneFlac(folder, TONE));
  siteUnderTest = { url: site.url, admin: CONTAINER_ADMIN };
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the container image', () => {
  it('is healthy by its own HEALTHCHECK, as the engine runs it', async () => {
    expect(await site.healthy()).toBe(true);
  });

  it('reads the music volume and answers a Subsonic app, transcoding with its own ffmpeg', async () => {
    const context = await signedInContext(browser, siteUnderTest);
    const { rest, findSong } = await subsonicApp(context, siteUnderTest);
    // MUSIC_FOLDERS=/music is registered and scanned in the background at start.
    const songId = await findSong('Harbour Lights');

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
    const context = await signedInContext(browser, siteUnderTest);
    const bytes = mp3Bytes();
    const { status, served } = await tusUpload(context, siteUnderTest, bytes);
    expect(status).toBe(201);
    expect(Buffer.compare(served!, bytes)).toBe(0);
    await context.close();
  }, 90_000);
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
