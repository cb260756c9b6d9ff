import { describe, expect, it } from 'vitest';
import {
  CROSSFADE_SECONDS,
  EQUALISER_BANDS_HZ,
  EQUALISER_GAIN_DB,
  LOUDNESS_TARGET_LUFS,
  type TrackLoudness,
} from '@backbeat/common';
import {
  adminListeningDefaults,
  crossfadeCurve,
  decibelsToGain,
  DEFAULT_LISTENING_SETTINGS,
  EQUALISER_PRESETS,
  equalPowerGains,
  levellingGainDb,
  parseListeningSettings,
  presetOf,
  streamParamsOf,
} from './listening-settings.ts';

const loudness = (overrides: Partial<TrackLoudness> = {}): TrackLoudness => ({
  integrated_lufs: -20,
  true_peak_dbtp: -10,
  track_gain_db: 2,
  album_gain_db: null,
  ...overrides,
});
const track = { normalisation: 'track', targetLufs: -14 } as const;

describe('loudness levelling', () => {
  it('brings a track to the target: target − measured loudness', () => {
    expect(levellingGainDb(loudness({ integrated_lufs: -20 }), track)).toBeCloseTo(6);
    expect(levellingGainDb(loudness({ integrated_lufs: -8, true_peak_dbtp: 0 }), track)).toBe(-6);
  });

  it('follows the listener’s target', () => {
    const gain = levellingGainDb(loudness({ integrated_lufs: -20 }), { ...track, targetLufs: -18 });
    expect(gain).toBeCloseTo(2);
  });

  it('caps the gain so the true peak stays at or below −1 dBTP', () => {
    // Wants +6 dB, but the peak at −4 dBTP leaves 3 dB of headroom.
    const gain = levellingGainDb(loudness({ integrated_lufs: -20, true_peak_dbtp: -4 }), track);
    expect(gain).toBeCloseTo(3);
    // A peak already above the ceiling is turned down even when the loudness is on target.
    expect(
      levellingGainDb(loudness({ integrated_lufs: -14, true_peak_dbtp: 0.5 }), track),
    ).toBeCloseTo(-1.5);
  });

  it('plays unmeasured tracks, and everything when turned off, as they are', () => {
    expect(levellingGainDb(null, track)).toBe(0);
    expect(levellingGainDb(undefined, track)).toBe(0);
    expect(levellingGainDb(loudness(), { ...track, normalisation: 'off' })).toBe(0);
  });

  it('uses the album’s loudness in album mode when known, else the track’s', () => {
    // Album gain −4 dB against the −18 LUFS reference: the album measures −14 LUFS.
    const album = { ...track, normalisation: 'album' } as const;
    expect(levellingGainDb(loudness({ album_gain_db: -4 }), album)).toBeCloseTo(0);
    expect(levellingGainDb(loudness({ album_gain_db: null }), album)).toBeCloseTo(6);
  });

  it('converts decibels to a linear gain', () => {
    expect(decibelsToGain(0)).toBe(1);
    expect(decibelsToGain(-6)).toBeCloseTo(0.501, 3);
    expect(decibelsToGain(20)).toBeCloseTo(10);
  });
});

describe('the equal-power crossfade', () => {
  it('starts with the outgoing track alone and ends with the incoming one', () => {
    expect(equalPowerGains(0)).toEqual({ fadeOut: 1, fadeIn: 0 });
    const end = equalPowerGains(1);
    expect(end.fadeOut).toBeCloseTo(0);
    expect(end.fadeIn).toBeCloseTo(1);
  });

  it('keeps the summed power constant all the way through', () => {
    for (let p = 0; p <= 1; p += 0.05) {
      const { fadeOut, fadeIn } = equalPowerGains(p);
      expect(fadeOut ** 2 + fadeIn ** 2).toBeCloseTo(1, 10);
    }
    // Each is at −3 dB in the middle, not −6 dB as a linear fade would be.
    expect(equalPowerGains(0.5).fadeIn).toBeCloseTo(Math.SQRT1_2);
  });

  it('samples curves scaled to the element’s level, clamping progress', () => {
    const fadeIn = crossfadeCurve('in', 0.5, 11);
    const fadeOut = crossfadeCurve('out', 0.5, 11);
    expect(fadeIn[0]).toBe(0);
    expect(fadeIn[10]).toBeCloseTo(0.5);
    expect(fadeOut[0]).toBeCloseTo(0.5);
    expect(fadeOut[10]).toBeCloseTo(0);
    expect(equalPowerGains(2)).toEqual(equalPowerGains(1));
  });
});

