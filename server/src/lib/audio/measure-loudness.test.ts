import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_NICENESS, DecodeError, NOT_DECODABLE, lowerPriority } from './ffmpeg.ts';
import { measureLoudness, type MeasuredAudio } from './measure-loudness.ts';

const run = promisify(execFile);
let dir: string;
let flac: string;
let mp3: string;
let broken: string;

/** A 997 Hz sine at ffmpeg's default amplitude (1/8, −18.06 dBFS peak). */
async function tone(name: string, seconds: number, rate: number, codec: string[]) {
  const path = join(dir, name);
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `sine=frequency=997:sample_rate=${rate}:duration=${seconds}`],
    ...codec,
    path,
  ]);
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'backbeat-measure-'));
  flac = await tone('tone.flac', 4, 48_000, ['-c:a', 'flac']);
  mp3 = await tone('tone.mp3', 2, 22_050, ['-c:a', 'libmp3lame', '-b:a', '64k']);
  broken = join(dir, 'broken.mp3');
  await writeFile(broken, Buffer.alloc(4096, 'not audio at all '));
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// The decoder runs niced: on a busy shared machine it waits for the CPU, hence the long timeout.
describe('measuring files in one ffmpeg (issue 42)', { timeout: 120_000 }, () => {
  it('gives each file its own loudness, true peak and exact length', async () => {
    const [lossless, lossy] = (await measureLoudness([flac, mp3])) as MeasuredAudio[];
    // A mono sine's loudness is its RMS (peak − 3.01 dB) − 0.691 plus K-weighting (~0 at 997 Hz).
    expect(lossless!.integratedLufs).toBeCloseTo(-18.06 - 3.01, 0);
    expect(lossless!.truePeakDbtp).toBeCloseTo(-18.06, 0);
    expect(lossless!.frames).toBe(4 * 48_000);
    expect(lossless!.sampleRate).toBe(48_000);
    expect(lossless!.rangeLu).not.toBeNull();
    // The MP3 decoder trims the encoder's delay and padding (LAME header): the true length.
    expect(lossy!.frames).toBe(2 * 22_050);
    expect(lossy!.sampleRate).toBe(22_050);
    // Under 3 s there is no short-term block, so no loudness range (as the JS meter says).
    expect(lossy!.rangeLu).toBeNull();
  });

  it('fails only the file that does not decode when the batch holds one', async () => {
    const results = await measureLoudness([mp3, broken, flac]);
    expect(results[0]).toMatchObject({ frames: 2 * 22_050 });
    expect(results[1]).toBeInstanceOf(DecodeError);
    expect((results[1] as DecodeError).message).toBe(NOT_DECODABLE);
    expect(results[2]).toMatchObject({ frames: 4 * 48_000 });
  });

  it('runs the decoder at a lower CPU priority than the server', async () => {
    const child = spawn('sleep', ['5']);
    try {
      lowerPriority(child.pid);
      expect(getPriority(child.pid!)).toBe(ANALYSIS_NICENESS);
      expect(ANALYSIS_NICENESS).toBeGreaterThan(getPriority());
    } finally {
      child.kill();
    }
  });
});
