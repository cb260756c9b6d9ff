import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumLink, replayGainFor, trackLink } from '@backbeat/common';
import { seriousAccessibilityProblems } from '../src/axe.ts';
import { atOutputRate, outputLevelDb } from '../src/audio-tap.ts';
import { launchBrowser, newPage } from '../src/browser.ts';
import { acceptCookies } from '../src/catalog.ts';
import { startServer, type TestServer, setSettings } from '../src/server.ts';
import { pcmWav } from '../src/wav.ts';
import { createAlbum, createArtist, createTrack } from '../../server/test/helpers/catalog.ts';
import { LoudnessMeter } from '../../server/src/lib/audio/loudness-meter.ts';

/**
 * The listening engine measured at the Web Audio output (the page's test-only analyser,
 * `?audioProbe=1`), with steady tones whose loudness is measured by the server's own meter,
 * so "the same level" and "this band went up" are plain readings rather than guesses.
 */
const SAMPLE_RATE = 44_100;
const LOW_HZ = 125;
const MID_HZ = 1000;
const OTHER_HZ = 440;
const SETTINGS_KEY = 'backbeat.player.listening';

/** What the page exposes for tests with `?audioProbe=1` (web/src/entities/player/audio-graph.ts). */
type ProbedWindow = Window & {
  __backbeatAudio?: { context: AudioContext; analyser: AnalyserNode };
};

let server: TestServer;
let browser: Browser;
const tracks: Record<'loud' | 'quiet' | 'follower', { id: number; name: string }> = {} as never;
let albumPath = '';

/** A mono 16-bit WAV of summed sines, and its EBU R128 loudness. */
function tone(partials: Array<{ hertz: number; amplitude: number }>, seconds: number) {
  const frames = SAMPLE_RATE * seconds;
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    for (const { hertz, amplitude } of partials)
      samples[i]! += amplitude * Math.sin((2 * Math.PI * hertz * i) / SAMPLE_RATE);
  }
  const meter = new LoudnessMeter(SAMPLE_RATE, 1);
  meter.add(samples);
  const { integratedLufs, truePeakDbtp } = meter.result();
  const pcm = Buffer.alloc(frames * 2);
  samples.forEach((value, i) => pcm.writeInt16LE(Math.round(value * 32767), i * 2));
  const wav = pcmWav(pcm, SAMPLE_RATE);
  return {
    wav,
    loudness: {
      integrated_lufs: integratedLufs,
      true_peak_dbtp: truePeakDbtp,
      track_gain_db: replayGainFor(integratedLufs),
      album_gain_db: null,
    },
  };
}

async function createToneTrack(
  name: string,
  audio: ReturnType<typeof tone>,
  input: { albumId?: number; artistIds?: number[]; number?: number } = {},
) {
  const track = await createTrack(server.app, { ...input, name, audio: audio.wav });
  await server.app.services.catalogWrites.setLoudness(track.id, audio.loudness);
  return track;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const two = (scale: number) => [
    { hertz: LOW_HZ, amplitude: 0.25 * scale },
    { hertz: MID_HZ, amplitude: 0.25 * scale },
  ];
  // The same tones 14 dB apart: levelling must bring them together.
  tracks.loud = await createToneTrack('Loud Tone', tone(two(1.6), 20));
  tracks.quiet = await createToneTrack('Quiet Tone', tone(two(0.32), 20));
  const artist = await createArtist(server.app, { name: 'Tone Maker' });
  const album = await createAlbum(server.app, { name: 'Two Tones', artistIds: [artist.id] });
  const inAlbum = { albumId: album.id, artistIds: [artist.id] };
  await createToneTrack('First Of Two', tone([{ hertz: MID_HZ, amplitude: 0.3 }], 8), {
    ...inAlbum,
    number: 1,
  });
  tracks.follower = await createToneTrack(
    'Second Of Two',
    tone([{ hertz: OTHER_HZ, amplitude: 0.3 }], 8),
    { ...inAlbum, number: 2 },
  );
  albumPath = albumLink({ ...album, image: null, artists: [{ ...artist, image: null }] });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage(settings?: object) {
  const opened = await newPage(browser);
  await acceptCookies(opened.context, server.url);
  if (settings) {
    await opened.context.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [SETTINGS_KEY, JSON.stringify(settings)],
    );
  }
  return opened;
}

