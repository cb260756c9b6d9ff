/**
 * What the container tests do on a site run from the image (e2e/container/: the image started
 * alone with podman, and compose.yaml's stack): sign in, answer a Subsonic app, take a tus
 * upload, play a track in Chromium. Each returns what it saw; the tests say what they expect.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import * as tus from 'tus-js-client';
import { expect } from 'vitest';
import { XSRF_HEADER } from '@backbeat/common';
import { loginThroughApi, newPage } from './browser.ts';
import { acceptCookies } from './catalog.ts';
import { playFirstPopularTrack } from './player-journey.ts';

export interface SiteUnderTest {
  url: string;
  admin: { email: string; password: string };
}

/** A tagged FLAC of a sine tone, as a self-hoster's library would hold, in `folder`. */
export function writeToneFlac(folder: string, tags: { title: string; artist: string }) {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', 'sine=frequency=440:duration=8', '-ac', '2'],
    ...['-metadata', `title=${tags.title}`, '-metadata', `artist=${tags.artist}`],
    ...['-metadata', 'album=Container Sessions', join(folder, 'tone.flac')],
  ]);
}

/** A browser context signed in as the site's admin (through the API). */
export async function signedInContext(browser: Browser, site: SiteUnderTest) {
  const context = await browser.newContext();
  await loginThroughApi(context, site.url, site.admin);
  return context;
}

export async function xsrfHeaders(context: BrowserContext, url: string) {
  const cookie = (await context.cookies(url)).find((c) => c.name === 'XSRF-TOKEN');
  return { [XSRF_HEADER]: cookie?.value ?? '', accept: 'application/json' };
}

/**
 * A Subsonic app signed in with a new app password of the admin's: `rest` builds its request
 * URLs, `findSong` waits until a search finds a song (the music folder is scanned in the
 * background at start) and answers its id.
 */
export async function subsonicApp(context: BrowserContext, site: SiteUnderTest) {
  const made = await context.request.post(`${site.url}/api/v1/account/app-passwords`, {
    headers: await xsrfHeaders(context, site.url),
    data: { name: 'Container test' },
  });
  expect(made.status()).toBe(201);
  const { password } = (await made.json()) as { password: string };
  const rest = (method: string, query: Record<string, string>) =>
    `${site.url}/rest/${method}.view?${new URLSearchParams({
      ...{ u: site.admin.email, p: password, v: '1.16.1', c: 'container-test', f: 'json' },
      ...query,
    })}`;
  type Found = { 'subsonic-response': { searchResult3?: { song?: { id: string }[] } } };
  const findSong = async (query: string) => {
    let songId = '';
    await expect
      .poll(
        async () => {
          const found = (await (await fetch(rest('search3', { query }))).json()) as Found;
          songId = found['subsonic-response'].searchResult3?.song?.[0]?.id ?? '';
          return songId;
        },
        { timeout: 60_000, interval: 500 },
      )
      .not.toBe('');
    return songId;
  };
  return { rest, findSong };
}

/** Three seconds of MP3 made by the host's ffmpeg, to upload. */
export const mp3Bytes = () =>
  Buffer.from(
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=duration=3'],
      ...['-f', 'mp3', 'pipe:1'],
    ]),
  );

/**
 * Uploads `bytes` with tus in 16 KiB chunks as the web app does, makes it a file entry, and
 * answers the entry's creation status and the bytes its URL serves back.
 */
export async function tusUpload(context: BrowserContext, site: SiteUnderTest, bytes: Buffer) {
  const headers = await xsrfHeaders(context, site.url);
  const cookie = (await context.cookies(site.url)).map((c) => `${c.name}=${c.value}`).join('; ');
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
  if (entry.status() !== 201) return { status: entry.status(), served: null };
  const { fileEntry } = (await entry.json()) as { fileEntry: { url: string } };
  const download = await context.request.get(`${site.url}/${fileEntry.url}`);
  expect(download.status()).toBe(200);
  return { status: entry.status(), served: await download.body() };
}

/**
 * Signs in with the form and plays the home page's first popular track; answers the audio
 * requests' statuses and the page's errors.
 */
export async function signInAndPlay(browser: Browser, site: SiteUnderTest) {
  const { page, context, errors } = await newPage(browser);
  context.setDefaultTimeout(30_000);
  try {
    await acceptCookies(context, site.url);
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').fill(site.admin.email);
    await page.getByLabel('Password').fill(site.admin.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const streams = await playFirstPopularTrack(page, site.url);
    return { streams, errors };
  } finally {
    await context.close();
  }
}
