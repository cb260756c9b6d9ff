import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumLink, trackLink } from '@backbeat/common';
import { startTap, tapReport } from '../src/audio-tap.ts';
import { launchBrowser, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { startServer, type TestServer } from '../src/server.ts';
import { pcmWav } from '../src/wav.ts';
import { createAlbum, createArtist, createTrack } from '../../server/test/helpers/catalog.ts';
import { lameGapless } from '../../server/src/lib/audio/gapless.ts';

/**
 * Gapless runs, a stream cut mid-track and a track that is not there, heard at the Web Audio
 * output (`?audioProbe=1` and an AudioWorklet tap): one continuous tone split in two must
 * come out as one tone, with no silence and no jump where the tracks meet.
 */
const HERTZ = 440;
const AMPLITUDE = 0.3;

let server: TestServer;
let browser: Browser;
let sampleRate = 48_000;
/** The server's test-only fault: the next stream of this track breaks after some bytes. */
const fault = { trackId: 0, afterBytes: 0, rangeRequests: 0 };
const albums: Record<'wav' | 'mp3' | 'holes', string> = {} as never;
const tracks: Record<
  'secondWav' | 'secondMp3' | 'long' | 'missing' | 'after',
  { id: number; name: string }
> = {} as never;

/** A continuous tone, `seconds` long, as 16-bit mono PCM at the page's sample rate. */
function toneSamples(seconds: number, rate: number): Int16Array {
  const samples = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.round(AMPLITUDE * Math.sin((2 * Math.PI * HERTZ * i) / rate) * 32767);
  }
  return samples;
}

function wav(samples: Int16Array, rate: number): Buffer {
  return pcmWav(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength), rate);
}

/** The same PCM as an MP3 from LAME, which adds its encoder delay and padding. */
function mp3(samples: Int16Array, rate: number): Buffer {
  // To a file, not a pipe: LAME's tag (frame count, delay, padding) is written at the end.
  const file = join(mkdtempSync(join(tmpdir(), 'backbeat-lame-')), 'half.mp3');
  execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 's16le', '-ar', String(rate), '-ac', '1', '-i', 'pipe:0'],
      ...['-c:a', 'libmp3lame', '-b:a', '192k', file],
    ],
    { input: Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength) },
  );
  return readFileSync(file);
}

/** An album marked gapless whose two tracks are one tone cut at an odd sample. */
async function splitToneAlbum(name: string, encode: (samples: Int16Array) => Buffer) {
  const artist = await createArtist(server.app, { name: `${name} Artist` });
  const album = await createAlbum(server.app, { name, artistIds: [artist.id] });
  await server.app.services.catalogWrites.setAlbumGapless(album.id, true);
  const whole = toneSamples(4, sampleRate);
  const cut = Math.round(2.0137 * sampleRate);
  const made = [];
  for (const [index, part] of [whole.subarray(0, cut), whole.subarray(cut)].entries()) {
    const audio = encode(part);
    const track = await createTrack(server.app, {
      name: `${name} ${index + 1}`,
      albumId: album.id,
      artistIds: [artist.id],
      number: index + 1,
      audio,
    });
    // What the media pipeline reads from the file (LAME's tag), as it stores it.
    const gapless = lameGapless(audio.subarray(0, 64 * 1024), sampleRate);
    if (audio[0] !== 0x52) expect(gapless?.encoder_padding).toBeGreaterThan(0);
    await server.app.services.catalogWrites.setGapless(track.id, gapless);
    made.push(track);
  }
  return {
    path: albumLink({ ...album, image: null, artists: [{ ...artist, image: null }] }),
    second: made[1]!,
  };
}

/**
 * Breaks the stream of the faulty track once, after some bytes, under the app (at the HTTP
 * server, so no route of the app can reach it): the test's own fault, never in production.
 */