const withProbe = (path: string) => `${server.url}${path}?audioProbe=1`;

/** Opens a track's page, presses Play and waits until its audio reaches the analyser. */
async function playTrack(page: Page, track: { id: number; name: string }) {
  await page.goto(withProbe(trackLink(track)));
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => page.getByTestId('player-track-name').textContent()).toBe(track.name);
  await expect.poll(() => outputLevelDb(page), { timeout: 10_000 }).toBeGreaterThan(-60);
}

/** The output spectrum's level (dB) at each frequency asked for. */
async function spectrumDb(page: Page, frequencies: number[]): Promise<number[]> {
  return page.evaluate((hertz) => {
    const { analyser, context } = (window as ProbedWindow).__backbeatAudio!;
    const spectrum = new Float32Array(analyser.frequencyBinCount);
    analyser.getFloatFrequencyData(spectrum);
    const binWidth = context.sampleRate / analyser.fftSize;
    // The loudest of the bins around each tone, as a tone between two bins spreads over both.
    return hertz.map((f) => {
      const bin = Math.round(f / binWidth);
      return Math.max(spectrum[bin - 1]!, spectrum[bin]!, spectrum[bin + 1]!);
    });
  }, frequencies);
}

/**
 * Plays the two-tone album and measures how long both tones are within 12 dB of full level
 * at once: about 2.3 s of a 3 s equal-power fade, a few hundredths of a second (one analyser
 * frame) when one track simply follows another.
 */
