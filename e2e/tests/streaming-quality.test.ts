import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackLink } from '@backbeat/common';
import { outputLevelDb } from '../src/audio-tap.ts';
import { launchBrowser, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { startServer, type TestServer } from '../src/server.ts';
import { encodeAudio } from '../../server/test/helpers/audio.ts';
import { createArtist, createTrack } from '../../server/test/helpers/catalog.ts';

/**
 * Issue 38.6: the web player's streaming quality. Set to 64 kbit/s in the playback settings,
 * a FLAC is asked for through the server's transcode path and plays (heard at the Web Audio
 * output, `?audioProbe=1`); the choice is kept on the device.
 */
let server: TestServer;
let browser: Browser;
let track: { id: number; name: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const artist = await createArtist(server.app, { name: 'Low Band' });
  const flac = await encodeAudio('aevalsrc=0.3*sin(2*PI*440*t):d=30:s=44100', 'flac');
  const created = await createTrack(server.app, {
    name: 'Over Mobile Data',
    artistIds: [artist.id],
    audioPath: 'audio/test/mobile.flac',
    audio: null,
  });
  await server.app.services.storage.write(created.audioPath, flac);
  await server.app.services.database.db
    .updateTable('tracks')
    .set({ audio_mime: 'audio/flac', duration: 30_000 })
    .where('id', '=', created.id)
    .execute();
  track = created;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('streaming quality', () => {
  it('plays a FLAC transcoded at the low-quality setting, asked for on the transcode path', async () => {
    const { page, context, errors } = await newPage(browser);
    await acceptCookies(context, server.url);
    const streams: { url: string; type: string | undefined; status: number }[] = [];
    page.on('response', (response) => {
      if (response.url().includes(`/tracks/${track.id}/stream`)) {
        streams.push({
          url: response.url(),
          type: response.headers()['content-type'],
          status: response.status(),
        });
      }
    });
    await page.goto(`${server.url}${trackLink(track)}?audioProbe=1`);
    const bar = page.getByRole('region', { name: 'Player' });
    const play = page.getByRole('main').getByRole('button', { name: 'Play', exact: true });
    await play.click();
    await expect.poll(() => page.getByTestId('player-track-name').textContent()).toBe(track.name);
    await expect.poll(() => streams.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(streams.some((stream) => stream.url.includes('maxBitRate'))).toBe(false);

    await bar.getByRole('button', { name: 'Playback settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Playback settings' });
    await dialog.getByRole('combobox', { name: 'Quality' }).selectOption('64');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Kept on this device: a fresh page plays at 64 kbit/s from its first request.
    streams.length = 0;
    await page.reload();
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => streams.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const asked = new URL(streams[0]!.url);
    expect(asked.searchParams.get('maxBitRate')).toBe('64');
    expect(asked.searchParams.get('format')).toBe('opus');
    expect(streams[0]!.status).toBe(200);
    expect(streams[0]!.type).toBe('audio/ogg');
    await expect.poll(() => outputLevelDb(page), { timeout: 15_000 }).toBeGreaterThan(-40);

    await bar.getByRole('button', { name: 'Playback settings' }).click();
    expect(await dialog.getByRole('combobox', { name: 'Quality' }).inputValue()).toBe('64');
    expect(errors).toEqual([]);
    await context.close();
  });
});
