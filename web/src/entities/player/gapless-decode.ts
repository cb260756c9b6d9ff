import type { GaplessInfo } from '@backbeat/common';
import { musicFrames } from './gapless-trim.ts';

/**
 * Decoding a track of a gapless run so that it meets the one before it without a click, at
 * any output rate.
 *
 * When the file's rate is the output's (a 44.1 kHz album on a 44.1 kHz device), the decoded
 * frames are the file's samples and two tracks meet exactly. When it is not (44.1 kHz files on
 * a 48 kHz phone or DAC), `decodeAudioData` resamples each file on its own, and the resampled
 * edges do not meet: each file's resampler sees silence beyond its ends, and the second file's
 * frame grid is shifted by a fraction of a frame from the first's (issue 40: −25 dB at the
 * joins of a 440 Hz tone). Here the joined stream is resampled once instead: a track is decoded
 * at its own rate (an OfflineAudioContext at that rate does not resample), the previous
 * track's last samples (the seam) are put before it, and that run is resampled by the
 * browser's own resampler (a float WAV decoded in the player's context). The seam begins at a
 * sample where both tracks' output grids coincide (a multiple of `p` native samples, `p`
 * native samples making `q` output frames), so the previous track can hand over at an exact
 * frame a little before its end, where both resamplings agree, away from either's edge.
 */

/** Native samples on each side of a hand-over that the resampler's kernel must see. */
export const SEAM_MARGIN = 64;
/** Longer tracks are not resampled as a whole (the float copy costs 4 bytes a sample). */
export const MAX_RESAMPLED_SECONDS = 12 * 60;

/** The last samples of a track's resampled run, from a point on its output grid. */
export interface Seam {
  rate: number;
  /** Where `samples` begin, in the previous run's native samples (a multiple of p). */
  from: number;
  samples: Float32Array[];
}

export interface DecodedMusic {
  /** At the player's rate. */
  buffer: AudioBuffer;
  /** The music inside `buffer` (encoder delay and padding, and a seam, left out), in frames. */
  start: number;
  frames: number;
  /** Where to begin in `buffer` when joined after the previous track (before `start`). */
  joinIn: number;
  /** Where the previous track hands over, in its buffer's frames; null: at its music's end. */
  cutInPrevious: number | null;
  /** What the next track's join needs; null where joins are plain (same rate, or too short). */
  seam: Seam | null;
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** `p` native samples make exactly `q` output frames. */
export function rateRatio(native: number, output: number): { p: number; q: number } {
  const divisor = gcd(native, output);
  return { p: native / divisor, q: output / divisor };
}

/** Native samples from a seam's start to the hand-over: the margin, rounded up to the grid. */
export const seamLead = (p: number) => Math.ceil(SEAM_MARGIN / p) * p;

/**
 * Where a run of `length` native samples leaves its seam: the last grid point that keeps a
 * margin both before the hand-over (for the next run's start) and after it (for this one's
 * end). Null when the run is too short to hand over inside it.
 */
export function seamStart(length: number, p: number): number | null {
  const from = Math.floor((length - SEAM_MARGIN - seamLead(p)) / p) * p;
  return from >= 0 ? from : null;
}

/** Interleaved 32-bit float PCM in a WAV container, which every browser decodes exactly. */
export function floatWav(channels: Float32Array[], rate: number): ArrayBuffer {
  const frames = channels[0]?.length ?? 0;
  const count = channels.length;
  const bytes = frames * count * 4;
  const wav = new ArrayBuffer(44 + bytes);
  const view = new DataView(wav);
  const text = (at: number, value: string) =>
    [...value].forEach((char, i) => view.setUint8(at + i, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + bytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 3, true); // IEEE float
  view.setUint16(22, count, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * count * 4, true);
  view.setUint16(32, count * 4, true);
  view.setUint16(34, 32, true);
  text(36, 'data');
  view.setUint32(40, bytes, true);
  const samples = new Float32Array(wav, 44);
  for (let c = 0; c < count; c++) {
    const channel = channels[c]!;
    for (let i = 0; i < frames; i++) samples[i * count + c] = channel[i]!;
  }
  return wav;
}

async function decodePlain(
  context: BaseAudioContext,
  bytes: ArrayBuffer,
  info: GaplessInfo | null,
): Promise<DecodedMusic> {
  const buffer = await context.decodeAudioData(bytes);
  const { start, frames } = musicFrames(buffer.length, buffer.sampleRate, info);
  return { buffer, start, frames, joinIn: start, cutInPrevious: null, seam: null };
}

/**
 * Decodes a track for the player's `context`, joined to the `previous` track's seam when
 * there is one at the same rate. Without the file's rate (no analysis) it decodes plainly.
 */
export async function decodeMusic(
  context: BaseAudioContext,
  bytes: ArrayBuffer,
  info: GaplessInfo | null,
  previous: Seam | null,
): Promise<DecodedMusic> {
  const output = context.sampleRate;
  const native = info?.sample_rate ?? 0;
  const seconds = info?.total_samples ? info.total_samples / native : 0;
  if (
    native <= 0 ||
    native === output ||
    seconds > MAX_RESAMPLED_SECONDS ||
    typeof OfflineAudioContext === 'undefined'
  ) {
    return decodePlain(context, bytes, info);
  }
  // At the file's own rate: no resampling yet.
  const decoded = await new OfflineAudioContext(1, 1, native).decodeAudioData(bytes);
  const music = musicFrames(decoded.length, native, info);
  const { p, q } = rateRatio(native, output);
  const carried = previous?.rate === native ? previous : null;
  const lead = carried?.samples[0]?.length ?? 0;
  const length = lead + music.frames;
  const run = channelsOf(decoded, music.start, music.start + music.frames).map((channel, c) => {
    if (!carried) return channel;
    const joined = new Float32Array(length);
    joined.set(carried.samples[Math.min(c, carried.samples.length - 1)]!, 0);
    joined.set(channel, lead);
    return joined;
  });
  const buffer = await context.decodeAudioData(floatWav(run, native));
  const start = Math.round((lead * q) / p);
  const from = seamStart(length, p);
  return {
    buffer,
    start,
    frames: Math.min(Math.round((music.frames * q) / p), buffer.length - start),
    joinIn: carried ? (seamLead(p) * q) / p : start,
    cutInPrevious: carried ? ((carried.from + seamLead(p)) * q) / p : null,
    seam: from === null ? null : { rate: native, from, samples: run.map((c) => c.slice(from)) },
  };
}

function channelsOf(buffer: AudioBuffer, from: number, to: number): Float32Array[] {
  return Array.from({ length: buffer.numberOfChannels }, (_, c) =>
    buffer.getChannelData(c).subarray(from, to),
  );
}
