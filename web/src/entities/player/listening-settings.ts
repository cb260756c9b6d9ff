import {
  CROSSFADE_SECONDS,
  EQUALISER_BANDS_HZ,
  EQUALISER_GAIN_DB,
  EQUALISER_PRESET_NAMES,
  LOUDNESS_TARGET_LUFS,
  NORMALISATION_MODES,
  REPLAY_GAIN_REFERENCE_LUFS,
  STREAMING_QUALITIES,
  TRUE_PEAK_CEILING_DBTP,
  type StreamingQuality,
  type TrackLoudness,
} from '@backbeat/common';

/**
 * The listener's choices for the listening engine, and the pure maths behind them (no DOM),
 * so the levelling, the crossfade curve and the presets are tested without a browser.
 */
export { NORMALISATION_MODES };
export type NormalisationMode = (typeof NORMALISATION_MODES)[number];

export const EQUALISER_PRESETS = {
  flat: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  bass: [6, 5, 4, 2, 0, 0, 0, 0, 0, 0],
  vocal: [-2, -2, -1, 0, 2, 4, 4, 2, 0, -1],
  treble: [0, 0, 0, 0, 0, 0, 2, 4, 5, 6],
} as const satisfies Record<(typeof EQUALISER_PRESET_NAMES)[number], readonly number[]>;
export type EqualiserPreset = keyof typeof EQUALISER_PRESETS;

export interface EqualiserSettings {
  preampDb: number;
  /** One gain per band of EQUALISER_BANDS_HZ. */
  bandsDb: number[];
}

export interface ListeningSettings {
  normalisation: NormalisationMode;
  targetLufs: number;
  equaliser: EqualiserSettings;
  crossfadeSeconds: number;
  /** The original file, or a bitrate (kbit/s) the server encodes to, for mobile data. */
  streamingQuality: StreamingQuality;
}

export const DEFAULT_LISTENING_SETTINGS: ListeningSettings = {
  normalisation: 'track',
  targetLufs: LOUDNESS_TARGET_LUFS.default,
  equaliser: { preampDb: 0, bandsDb: [...EQUALISER_PRESETS.flat] },
  crossfadeSeconds: CROSSFADE_SECONDS.default,
  streamingQuality: 'original',
};

const clampedNumber = (value: unknown, min: number, max: number): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : null;
const clampedGain = (value: unknown) =>
  clampedNumber(value, EQUALISER_GAIN_DB.min, EQUALISER_GAIN_DB.max);

/**
 * Reads saved (or admin) settings field by field: a missing or broken field takes its default,
 * an out-of-range number is brought into range, so one bad value never loses the others.
 */
export function parseListeningSettings(
  raw: unknown,
  defaults: ListeningSettings = DEFAULT_LISTENING_SETTINGS,
): ListeningSettings {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const equaliser = (
    input.equaliser && typeof input.equaliser === 'object' ? input.equaliser : {}
  ) as Record<string, unknown>;
  const bands = Array.isArray(equaliser.bandsDb) ? equaliser.bandsDb : [];
  return {
    normalisation: (NORMALISATION_MODES as readonly unknown[]).includes(input.normalisation)
      ? (input.normalisation as NormalisationMode)
      : defaults.normalisation,
    targetLufs:
      clampedNumber(input.targetLufs, LOUDNESS_TARGET_LUFS.min, LOUDNESS_TARGET_LUFS.max) ??
      defaults.targetLufs,
    equaliser: {
      preampDb: clampedGain(equaliser.preampDb) ?? defaults.equaliser.preampDb,
      bandsDb:
        bands.length === EQUALISER_BANDS_HZ.length
          ? bands.map((gain, i) => clampedGain(gain) ?? defaults.equaliser.bandsDb[i] ?? 0)
          : [...defaults.equaliser.bandsDb],
    },
    crossfadeSeconds:
      clampedNumber(input.crossfadeSeconds, CROSSFADE_SECONDS.min, CROSSFADE_SECONDS.max) ??
      defaults.crossfadeSeconds,
    streamingQuality: (STREAMING_QUALITIES as readonly unknown[]).includes(input.streamingQuality)
      ? (input.streamingQuality as StreamingQuality)
      : defaults.streamingQuality,
  };
}

