import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumLink, trackLink } from '@backbeat/common';
import { atOutputRate, startTap, tapReport, waitForQuiet } from '../src/audio-tap.ts';
import { launchBrowser, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { startServer, type TestServer } from '../src/server.ts';
import { pcmWav } from '../src/wav.ts';
import { createAlbum, createArtist, createTrack } from '../../server/test/helpers/catalog.ts';
import { analyseAudio } from '../../server/src/modules/media/analyse.ts';

/**
 * Gapless runs, a stream cut mid-track and a track that is not there, heard at the Web Audio
 * output (`?audioProbe=1` and an AudioWorklet tap): one continuous tone split into tracks must
 * come out as one tone, with no silence and no click where the tracks meet, whether the
 * output runs at the files' rate or not (most phones, laptops and USB DACs run at 48 kHz;
 * headless Chromium here at 44.1 kHz, so a page can be made to run at either).
 */
const HERTZ = 440;
const AMPLITUDE = 0.3;
const OUTPUT_RATES = [44_100, 48_000] as const;

let server: TestServer;
let browser: Browser;
/** The server's test-only fault: the next stream of this track breaks after some bytes. */
const fault = { trackId: 0, afterBytes: 0, rangeRequests: 0 };
interface Run {
  path: string;
  last: { id: number; name: string };
  /** Seconds of tone in all. */
  seconds: number;
  /** The files, as stored. */
  files: Buffer[];
}
const runs: Record<'flac' | 'mp3' | 'hiRes' | 'shortIntoLong', Run> = {} as never;
const albums: Record<'wav' | 'holes', string> = {} as never;
const tracks: Record<'secondWav' | 'long' | 'missing' | 'after', { id: number; name: string }> =
  {} as never;

/** A continuous tone, `seconds` long, as 16-bit mono PCM at `rate`. */
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

/** The same PCM through ffmpeg: FLAC, or an MP3 from LAME with its delay and padding. */
function encoded(codec: 'flac' | 'libmp3lame', samples: Int16Array, rate: number): Buffer {
  // To a file, not a pipe: LAME's tag (frame count, delay, padding) is written at the end.
  const file = join(mkdtempSync(join(tmpdir(), 'backbeat-gapless-')), `part.${codec}`);
  execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 's16le', '-ar', String(rate), '-ac', '1', '-i', 'pipe:0'],
      ...[
        '-c:a',
        codec,
        ...(codec === 'flac' ? [] : ['-b:a', '192k']),
        '-f',
        codec === 'flac' ? 'flac' : 'mp3',
        file,
      ],
    ],
    { input: Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength) },
  );
  return readFileSync(file);
}

/** What the media pipeline learns from a file (its rate, delay, padding and length). */
async function analysed(audio: Buffer, name: string) {
  const { media } = await analyseAudio({
    open: () => Readable.from([audio], { objectMode: false }),
    size: audio.length,
    mime: null,
    name,
  });
  return media.gapless;
}

/**
 * An album marked gapless whose tracks are one tone cut at odd samples, `parts` seconds long,
 * made at `rate` and stored with what the pipeline reads from each file.
 */
async function splitToneAlbum(
  name: string,
  parts: number[],
  rate: number,
  encode: (samples: Int16Array) => Buffer,
): Promise<Run> {
  const artist = await createArtist(server.app, { name: `${name} Artist` });
  const album = await createAlbum(server.app, { name, artistIds: [artist.id] });
  await server.app.services.catalogWrites.setAlbumGapless(album.id, true);
  const seconds = parts.reduce((sum, part) => sum + part, 0);
  const whole = toneSamples(seconds, rate);
  let cut = 0;
  let last = { id: 0, name: '' };
  const files: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    // Odd places, never a whole number of the tone's periods or of any resampling grid.
    const end =
      index === parts.length - 1 ? whole.length : cut + Math.round((part + 0.0137) * rate);
    const audio = encode(whole.subarray(cut, end));
    files.push(audio);
    cut = end;
    last = await createTrack(server.app, {
      name: `${name} ${index + 1}`,
      albumId: album.id,
      artistIds: [artist.id],
      number: index + 1,
      audio,
    });
    const gapless = await analysed(audio, last.name);
    expect(gapless?.sample_rate).toBe(rate);
    await server.app.services.catalogWrites.setGapless(last.id, gapless);
  }
  return {
    path: albumLink({ ...album, image: null, artists: [{ ...artist, image: null }] }),
    last,
    seconds,
    files,
  };
}

/**
 * The departure from a pure tone of the files joined by ffmpeg's own gapless decoder (which
 * trims LAME's delay and padding exactly): MP3 codes each file's hard start and end with an
 * error of its own (~−30 dB on a tone cut mid-wave), which no player can take away.
 */