function breakStreams(app: TestServer['app']) {
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/api\/v1\/tracks\/(\d+)\/stream/.exec(request.url ?? '');
    if (!match || Number(match[1]) !== fault.trackId) return;
    fault.rangeRequests++;
    if (!fault.afterBytes) return;
    let left = fault.afterBytes;
    fault.afterBytes = 0;
    const write = response.write.bind(response) as (chunk: unknown, ...rest: unknown[]) => boolean;
    response.write = ((chunk: Buffer, ...rest: unknown[]) => {
      if (left <= 0) return false;
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      const written = write(bytes.subarray(0, left), ...rest);
      left -= bytes.length;
      if (left <= 0) setTimeout(() => response.destroy(), 50);
      return written;
    }) as typeof response.write;
  });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  breakStreams(server.app);
  // The page's own rate: the tone is made at it, so no resampling blurs the join.
  const probe = await browser.newPage();
  sampleRate = await probe.evaluate(() => new AudioContext().sampleRate);
  await probe.close();

  const wavAlbum = await splitToneAlbum('Seamless Wave', (part) => wav(part, sampleRate));
  albums.wav = wavAlbum.path;
  tracks.secondWav = wavAlbum.second;
  const mp3Album = await splitToneAlbum('Seamless Lame', (part) => mp3(part, sampleRate));
  albums.mp3 = mp3Album.path;
  tracks.secondMp3 = mp3Album.second;

  tracks.long = await createTrack(server.app, {
    name: 'Long Steady Tone',
    audio: wav(toneSamples(20, 44_100), 44_100),
  });
  const artist = await createArtist(server.app, { name: 'Hole Digger' });
  const holes = await createAlbum(server.app, { name: 'Holes', artistIds: [artist.id] });
  const inHoles = { albumId: holes.id, artistIds: [artist.id] };
  tracks.missing = await createTrack(server.app, {
    ...inHoles,
    name: 'Not There',
    number: 1,
    audio: null,
  });
  tracks.after = await createTrack(server.app, {
    ...inHoles,
    name: 'Still Here',
    number: 2,
    audio: wav(toneSamples(6, 44_100), 44_100),
  });
  albums.holes = albumLink({ ...holes, image: null, artists: [{ ...artist, image: null }] });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage() {
  // The tap's worklet module is a blob URL, which the app's CSP would refuse.
  const opened = await newPage(browser, { bypassCSP: true });
  await acceptCookies(opened.context, server.url);
  return opened;
}

const withProbe = (path: string) => `${server.url}${path}?audioProbe=1`;

async function playFrom(page: Page, path: string) {
  await page.goto(withProbe(path));
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
}

const nowPlaying = (page: Page) => page.getByTestId('player-track-name').textContent();
const position = async (page: Page) =>
  Number(await page.getByRole('slider', { name: 'Seek' }).inputValue());

