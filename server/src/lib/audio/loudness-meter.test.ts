import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from './ffmpeg.ts';
import { LoudnessMeter } from './loudness-meter.ts';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'backbeat-meter-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** ffmpeg's ebur128 filter on the same samples: the reference the JS meter must meet. */
async function ffmpegFigures(samples: Float32Array, sampleRate: number, channels: number) {
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new Error('ffmpeg (Debian or @ffmpeg-installer) is needed');
  const file = join(dir, `signal-${sampleRate}-${channels}-${samples.length}.f32`);
  await writeFile(file, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  const { stderr } = await run(ffmpeg, [
    ...['-hide_banner', '-nostats', '-f', 'f32le', '-ar', String(sampleRate)],
    ...['-ac', String(channels), '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'],
  ]);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const figure = (label: string) =>
    Number(new RegExp(`${label}:\\s+(-?[\\d.]+)`).exec(summary)![1]);
  return { integrated: figure('I'), range: figure('LRA'), truePeak: figure('Peak') };
}

/** Feeds the meter in uneven chunks, as a decoder's pipe does. */
function measure(samples: Float32Array, sampleRate: number, channels: number) {
  const meter = new LoudnessMeter(sampleRate, channels);
  let at = 0;
  let step = 1;
  while (at < samples.length) {
    const frames = 1000 + ((step++ * 7919) % 9000);
    const end = Math.min(samples.length, at + frames * channels);
    meter.add(samples.subarray(at, end));
    at = end;
  }
  return meter.result();
}

/** Interleaved samples from a per-frame function of time. */
function signal(
  seconds: number,
  sampleRate: number,
  channels: number,
  value: (t: number, channel: number, frame: number) => number,
) {
  const frames = Math.round(seconds * sampleRate);
  const out = new Float32Array(frames * channels);
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) out[i * channels + c] = value(i / sampleRate, c, i);
  }
  return out;
}

const dbfs = (db: number) => 10 ** (db / 20);

/** A repeatable noise (xorshift), low-passed a little so it sounds like music, not hiss. */
function noise(seed: number) {
  let state = seed;
  let last = 0;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    last = 0.7 * last + 0.3 * ((state >>> 0) / 2 ** 32 - 0.5);
    return last;
  };
}

describe('the EBU R128 meter agrees with ffmpeg (±0.5 LU)', () => {
  it('a 997 Hz sine at −23 dBFS on both channels reads −23 LUFS (EBU Tech 3341 case 1)', async () => {
    const samples = signal(20, 48_000, 2, (t) => dbfs(-23) * Math.sin(2 * Math.PI * 997 * t));
    const ours = measure(samples, 48_000, 2);
    const theirs = await ffmpegFigures(samples, 48_000, 2);
    expect(ours.integratedLufs).toBeCloseTo(-23, 1);
    expect(Math.abs(ours.integratedLufs - theirs.integrated)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(ours.truePeakDbtp - theirs.truePeak)).toBeLessThanOrEqual(0.5);
  });

  it('gates out quiet passages: −36/−23/−36 dBFS reads −23 LUFS (case 3)', async () => {
    const level = (t: number) => (t < 10 || t >= 70 ? dbfs(-36) : dbfs(-23));
    const samples = signal(80, 44_100, 2, (t) => level(t) * Math.sin(2 * Math.PI * 1000 * t));
    const ours = measure(samples, 44_100, 2);
    const theirs = await ffmpegFigures(samples, 44_100, 2);
    expect(Math.abs(ours.integratedLufs - theirs.integrated)).toBeLessThanOrEqual(0.5);
    expect(ours.integratedLufs).toBeCloseTo(-23, 0);
  });

  it('measures noise whose level moves, with its loudness range', async () => {
    const left = noise(12345);
    const right = noise(67890);
    const samples = signal(40, 44_100, 2, (t, channel) => {
      const swell = dbfs(-6 + 8 * Math.sin((2 * Math.PI * t) / 20));
      return swell * (channel === 0 ? left() : right());
    });
    const ours = measure(samples, 44_100, 2);
    const theirs = await ffmpegFigures(samples, 44_100, 2);
    expect(Math.abs(ours.integratedLufs - theirs.integrated)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(ours.truePeakDbtp - theirs.truePeak)).toBeLessThanOrEqual(0.5);
    expect(ours.rangeLu).not.toBeNull();
    expect(Math.abs(ours.rangeLu! - theirs.range)).toBeLessThanOrEqual(1);
  });

  it('finds the peak between samples: fs/4 at 45° reads 0 dBTP though samples reach −3 dBFS', async () => {
    const samples = signal(5, 48_000, 1, (_t, _c, i) => Math.sin((Math.PI / 2) * i + Math.PI / 4));
    const ours = measure(samples, 48_000, 1);
    const theirs = await ffmpegFigures(samples, 48_000, 1);
    expect(ours.samplePeakDbfs).toBeCloseTo(-3, 0);
    expect(Math.abs(ours.truePeakDbtp - theirs.truePeak)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(ours.truePeakDbtp)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(ours.integratedLufs - theirs.integrated)).toBeLessThanOrEqual(0.5);
  });

  it('reads a mono file at 22.05 kHz (the demo tracks) as ffmpeg does', async () => {
    const tone = noise(4242);
    const samples = signal(15, 22_050, 1, (t) => 0.3 * Math.sin(2 * Math.PI * 220 * t) + tone());
    const ours = measure(samples, 22_050, 1);
    const theirs = await ffmpegFigures(samples, 22_050, 1);
    expect(Math.abs(ours.integratedLufs - theirs.integrated)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(ours.truePeakDbtp - theirs.truePeak)).toBeLessThanOrEqual(0.5);
  });

  it('answers −70 LUFS and no range for silence, and refuses a layout without channels', () => {
    const result = measure(new Float32Array(48_000 * 2 * 5), 48_000, 2);
    expect(result.integratedLufs).toBe(-70);
    expect(() => new LoudnessMeter(48_000, 0)).toThrow();
  });
});