/** The preset whose bands these are, or null for the listener's own curve. */
export function presetOf(bandsDb: readonly number[]): EqualiserPreset | null {
  const names = Object.keys(EQUALISER_PRESETS) as EqualiserPreset[];
  return (
    names.find((name) => EQUALISER_PRESETS[name].every((gain, i) => gain === bandsDb[i])) ?? null
  );
}

/**
 * The gain (dB) that brings a track to the target loudness: target − measured integrated
 * loudness (the album's in album mode when known), lowered when it would lift the true peak
 * above the ceiling. Unmeasured tracks and mode "off" play as they are (0 dB).
 */
export function levellingGainDb(
  loudness: TrackLoudness | null | undefined,
  settings: Pick<ListeningSettings, 'normalisation' | 'targetLufs'>,
): number {
  if (!loudness || settings.normalisation === 'off') return 0;
  // Stored gains are against the ReplayGain reference, so the album's loudness is recovered
  // from its gain; a track without an album gain is levelled on its own.
  const measuredLufs =
    settings.normalisation === 'album' && loudness.album_gain_db !== null
      ? REPLAY_GAIN_REFERENCE_LUFS - loudness.album_gain_db
      : loudness.integrated_lufs;
  const gain = settings.targetLufs - measuredLufs;
  const headroom = TRUE_PEAK_CEILING_DBTP - loudness.true_peak_dbtp;
  return Math.min(gain, headroom);
}

/**
 * The stream parameters of a quality: none for the original; else a cap, in Opus where the
 * browser plays it (better at low rates), MP3 where it does not.
 */
export function streamParamsOf(
  quality: StreamingQuality,
  playsOpus: boolean,
): { format?: 'opus' | 'mp3'; maxBitRate?: number } {
  if (quality === 'original') return {};
  return { format: playsOpus ? 'opus' : 'mp3', maxBitRate: Number(quality) };
}

export const decibelsToGain = (decibels: number) => 10 ** (decibels / 20);

/**
 * An element's volume when it plays outside the audio graph (no gain node): it carries the
 * levelling as far as it turns the track down, since an element cannot go above 1.
 */
export const plainElementVolume = (volume: number, levelGain: number) =>
  volume * Math.min(1, levelGain);

/**
 * Equal-power crossfade at `progress` (0..1): the outgoing and incoming gains whose powers
 * sum to one, so the mix keeps its loudness through the fade instead of dipping in the middle.
 */
export function equalPowerGains(progress: number): { fadeOut: number; fadeIn: number } {
  const p = Math.min(1, Math.max(0, progress));
  return { fadeOut: Math.cos((p * Math.PI) / 2), fadeIn: Math.sin((p * Math.PI) / 2) };
}

/** A sampled fade for AudioParam.setValueCurveAtTime, scaled to the element's own level. */
export function crossfadeCurve(direction: 'in' | 'out', level: number, points = 64): Float32Array {
  const curve = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    const { fadeIn, fadeOut } = equalPowerGains(i / (points - 1));
    curve[i] = level * (direction === 'in' ? fadeIn : fadeOut);
  }
  return curve;
}

/** The admin's player settings (bootstrap, snake_case) as listening defaults. */
export function adminListeningDefaults(
  player: Partial<{
    crossfade_seconds: number;
    normalisation: string;
    target_lufs: number;
    equaliser_preset: string;
  }> = {},
): ListeningSettings {
  const preset = (EQUALISER_PRESET_NAMES as readonly unknown[]).includes(player.equaliser_preset)
    ? EQUALISER_PRESETS[player.equaliser_preset as EqualiserPreset]
    : EQUALISER_PRESETS.flat;
  return parseListeningSettings({
    normalisation: player.normalisation,
    targetLufs: player.target_lufs,
    crossfadeSeconds: player.crossfade_seconds,
    equaliser: { preampDb: 0, bandsDb: [...preset] },
  });
}
