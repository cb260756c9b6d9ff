// First play of a demo track: click on "Play" to the audio element's `playing` event, in
// Chromium, on a server that just started (its warm-up rendering the intros of every demo
// track, then the 24 most popular whole, on its render thread), for tracks nobody played yet
// (their intro stored, the rest rendered as they play) next to one already rendered.
// Chromium runs headless with its own audio output; the click is a user gesture, so the
// autoplay flag changes nothing here (a real browser lets a click start audio).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite as Database } from '../../server/src/db/sqlite-driver.ts';
import { chromium, type Browser } from 'playwright-core';
import { spawnServerNode } from './server-flags.ts';

const NEVER_PLAYED = Number(process.env.BENCH_FIRST_PLAYS ?? 12);
const RENDERED_PLAYS = 5;
/** The warm-up renders this many of the most popular tracks whole (seed/demo/index.ts). */
const WARM_UP_TRACKS = 24;
const GOAL_P90_MS = 300;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

interface Sample {
  /** Click to the audio's `playing`. */
  total: number;
  /** Click to `loadedmetadata`: the request, the server's first bytes and the demuxer's probe. */
  metadata: number;
}

/** Milliseconds from the click on the track page's Play button to the audio's `playing`. */
async function clickToPlaying(browser: Browser, url: string, trackId: number): Promise<Sample> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url }]);
  const page = await context.newPage();
  try {
    // The player's audio elements are not in the document: listen on each one it plays.
    await page.addInitScript(`
      const marks = (window.firstPlay = { click: 0, metadata: 0, playing: 0 });
      document.addEventListener('click', () => (marks.click ||= performance.now()), true);
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function () {
        this.addEventListener('loadedmetadata', () => (marks.metadata ||= performance.now()));
        this.addEventListener('playing', () => (marks.playing ||= performance.now()));
        return play.call(this);
      };
    `);
    await page.goto(`${url}/track/${trackId}/x`);
    const play = page.getByRole('main').getByRole('button', { name: 'Play', exact: true });
    await play.waitFor({ timeout: 30_000 });
    await play.click();
    const marks = await page.waitForFunction(
      () => {
        const m = (globalThis as unknown as { firstPlay: { click: number; playing: number } })
          .firstPlay;
        return m.playing ? m : null;
      },
      undefined,
      { timeout: 30_000 },
    );
    const { click, metadata, playing } = (await marks.jsonValue()) as {
      click: number;
      metadata: number;
      playing: number;
    };
    // A rendered file read from the browser's cache may skip straight to `playing`.
    return { total: playing - click, metadata: (metadata || playing) - click };
  } finally {
    await context.close();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function runFirstPlayBench(): Promise<void> {
  const storage = mkdtempSync(join(tmpdir(), 'backbeat-first-play-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = spawnServerNode({
    script: 'server/dist/main.js',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      STORAGE_PATH: storage,
    },
  });
  let browser: Browser | undefined;
  try {
    await waitFor(async () => (await fetch(`${url}/health/ready`)).ok, 'the server');
    const db = new Database(join(storage, 'database.sqlite'), { readonly: true });
    const tracks = db
      .prepare(
        "select id, audio_path as path from tracks where audio_path like 'demo-audio/%' order by popularity desc",
      )
      .all() as { id: number; path: string }[];
    db.close();
    const rendered = (path: string) => existsSync(join(storage, 'files', path));
    const introduced = (path: string) =>
      existsSync(join(storage, 'files', path.replace(/^demo-audio\/v1\//, 'demo-audio/v1/intro/')));
    // The warm-up renders every track's intro first (popular first), then the most popular
    // tracks whole. Never played: past those, with an intro but no audio yet.
    const pending = tracks.slice(WARM_UP_TRACKS);
    const cold = () => pending.filter((t) => introduced(t.path) && !rendered(t.path));
    await waitFor(() => cold().length >= NEVER_PLAYED, 'the warm-up intros', 600_000);
    const coldTracks = cold().slice(0, NEVER_PLAYED);
    // Already rendered: the most popular, played through once.
    const warm = tracks[0]!;
    await (await fetch(`${url}/api/v1/tracks/${warm.id}/stream`)).arrayBuffer();
    await waitFor(() => rendered(warm.path), 'the first render');

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
    });
    // One untimed page load first, so the browser's own start-up is not in the first sample.
    await clickToPlaying(browser, url, warm.id);
    const coldSamples: Sample[] = [];
    for (const track of coldTracks) coldSamples.push(await clickToPlaying(browser, url, track.id));
    const warmSamples: Sample[] = [];
    for (let i = 0; i < RENDERED_PLAYS; i++)
      warmSamples.push(await clickToPlaying(browser, url, warm.id));

    const ms = (value: number) => Math.round(value).toString().padStart(5);
    const row = (name: string, samples: Sample[]) => {
      const times = samples.map((s) => s.total);
      const metadata = samples.map((s) => s.metadata);
      return `${name.padEnd(28)}${String(times.length).padStart(4)}  p50 ${ms(
        percentile(times, 50),
      )} ms  p90 ${ms(percentile(times, 90))} ms  max ${ms(Math.max(...times))} ms   (to metadata p50 ${ms(
        percentile(metadata, 50),
      )} ms)`;
    };
    console.info('\nFirst play of a demo track: click on Play → audio `playing` (Chromium)\n');
    console.info(row('never played (intro stored)', coldSamples));
    console.info(row('already rendered', warmSamples));
    const p90 = percentile(
      coldSamples.map((s) => s.total),
      90,
    );
    console.info(
      `goal: never-played p90 ≤ ${GOAL_P90_MS} ms: ${p90 <= GOAL_P90_MS ? 'met' : 'NOT met'}\n`,
    );
  } finally {
    await browser?.close();
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    rmSync(storage, { recursive: true, force: true });
  }
}
