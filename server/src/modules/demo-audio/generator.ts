import { planSong, random, STYLES, type Style } from './plan.ts';
import { renderSongSteps, songLength, waveformOf } from './synth.ts';
import { LoudnessMeter } from '../../lib/audio/loudness-meter.ts';
import type * as Lame from '@breezystack/lamejs';
import { importPackage } from '../../lib/import-package.ts';

export const DEMO_SAMPLE_RATE = 22_050;
const BITRATE_KBPS = 64;
const FRAMES_PER_SLICE = 1152 * 8;
export const WAVEFORM_BUCKETS = 120;

/**
 * Storage key of a demo track's intro: its file's first bytes, rendered ahead of need so a
 * first play starts from them while the render catches up (the render is deterministic).
 */
export const demoIntroKey = (key: string) =>
  key.replace(/^demo-audio\/v1\//, 'demo-audio/v1/intro/');
/** About 6 s of audio: enough for the browser to start while the render runs ahead. */
export const DEMO_INTRO_BYTES = 48 * 1024;

/** Storage key of a demo track's audio; the key alone says how to make it again. */
export const demoAudioKey = (seed: number, seconds: number, style: Style) =>
  `demo-audio/v1/${style}-${seed}-${seconds}.mp3`;

const KEY = /^demo-audio\/v1\/([a-z]+)-(\d+)-(\d+)\.mp3$/;

export function parseDemoAudioKey(
  key: string,
): { style: Style; seed: number; seconds: number } | null {
  const match = KEY.exec(key);
  if (!match || !(STYLES as readonly string[]).includes(match[1]!)) return null;
  const seconds = Number(match[3]);
  if (seconds < 1 || seconds > 900) return null;
  return { style: match[1] as Style, seed: Number(match[2]), seconds };
}

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sample buffers of finished renders, reused by the next ones. A song's samples take ~26 MB;
 * allocated anew for each of the warm-up's tracks they piled up faster than the GC let go.
 */
const spareBuffers: Float32Array[] = [];
const MAX_SPARE_BUFFERS = 2;
/** Spares are let go once rendering has paused this long, so an idle server holds none. */
const SPARE_BUFFERS_KEPT_MS = 5000;
let dropSpares: ReturnType<typeof setTimeout> | undefined;

function takeBuffer(length: number): Float32Array {
  const index = spareBuffers.findIndex((buffer) => buffer.length >= length);
  if (index < 0) return new Float32Array(length);
  const [buffer] = spareBuffers.splice(index, 1);
  return buffer!.fill(0, 0, length);
}

function giveBack(buffer: Float32Array): void {
  spareBuffers.push(buffer);
  spareBuffers.sort((a, b) => b.length - a.length);
  spareBuffers.length = Math.min(spareBuffers.length, MAX_SPARE_BUFFERS);
  clearTimeout(dropSpares);
  dropSpares = setTimeout(() => (spareBuffers.length = 0), SPARE_BUFFERS_KEPT_MS);
  dropSpares.unref();
}

/** How many samples of a demo track are encoded. */
function encodedLength(plan: ReturnType<typeof planSong>, seconds: number): number {
  return Math.min(songLength(plan, DEMO_SAMPLE_RATE), seconds * DEMO_SAMPLE_RATE);
}

/** Samples in one MPEG-2 layer III frame, and the frames the encoder adds (delay, flush). */
const SAMPLES_PER_FRAME = 576;
const EXTRA_FRAMES = 2;

/**
 * The exact size of a demo track's MP3, known before it is rendered: constant bitrate, so
 * the size depends only on the number of frames (a unit test checks it against the
 * encoder). It lets a track still being encoded be served with its length and ranges.
 */
export function demoAudioSize(seed: number, seconds: number, style: Style): number {
  return mp3SizeFor(encodedLength(planSong(seed, seconds, style), seconds));
}

export function mp3SizeFor(samples: number): number {
  const frames = Math.ceil(samples / SAMPLES_PER_FRAME) + EXTRA_FRAMES;
  return Math.floor((frames * 72 * BITRATE_KBPS * 1000) / DEMO_SAMPLE_RATE);
}

/**
 * Synthesises and encodes one demo track to MP3 (mono, 22.05 kHz, 64 kbit/s: about 0.5 MB a
 * minute). Rendering and encoding are interleaved: each slice is encoded as soon as its
 * samples are final and handed to `onBytes`, so a listener hears the start within
 * milliseconds while the rest is made. Yields to the event loop between slices.
 */
export async function generateDemoAudio(
  seed: number,
  seconds: number,
  style: Style,
  /** Awaited between slices: lets background work step aside for a listener's request. */
  pause: () => Promise<void> = yieldToEventLoop,
  onBytes: (bytes: Buffer) => void = () => {},
  /** Stops once this many bytes are made (an intro: the file's first bytes, no waveform). */
  stopAfterBytes = Infinity,
) {
  const plan = planSong(seed, seconds, style);
  const buffer = takeBuffer(songLength(plan, DEMO_SAMPLE_RATE));
  try {
    const steps = renderSongSteps(plan, DEMO_SAMPLE_RATE, buffer);
    return await encodeSong(
      steps,
      buffer,
      encodedLength(plan, seconds),
      pause,
      onBytes,
      stopAfterBytes,
    );
  } finally {
    giveBack(buffer);
  }
}

async function encodeSong(
  steps: Generator<number, Float32Array>,
  /** The buffer the steps render into: its leading samples are final as they are reported. */
  samples: Float32Array,
  length: number,
  pause: () => Promise<void>,
  onBytes: (bytes: Buffer) => void,
  stopAfterBytes: number,
) {
  // The encoder loads on the first demo track: a server with real music never needs it.
  const { Mp3Encoder } = await importPackage<typeof Lame>('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, DEMO_SAMPLE_RATE, BITRATE_KBPS);
  const chunks: Buffer[] = [];
  let made = 0;
  const emit = (encoded: Uint8Array) => {
    if (!encoded.length) return;
    const bytes = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.length);
    chunks.push(bytes);
    made += bytes.length;
    onBytes(bytes);
  };
  let ready = 0;
  /** Renders on until the first `upTo` samples are final. */
  const renderUpTo = async (upTo: number) => {
    while (ready < upTo) {
      const step = steps.next();
      ready = step.done ? Infinity : step.value;
      if (ready < upTo) await pause();
    }
  };
  // One slice of 16-bit samples at a time: a whole-song copy would be 13 MB per track.
  const pcm = new Int16Array(FRAMES_PER_SLICE);
  // Measured as it is encoded: the demo catalog gets its loudness on the first render.
  const meter = new LoudnessMeter(DEMO_SAMPLE_RATE, 1);
  for (let from = 0; from < length; from += FRAMES_PER_SLICE) {
    const count = Math.min(FRAMES_PER_SLICE, length - from);
    await renderUpTo(from + count);
    meter.add(samples.subarray(from, from + count));
    for (let i = 0; i < count; i++) pcm[i] = Math.round(samples[from + i]! * 32767);
    emit(encoder.encodeBuffer(pcm.subarray(0, count)));
    if (made >= stopAfterBytes)
      return { mp3: Buffer.concat(chunks), waveform: [], loudness: meter.result() };
    await pause();
  }
  await renderUpTo(Infinity);
  emit(encoder.flush());
  return {
    mp3: Buffer.concat(chunks),
    waveform: waveformOf(samples.subarray(0, length), WAVEFORM_BUCKETS),
    loudness: meter.result(),
  };
}

/** A waveform predicted from the arrangement alone, for seeding without rendering audio. */
export function plannedWaveform(seed: number, seconds: number, style: Style): number[] {
  const plan = planSong(seed, seconds, style);
  const rand = random(seed ^ 0x5bd1e995);
  const energy = { intro: 0.45, verse: 0.75, chorus: 1, break: 0.35, outro: 0.5 };
  return Array.from({ length: WAVEFORM_BUCKETS }, (_, bucket) => {
    const bar = Math.floor(((bucket + 0.5) / WAVEFORM_BUCKETS) * plan.totalBars);
    const section = plan.sections.find((s) => bar >= s.startBar && bar < s.startBar + s.bars);
    const level = energy[section?.kind ?? 'outro'] * (0.82 + rand() * 0.18);
    return Math.round(level * 100) / 100;
  });
}