describe('gapless playback', () => {
  it('plays a tone split over two tracks of a gapless album as one tone', async () => {
    const { page, context, errors } = await openPage();
    await playFrom(page, albums.wav);
    await startTap(page);
    await expect.poll(() => nowPlaying(page), { timeout: 10_000 }).toBe(tracks.secondWav.name);
    // Until the second track has ended too.
    await page.waitForTimeout(2_600);
    const report = await tapReport(page);
    expect(report.missingFrames).toBe(0);
    // Nearly all of the 4 s tone (the tap starts a moment after the first sound).
    expect(report.soundSeconds).toBeGreaterThan(3.5);
    expect(report.longestSilenceMs).toBeLessThan(5);
    // A steady 440 Hz tone bends by a thousandth from sample to sample; a gap, a click or a
    // phase jump at the join would be tens of times that.
    expect(report.largestJump).toBeLessThan(Math.max(10 * report.typicalJump, 0.01));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('trims the encoder delay and padding of LAME MP3s, so the join stays seamless', async () => {
    const { page, context, errors } = await openPage();
    await playFrom(page, albums.mp3);
    await startTap(page);
    await expect.poll(() => nowPlaying(page), { timeout: 10_000 }).toBe(tracks.secondMp3.name);
    await page.waitForTimeout(2_600);
    const report = await tapReport(page);
    expect(report.missingFrames).toBe(0);
    expect(report.soundSeconds).toBeGreaterThan(3.5);
    // Untrimmed, LAME's delay and padding are ~50 ms of silence where the tracks meet.
    expect(report.longestSilenceMs).toBeLessThan(5);
    expect(report.largestJump).toBeLessThan(0.02);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('resilience', () => {
  it('resumes where it was when the stream breaks mid-track', async () => {
    const { page, context } = await openPage();
    fault.trackId = tracks.long.id;
    fault.rangeRequests = 0;
    // About 3 s of audio arrive, then the connection drops.
    fault.afterBytes = 44 + 3 * 44_100 * 2;
    await page.goto(withProbe(trackLink(tracks.long)));
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          seen.push(await position(page));
          return seen.at(-1)!;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBeGreaterThan(6);
    // It went on from where the stream broke, never back to the start.
    const afterStart = seen.slice(seen.findIndex((at) => at > 1));
    expect(afterStart.every((at, i) => i === 0 || at >= afterStart[i - 1]! - 0.3)).toBe(true);
    expect(fault.rangeRequests).toBeGreaterThan(1);
    expect(await nowPlaying(page)).toBe(tracks.long.name);
    await context.close();
  });

  it('plays a gapless album on plain <audio> where the browser has no Web Audio', async () => {
    const { page, context, errors } = await openPage();
    await context.addInitScript(() => {
      const bare = window as unknown as Record<string, unknown>;
      delete bare.AudioContext;
      delete bare.webkitAudioContext;
    });
    await playFrom(page, albums.wav);
    await expect.poll(() => position(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
    await expect.poll(() => nowPlaying(page), { timeout: 10_000 }).toBe(tracks.secondWav.name);
    expect(await page.evaluate(() => 'AudioContext' in window)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves to a plain <audio> element at the same position when the audio context stops in the background', async () => {
    const { page, context, errors } = await openPage();
    // Every element the player starts, to find the plain one it falls back to.
    await context.addInitScript(() => {
      const started: HTMLMediaElement[] = ((
        window as unknown as { started: HTMLMediaElement[] }
      ).started = []);
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (!started.includes(this)) started.push(this);
        return play.call(this);
      };
    });
    await playFrom(page, albums.wav);
    await expect.poll(() => position(page), { timeout: 10_000 }).toBeGreaterThan(0.8);
    // The decoded first track plays on the audio clock: no element has been started yet.
    expect(
      await page.evaluate(() => (window as unknown as { started: unknown[] }).started.length),
    ).toBe(0);
    // A phone locks: the page is hidden and the browser suspends the audio context.
    const before = await position(page);
    await page.evaluate(async () => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      const probe = (window as unknown as { __backbeatAudio: { context: AudioContext } })
        .__backbeatAudio;
      await probe.context.suspend();
    });
    // A plain element takes over, once loaded, where the decoded track was.
    const plain = () =>
      page.evaluate(() => {
        const [element] = (window as unknown as { started: HTMLAudioElement[] }).started;
        return element && element.readyState >= 1 && !element.seeking
          ? { at: element.currentTime, paused: element.paused, src: element.src }
          : null;
      });
    await expect.poll(plain, { timeout: 10_000 }).not.toBeNull();
    const fallback = (await plain())!;
    expect(fallback.paused).toBe(false);
    expect(fallback.src).toContain('/stream');
    expect(fallback.at).toBeGreaterThan(before - 0.2);
    expect(fallback.at).toBeLessThan(before + 1.5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('skips a track that cannot be played, says so, and plays the next', async () => {
    const { page, context } = await openPage();
    await playFrom(page, albums.holes);
    await page
      .getByRole('alert')
      .filter({ hasText: `Could not play “${tracks.missing.name}”` })
      .waitFor();
    await expect.poll(() => nowPlaying(page), { timeout: 10_000 }).toBe(tracks.after.name);
    await expect.poll(() => position(page), { timeout: 10_000 }).toBeGreaterThan(1);
    await context.close();
  });
});
