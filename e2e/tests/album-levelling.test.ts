import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayGainFor, trackLink } from '@backbeat/common';
import { outputLevelDb } from '../src/audio-tap.ts';
import { launchBrowser, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { startServer, type TestServer } from '../src/server.ts';
import { pcmWav } from '../src/wav.ts';
import { createAlbum, createArtist, createTrack } from '../../server/test/helpers/catalog.ts';
import { LoudnessMeter } from '../../server/src/lib/audio/loudness-meter.ts';

/**
 * Issue 36.12: "album" levelling moves a whole album by one gain, so its quiet song stays
 * quieter than its loud one; "track" levelling brings each to the target. Measured at the Web
 * Audio output (`?audioProbe=1`) with steady tones the server's own meter measured.
 */
const SAMPLE_RATE = 44_100;
const SETTINGS_KEY = 'backbeat.player.listening';

let server: TestServer;
let browser: Browser;
const tracks: Record<'loud' | 'quiet', { id: number; name: string }> = {} as never;

/** A mono 16-bit WAV of a steady 1 kHz tone, and its EBU R128 loudness. */
function tone(amplitude: number, seconds: number) {
  const samples = new Float32Array(SAMPLE_RATE * seconds);
  samples.forEach(
    (_, i) => (samples[i] = amplitude * Math.sin((2 * Math.PI * 1000 * i) / SAMPLE_RATE)),
  );
  const meter = new LoudnessMeter(SAMPLE_RATE, 1);
  meter.add(samples);
  const { integratedLufs, truePeakDbtp } = meter.result();
  const pcm = Buffer.alloc(samples.length * 2);
  samples.forEach((value, i) => pcm.writeInt16LE(Math.round(value * 32767), i * 2));
  return {
    wav: pcmWav(pcm, SAMPLE_RATE),
    loudness: {
      integrated_lufs: integratedLufs,
      true_peak_dbtp: truePeakDbtp,
      track_gain_db: replayGainFor(integratedLufs),
    },
  };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const artist = await createArtist(server.app, { name: 'Dynamic Range' });
  const album = await createAlbum(server.app, { name: 'Soft And Loud', artistIds: [artist.id] });
  // The same tone 14 dB apart on one album; the pipeline's measure is written as it writes it.
  const songs = { loud: tone(0.5, 20), quiet: tone(0.1, 20) };
  for (const [key, name, number] of [
    ['loud', 'Loud Song', 1],
    ['quiet', 'Quiet Song', 2],
  ] as const) {
    const track = await createTrack(server.app, {
      name,
      number,
      albumId: album.id,
      artistIds: [artist.id],
      audio: songs[key].wav,
    });
    await server.app.services.catalogWrites.setLoudness(track.id, songs[key].loudness);
    tracks[key] = track;
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage(normalisation: 'album' | 'track') {
  const opened = await newPage(browser);
  await acceptCookies(opened.context, server.url);
  await opened.context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [SETTINGS_KEY, JSON.stringify({ normalisation })],
  );
  return opened;
}

/** Opens a track's page, presses Play, and reads the output's level once it sounds. */
async function levelOf(page: Page, track: { id: number; name: string }) {
  await page.goto(`${server.url}${trackLink(track)}?audioProbe=1`);
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => page.getByTestId('player-track-name').textContent()).toBe(track.name);
  await expect.poll(() => outputLevelDb(page), { timeout: 10_000 }).toBeGreaterThan(-70);
  return outputLevelDb(page);
}

describe('album levelling', () => {
  it('keeps an album’s quiet song quieter than its loud one in album mode, and levels both in track mode', async () => {
    const album = await openPage('album');
    const loudInAlbum = await levelOf(album.page, tracks.loud);
    const quietInAlbum = await levelOf(album.page, tracks.quiet);
    // One gain for the album: the 14 dB between its songs stay.
    expect(loudInAlbum - quietInAlbum).toBeGreaterThan(12);
    expect(album.errors).toEqual([]);
    await album.context.close();

    const track = await openPage('track');
    const loudAlone = await levelOf(track.page, tracks.loud);
    const quietAlone = await levelOf(track.page, tracks.quiet);
    expect(Math.abs(loudAlone - quietAlone)).toBeLessThanOrEqual(1);
    await track.context.close();
  });
});