describe('equaliser presets and settings', () => {
  it('has a gain for every band in every preset, within range', () => {
    for (const gains of Object.values(EQUALISER_PRESETS)) {
      expect(gains).toHaveLength(EQUALISER_BANDS_HZ.length);
      for (const gain of gains) {
        expect(gain).toBeGreaterThanOrEqual(EQUALISER_GAIN_DB.min);
        expect(gain).toBeLessThanOrEqual(EQUALISER_GAIN_DB.max);
      }
    }
  });

  it('recognises a preset from its bands, and a custom curve as none', () => {
    expect(presetOf([...EQUALISER_PRESETS.bass])).toBe('bass');
    expect(presetOf(DEFAULT_LISTENING_SETTINGS.equaliser.bandsDb)).toBe('flat');
    expect(presetOf([1, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
  });

  it('defaults to levelling each track at −14 LUFS, a flat equaliser and no crossfade', () => {
    expect(parseListeningSettings(undefined)).toEqual({
      normalisation: 'track',
      targetLufs: LOUDNESS_TARGET_LUFS.default,
      equaliser: { preampDb: 0, bandsDb: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      crossfadeSeconds: 0,
      streamingQuality: 'original',
    });
  });

  it('keeps valid fields, brings numbers into range and replaces broken ones', () => {
    const parsed = parseListeningSettings({
      normalisation: 'album',
      targetLufs: -60,
      equaliser: { preampDb: 40, bandsDb: [3, 'loud', -30, 0, 0, 0, 0, 0, 0, 12] },
      crossfadeSeconds: 99,
    });
    expect(parsed).toEqual({
      normalisation: 'album',
      targetLufs: LOUDNESS_TARGET_LUFS.min,
      equaliser: { preampDb: EQUALISER_GAIN_DB.max, bandsDb: [3, 0, -12, 0, 0, 0, 0, 0, 0, 12] },
      crossfadeSeconds: CROSSFADE_SECONDS.max,
      streamingQuality: 'original',
    });
  });

  it('falls back to the given defaults (the admin’s) for what is missing or unknown', () => {
    const defaults = { ...DEFAULT_LISTENING_SETTINGS, crossfadeSeconds: 4 };
    const parsed = parseListeningSettings(
      { normalisation: 'loudest', equaliser: { bandsDb: [1, 2] }, targetLufs: Number.NaN },
      defaults,
    );
    expect(parsed.normalisation).toBe('track');
    expect(parsed.crossfadeSeconds).toBe(4);
    expect(parsed.targetLufs).toBe(-14);
    expect(parsed.equaliser.bandsDb).toEqual(DEFAULT_LISTENING_SETTINGS.equaliser.bandsDb);
  });
});

describe('the admin’s defaults', () => {
  it('turns the admin’s player settings into listening defaults', () => {
    expect(
      adminListeningDefaults({
        crossfade_seconds: 4,
        normalisation: 'album',
        target_lufs: -16,
        equaliser_preset: 'bass',
      }),
    ).toEqual({
      normalisation: 'album',
      targetLufs: -16,
      crossfadeSeconds: 4,
      equaliser: { preampDb: 0, bandsDb: [...EQUALISER_PRESETS.bass] },
      streamingQuality: 'original',
    });
  });

  it('falls back to the built-in defaults for what the admin did not set', () => {
    expect(adminListeningDefaults({})).toEqual(DEFAULT_LISTENING_SETTINGS);
    expect(adminListeningDefaults({ equaliser_preset: 'loudness' }).equaliser.bandsDb).toEqual([
      ...EQUALISER_PRESETS.flat,
    ]);
  });
});

describe('streaming quality', () => {
  it('keeps a known quality and falls back to the default for anything else', () => {
    expect(parseListeningSettings({ streamingQuality: '64' }).streamingQuality).toBe('64');
    expect(parseListeningSettings({ streamingQuality: '999' }).streamingQuality).toBe('original');
    expect(parseListeningSettings({ streamingQuality: 64 }).streamingQuality).toBe('original');
  });

  it('asks the server for nothing at the original, else a cap in Opus or MP3', () => {
    expect(streamParamsOf('original', true)).toEqual({});
    expect(streamParamsOf('64', true)).toEqual({ format: 'opus', maxBitRate: 64 });
    expect(streamParamsOf('128', false)).toEqual({ format: 'mp3', maxBitRate: 128 });
  });
});