async function playAlbumAndMeasureOverlap(page: Page): Promise<number> {
  await page.goto(withProbe(albumPath));
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(async () => (await spectrumDb(page, [MID_HZ]))[0]!, { timeout: 10_000 })
    .toBeGreaterThan(-50);
  const [fullLevel] = await spectrumDb(page, [MID_HZ]);
  return page.evaluate(
    async ({ hertz, threshold }) => {
      const { analyser, context } = (window as ProbedWindow).__backbeatAudio!;
      const spectrum = new Float32Array(analyser.frequencyBinCount);
      const binWidth = context.sampleRate / analyser.fftSize;
      const levelAt = (f: number) => {
        const bin = Math.round(f / binWidth);
        return Math.max(spectrum[bin - 1]!, spectrum[bin]!, spectrum[bin + 1]!);
      };
      let together = 0;
      let secondAlone = 0;
      const started = performance.now();
      // Until the second tone has played alone for a while, or 15 s at most.
      while (secondAlone < 10 && performance.now() - started < 15_000) {
        analyser.getFloatFrequencyData(spectrum);
        const [first, second] = hertz.map(levelAt) as [number, number];
        if (first > threshold && second > threshold) together++;
        if (first < threshold && second > threshold) secondAlone++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return (together * 50) / 1000;
    },
    { hertz: [MID_HZ, OTHER_HZ], threshold: fullLevel! - 12 },
  );
}

describe('the listening engine', () => {
  it('plays two tracks 14 dB apart at the same level with loudness levelling on', async () => {
    const { page, context, errors } = await openPage();
    await playTrack(page, tracks.loud);
    const loud = await outputLevelDb(page);
    await playTrack(page, tracks.quiet);
    const quiet = await outputLevelDb(page);
    expect(Math.abs(loud - quiet)).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await context.close();

    // The same two with levelling off: the output follows the files, 14 dB apart.
    const off = await openPage({ normalisation: 'off' });
    await playTrack(off.page, tracks.loud);
    const loudAsIs = await outputLevelDb(off.page);
    await playTrack(off.page, tracks.quiet);
    const quietAsIs = await outputLevelDb(off.page);
    expect(loudAsIs - quietAsIs).toBeGreaterThan(12);
    await off.context.close();
  });

  it('lifts one band of the output from the settings panel, and keeps it after a reload', async () => {
    const { page, context, errors } = await openPage();
    await playTrack(page, tracks.loud);
    const [lowBefore, midBefore] = await spectrumDb(page, [LOW_HZ, MID_HZ]);

    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByRole('button', { name: 'Playback settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Playback settings' });
    await dialog.getByRole('slider', { name: '1 kHz' }).fill('12');
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Preset' }).inputValue())
      .toBe('custom');
    await expect
      .poll(async () => (await spectrumDb(page, [MID_HZ]))[0]! - midBefore!, { timeout: 5_000 })
      .toBeGreaterThan(10);
    const [lowAfter] = await spectrumDb(page, [LOW_HZ]);
    expect(Math.abs(lowAfter! - lowBefore!)).toBeLessThan(1.5);

    // The keyboard alone sets the crossfade: three steps of one second.
    await dialog.getByRole('slider', { name: 'Overlap' }).focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.reload();
    await bar.getByRole('button', { name: 'Playback settings' }).click();
    await expect.poll(() => dialog.getByRole('slider', { name: '1 kHz' }).inputValue()).toBe('12');
    expect(await dialog.getByRole('slider', { name: 'Overlap' }).inputValue()).toBe('3');
    expect(
      await dialog.getByRole('slider', { name: 'Overlap' }).getAttribute('aria-valuetext'),
    ).toBe('3 s');

    // A fresh page plays with the saved band lifted from its first sound: the equaliser's
    // filters join the audio graph as it is built, when a band is not flat.
    await playTrack(page, tracks.loud);
    await expect
      .poll(async () => (await spectrumDb(page, [MID_HZ]))[0]! - midBefore!, { timeout: 5_000 })
      .toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('crossfades into the next track over the chosen 3 s, both audible at once', async () => {
    const { page, context, errors } = await openPage({ crossfadeSeconds: 3 });
    const overlapSeconds = await playAlbumAndMeasureOverlap(page);
    expect(overlapSeconds).toBeGreaterThan(1.5);
    expect(overlapSeconds).toBeLessThan(3.2);
    await expect
      .poll(() => page.getByTestId('player-track-name').textContent())
      .toBe(tracks.follower.name);
    // Then the first has faded out and the second plays on alone.
    await expect
      .poll(async () => (await spectrumDb(page, [MID_HZ, OTHER_HZ])).join(), { timeout: 8_000 })
      .toSatisfy((levels: string) => {
        const [first, second] = levels.split(',').map(Number);
        return first! < -80 && second! > -50;
      });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('crossfades by the admin’s default for a listener who chose nothing, and the panel shows it', async () => {
    await setSettings(server, { 'player.crossfade_seconds': 3 });
    try {
      const { page, context } = await openPage();
      const overlapSeconds = await playAlbumAndMeasureOverlap(page);
      expect(overlapSeconds).toBeGreaterThan(1.5);
      expect(overlapSeconds).toBeLessThan(3.2);
      await page
        .getByRole('region', { name: 'Player' })
        .getByRole('button', { name: 'Playback settings' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Playback settings' });
      await expect
        .poll(() => dialog.getByRole('slider', { name: 'Overlap' }).inputValue())
        .toBe('3');
      await context.close();
    } finally {
      await setSettings(server, { 'player.crossfade_seconds': 0 });
    }
  });

  it('starts a track clicked before the audio engine has loaded, and goes on from there', async () => {
    const { page, context, errors } = await openPage();
    // The engine's code held back until the track has played a while on its own, as on a
    // slow line or for a listener quick to click.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let engineSent = false;
    let streamAsked = false;
    await page.route(/\/assets\/html-audio-provider-[^/]+\.js$/, async (route) => {
      await released;
      engineSent = true;
      await route.continue();
    });
    page.on('request', (request) => {
      if (request.url().includes(`/tracks/${tracks.loud.id}/stream`)) streamAsked = true;
    });
    await page.goto(withProbe(trackLink(tracks.loud)));
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    // The track is fetched at once, not after the engine.
    await expect.poll(() => streamAsked).toBe(true);
    expect(engineSent).toBe(false);
    await page.waitForTimeout(1500);
    release();

    // The engine takes over the playing element: sound at the output, the player says
    // playing, and the track has gone on (not started again) from where it was.
    await expect.poll(() => outputLevelDb(page), { timeout: 10_000 }).toBeGreaterThan(-60);
    const bar = page.getByRole('region', { name: 'Player' });
    expect(Number(await bar.getByLabel('Seek').inputValue())).toBeGreaterThan(1);
    await expect.poll(() => bar.getByRole('button', { name: 'Pause' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the engine's code and the page's re-render until a first Play sounds", async () => {
    const { page, context } = await openPage();
    await page.addInitScript(() => {
      const marks = { click: 0, loadStart: 0, playing: 0, pause: 0 };
      (window as unknown as { __marks: typeof marks }).__marks = marks;
      document.addEventListener('click', () => (marks.click ||= performance.now()), true);
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        this.addEventListener('loadstart', () => (marks.loadStart ||= performance.now()));
        this.addEventListener('playing', () => (marks.playing ||= performance.now()));
        return play.call(this);
      };
      new MutationObserver(() => {
        const buttons = Array.from(document.querySelectorAll('main button'));
        if (!marks.pause && buttons.some((button) => button.textContent?.trim() === 'Pause')) {
          marks.pause = performance.now();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(withProbe(trackLink(tracks.loud)));
    await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
    const marks = await page.waitForFunction(() => {
      const m = (window as unknown as { __marks: Record<string, number> }).__marks;
      const engine = performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/html-audio-provider-/.test(entry.name));
      return m.playing && m.pause && engine ? { ...m, engine: engine.startTime } : null;
    });
    const { click, loadStart, playing, pause, engine } = (await marks.jsonValue()) as Record<
      string,
      number
    >;
    // The track's data and its first sound pass through the page's main thread: the engine's
    // code is asked for, and the page re-renders, once it sounds (or 300 ms on, at most).
    const released = Math.min(playing!, click! + 290);
    expect(engine).toBeGreaterThanOrEqual(released);
    expect(pause).toBeGreaterThanOrEqual(released);
    expect(loadStart).toBeLessThanOrEqual(pause!);
    await expect.poll(() => outputLevelDb(page), { timeout: 10_000 }).toBeGreaterThan(-60);
    await context.close();
  });

  it('readies the track its Play button starts while the page shows it, and plays it at the click', async () => {
    const asked: number[] = [];
    const openTrackPage = async () => {
      const { page, context, errors } = await openPage();
      page.on('request', (request) => {
        if (request.url().includes(`/tracks/${tracks.loud.id}/stream`)) asked.push(Date.now());
      });
      await page.goto(withProbe(trackLink(tracks.loud)));
      const play = page.getByRole('main').getByRole('button', { name: 'Play', exact: true });
      await play.hover();
      return { page, context, errors, bar: page.getByRole('region', { name: 'Player' }) };
    };

    // Asked for while the page shows its Play button, before any press or click.
    const clicked = await openTrackPage();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    expect(await outputLevelDb(clicked.page)).toBeLessThan(-60);
    // The page's audio context, made with it, waits suspended: it renders nothing meanwhile.
    const contextState = () =>
      clicked.page.evaluate(() => (window as ProbedWindow).__backbeatAudio?.context.state);
    expect(await contextState()).toBe('suspended');
    // A press and its click a tenth of a second apart, as a person clicks: it sounds.
    // The press starts the context (20 ms in), so the click only has to play.
    await clicked.page.mouse.down();
    await clicked.page.waitForTimeout(100);
    await expect.poll(contextState, { timeout: 1000 }).toBe('running');
    await clicked.page.mouse.up();
    await expect.poll(() => outputLevelDb(clicked.page), { timeout: 10_000 }).toBeGreaterThan(-60);
    await expect
      .poll(() => clicked.bar.getByRole('button', { name: 'Pause' }).isVisible())
      .toBe(true);
    expect(await contextState()).toBe('running');
    expect(clicked.errors).toEqual([]);
    await clicked.context.close();

    // A press released away from the button is no click: nothing plays.
    const dragged = await openTrackPage();
    await dragged.page.mouse.down();
    await dragged.page.mouse.move(0, 0);
    await dragged.page.mouse.up();
    await dragged.page.waitForTimeout(2500);
    expect(await outputLevelDb(dragged.page)).toBeLessThan(-60);
    const playerPlay = dragged.bar.getByRole('button', { name: 'Play', exact: true });
    expect(await playerPlay.isDisabled()).toBe(true);
    await dragged.context.close();
  });

  it.each([44_100, 48_000])(
    'plays a Play clicked on a page that sat idle from what it readied, in the page’s own audio context (%i Hz output)',
    async (outputRate) => {
      const { page, context, errors } = await openPage();
      await atOutputRate(context, outputRate);
      const asked: number[] = [];
      page.on('request', (request) => {
        if (request.url().includes(`/tracks/${tracks.loud.id}/stream`)) asked.push(Date.now());
      });
      await page.goto(withProbe(trackLink(tracks.loud)));
      // Settled: the engine's code is in (it comes once the page is quiet), the track readied.
      await page.waitForFunction(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/html-audio-provider-/.test(entry.name)),
      );
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      const contextState = () =>
        page.evaluate(() => (window as ProbedWindow).__backbeatAudio?.context.state);
      // What the page readied waits: its context made, suspended, not closed by the engine.
      expect(await contextState()).toBe('suspended');
      await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
      await expect.poll(() => outputLevelDb(page), { timeout: 10_000 }).toBeGreaterThan(-60);
      // The page's context, readied at sight, played it: no second one made in the click.
      const contexts = await page.evaluate(() => {
        const made = (window as unknown as { __contexts: AudioContext[] }).__contexts;
        const probe = (window as ProbedWindow).__backbeatAudio!.context;
        return { count: made.length, probeIsFirst: made[0] === probe, rate: probe.sampleRate };
      });
      expect(contexts).toEqual({ count: 1, probeIsFirst: true, rate: outputRate });
      expect(await contextState()).toBe('running');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('readies nothing before a press when the browser asks to save data', async () => {
    const { page, context } = await openPage();
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true } }),
    );
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/tracks/${tracks.loud.id}/stream`)) asked.push(request.url());
    });
    await page.goto(withProbe(trackLink(tracks.loud)));
    const play = page.getByRole('main').getByRole('button', { name: 'Play', exact: true });
    await play.waitFor();
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    await play.click();
    await expect.poll(() => outputLevelDb(page), { timeout: 10_000 }).toBeGreaterThan(-60);
    await context.close();
  });

  it('stops a track it started early when the audio engine cannot load, and says so', async () => {
    const { page, context } = await openPage();
    // Every element the page starts, to see afterwards that none goes on playing.
    await page.addInitScript(() => {
      const started: HTMLMediaElement[] = [];
      (window as unknown as { __started: HTMLMediaElement[] }).__started = started;
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        started.push(this);
        return play.call(this);
      };
    });
    await page.route(/\/assets\/html-audio-provider-[^/]+\.js$/, (route) => route.abort());
    await page.goto(withProbe(trackLink(tracks.loud)));
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(() => page.getByText('Could not play this track.').isVisible(), { timeout: 10_000 })
      .toBe(true);
    const elements = await page.evaluate(() =>
      (window as unknown as { __started: HTMLMediaElement[] }).__started.map((audio) => ({
        paused: audio.paused,
        src: audio.getAttribute('src'),
      })),
    );
    // The click did start the track early; without the engine it was stopped and let go.
    expect(elements.length).toBeGreaterThan(0);
    expect(elements).toEqual(elements.map(() => ({ paused: true, src: null })));
    await expect
      .poll(() => main.getByRole('button', { name: 'Play', exact: true }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await context.close();
  });
});