function referenceDepartureDb(files: Buffer[], rate: number): number {
  const decoded = files.map((file) => {
    // From a file: read from a pipe, ffmpeg keeps LAME's padding at the end.
    const path = join(mkdtempSync(join(tmpdir(), 'backbeat-reference-')), 'part.mp3');
    writeFileSync(path, file);
    const pcm = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'f32le', '-'], {
      maxBuffer: 64 << 20,
    });
    return new Float32Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 4);
  });
  const joined = Float64Array.from(decoded.flatMap((samples) => [...samples]));
  const twoCos = 2 * Math.cos((2 * Math.PI * HERTZ) / rate);
  const edge = Math.round(0.02 * rate);
  let worst = 0;
  for (let i = edge; i < joined.length - edge; i++) {
    worst = Math.max(worst, Math.abs(joined[i + 1]! + joined[i - 1]! - twoCos * joined[i]!));
  }
  return 20 * Math.log10(worst / AMPLITUDE);
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
  [server, browser] = await Promise.all([
    startServer({
      inProcess: { reason: 'breakStreams cuts one stream response short inside the server' },
    }),
    launchBrowser(),
  ]);
  breakStreams(server.app);
  const flac = (rate: number) => (part: Int16Array) => encoded('flac', part, rate);
  runs.flac = await splitToneAlbum('Seamless Flac', [1.3, 1.4, 1.3], 44_100, flac(44_100));
  runs.mp3 = await splitToneAlbum('Seamless Lame', [2, 2], 44_100, (part) =>
    encoded('libmp3lame', part, 44_100),
  );
  runs.hiRes = await splitToneAlbum('Seamless Studio', [2, 2], 96_000, flac(96_000));
  // A segue and two interludes into a long movement: the long one must be ready in time.
  runs.shortIntoLong = await splitToneAlbum(
    'Segue Suite',
    [0.2, 0.5, 1, 180],
    44_100,
    flac(44_100),
  );
  const wavRun = await splitToneAlbum('Seamless Wave', [2, 2], 44_100, (part) => wav(part, 44_100));
  albums.wav = wavRun.path;
  tracks.secondWav = wavRun.last;

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
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page whose audio output runs at `outputRate` (the rate a device would give it). */
async function openPage(outputRate?: number) {
  // The tap's worklet module is a blob URL, which the app's CSP would refuse.
  const opened = await newPage(browser, { bypassCSP: true });
  await acceptCookies(opened.context, server.url);
  if (outputRate) {
    await atOutputRate(opened.context, outputRate);
  }
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

/**
 * Plays a run from its first track until it has ended (or, with `seconds`, until its last
 * track has played that long); the tap's report. On a loaded machine Chromium now and then
 * skips rendering a 128-frame block altogether (the tap sees its frame counter jump): that
 * listening proves nothing either way, so it is done again, at most twice more.
 */
async function listenTo(run: Run, outputRate: number, seconds?: number) {
  for (let attempt = 1; ; attempt++) {
    const { page, context, errors } = await openPage(outputRate);
    await playFrom(page, run.path);
    await startTap(page);
    await expect.poll(() => nowPlaying(page), { timeout: 15_000 }).toBe(run.last.name);
    if (seconds) {
      await expect.poll(() => position(page), { timeout: 10_000 }).toBeGreaterThan(seconds);
    } else {
      await waitForQuiet(page);
    }
    const report = await tapReport(page, { toneHz: HERTZ });
    const rate = await page.evaluate(
      () => (window as unknown as { __tap: { sampleRate: number } }).__tap.sampleRate,
    );
    await context.close();
    if (report.missingFrames === 0 || attempt === 3) return { report, rate, errors };
  }
}

describe.each(OUTPUT_RATES)('gapless playback on a %i Hz output', (outputRate) => {
  it('plays a 44.1 kHz FLAC tone split over three tracks as one tone, without a click', async () => {
    const { report, rate, errors } = await listenTo(runs.flac, outputRate);
    expect(rate).toBe(outputRate);
    expect(report.missingFrames).toBe(0);
    // Nearly all of the 4 s tone (the tap starts a moment after the first sound).
    expect(report.soundSeconds).toBeGreaterThan(3.4);
    expect(report.longestSilenceMs).toBeLessThan(5);
    // Joined as one tone: −25 dB when each file was resampled on its own, ~−80 dB clean.
    expect(report.departureDb).toBeLessThan(-60);
    expect(errors).toEqual([]);
  });

  it('trims the encoder delay and padding of LAME MP3s, so the join stays seamless', async () => {
    const { report, errors } = await listenTo(runs.mp3, outputRate);
    expect(report.missingFrames).toBe(0);
    expect(report.soundSeconds).toBeGreaterThan(3.5);
    // Untrimmed, LAME's delay and padding are ~50 ms of silence where the tracks meet.
    expect(report.longestSilenceMs).toBeLessThan(5);
    // No worse than the files joined exactly by ffmpeg: a sample doubled or skipped at the
    // join is 7–9 dB worse, a join resampled file by file ~5 dB.
    const reference = referenceDepartureDb(runs.mp3.files, 44_100);
    expect(reference).toBeLessThan(-25);
    expect(report.departureDb).toBeLessThan(reference + 2);
    expect(errors).toEqual([]);
  });

  it('joins a 96 kHz studio file to the next without a click', async () => {
    const { report, errors } = await listenTo(runs.hiRes, outputRate);
    expect(report.missingFrames).toBe(0);
    expect(report.longestSilenceMs).toBeLessThan(5);
    expect(report.departureDb).toBeLessThan(-60);
    expect(errors).toEqual([]);
  });

  it('plays a run of very short tracks into a long one without a gap', async () => {
    const { report, errors } = await listenTo(runs.shortIntoLong, outputRate, 1);
    expect(report.missingFrames).toBe(0);
    // 0.2 + 0.5 + 1 s, then a second of the long one: one tone all through.
    expect(report.soundSeconds).toBeGreaterThan(2.4);
    expect(report.longestSilenceMs).toBeLessThan(5);
    expect(report.departureDb).toBeLessThan(-60);
    expect(errors).toEqual([]);
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
    let fallback: Awaited<ReturnType<typeof plain>> = null;
    await expect.poll(async () => (fallback = await plain()), { timeout: 10_000 }).not.toBeNull();
    fallback = fallback!;
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
