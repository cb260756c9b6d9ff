import { REPLAY_GAIN_REFERENCE_LUFS, replayGainFor, type GaplessInfo } from '@backbeat/common';
import type { IAudioMetadata } from 'music-metadata';
import { gaplessOf, readHead, readMetadata, type AudioFile } from './analyse.ts';

/** Opus' R128 gain tags are relative to −23 LUFS, in 1/256 dB steps (RFC 7845). */
const R128_REFERENCE_LUFS = -23;
const R128_STEPS_PER_DB = 256;

/** What a file states about itself without being decoded (issue 42). */
export interface CarriedFacts {
  sampleRate: number | null;
  /** Encoder delay and padding (LAME/Xing header, iTunSMPB; none for lossless). */
  gapless: GaplessInfo | null;
  /** Exact sample frames, from the stream headers (null when only a decode would tell). */
  frames: number | null;
  /** From ReplayGain (or Opus R128) track gain with a ReplayGain track peak. */
  loudness: MeasuredLoudness | null;
}

/** The loudness figures a track keeps (the player's levelling). */
export interface MeasuredLoudness {
  integrated_lufs: number;
  true_peak_dbtp: number;
  track_gain_db: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function nativeValue(metadata: IAudioMetadata, name: RegExp): string | null {
  for (const tags of Object.values(metadata.native)) {
    const tag = tags.find((candidate) => name.test(candidate.id));
    if (tag && (typeof tag.value === 'string' || typeof tag.value === 'number')) {
      return String(tag.value);
    }
  }
  return null;
}

/**
 * A track's loudness from its tags: ReplayGain 2.0 gains are relative to −18 LUFS, so the
 * integrated loudness is −18 − gain; Opus' R128_TRACK_GAIN is relative to −23 LUFS. Peaks are
 * stated as sample peaks (a little under the true peak); a file without one is measured.
 */
export function taggedLoudness(metadata: IAudioMetadata): MeasuredLoudness | null {
  const peakRatio = metadata.common.replaygain_track_peak?.ratio;
  if (!peakRatio || !Number.isFinite(peakRatio) || peakRatio <= 0) return null;
  let integrated: number | null = null;
  const gain = metadata.common.replaygain_track_gain?.dB;
  if (typeof gain === 'number' && Number.isFinite(gain)) {
    integrated = REPLAY_GAIN_REFERENCE_LUFS - gain;
  } else {
    const r128 = Number(nativeValue(metadata, /^R128_TRACK_GAIN$/i));
    if (Number.isInteger(r128)) integrated = R128_REFERENCE_LUFS - r128 / R128_STEPS_PER_DB;
  }
  if (integrated === null || integrated < -70 || integrated > 0) return null;
  return {
    integrated_lufs: round2(integrated),
    true_peak_dbtp: round2(20 * Math.log10(peakRatio)),
    track_gain_db: replayGainFor(integrated),
  };
}

/**
 * Reads the tags and the stream headers (no decode): gapless figures and the exact length
 * from the LAME/Xing header, iTunSMPB or a lossless stream's sample count, and the loudness
 * from ReplayGain or R128 tags. Null when the file's format is not recognised.
 */
export async function readCarriedFacts(file: AudioFile): Promise<CarriedFacts | null> {
  const metadata = await readMetadata(file, { skipCovers: true });
  if (!metadata) return null;
  const { format } = metadata;
  const sampleRate = format.sampleRate && format.sampleRate >= 8000 ? format.sampleRate : null;
  const codec = `${format.container ?? ''} ${format.codec ?? ''}`.toLowerCase();
  // The LAME header is only in MPEG audio's first frame; other formats need no head bytes.
  const head = codec.includes('mpeg') ? await readHead(file.open, file.size) : Buffer.alloc(0);
  const gapless = sampleRate ? gaplessOf(metadata, head, sampleRate) : null;
  return {
    sampleRate,
    gapless,
    frames: gapless?.total_samples ?? null,
    loudness: taggedLoudness(metadata),
  };
}
