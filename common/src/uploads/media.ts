import { z } from 'zod';

/**
 * What the media pipeline learns about an uploaded audio file (issue 10), shared by the
 * pipeline that writes it, the upload panel that shows it and backstage, which turns it into
 * a draft track. Loudness is measured once (EBU R128) and kept raw, so ReplayGain and the
 * listening engine can apply any target loudness later.
 */
export const MEDIA_PROCESSING_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export type MediaProcessingStatus = (typeof MEDIA_PROCESSING_STATUSES)[number];

/** ReplayGain 2.0's reference level; gains are stored against it. */
export const REPLAY_GAIN_REFERENCE_LUFS = -18;
/** Peaks kept for the seek bar of an uploaded track. */
export const WAVEFORM_POINTS = 200;

export const audioTagsSchema = z.object({
  title: z.string().nullable(),
  artists: z.array(z.string()),
  album: z.string().nullable(),
  album_artist: z.string().nullable(),
  track_number: z.number().int().nullable(),
  disc_number: z.number().int().nullable(),
  /** The disc's own title (DISCSUBTITLE / TSST), when the file names one. */
  disc_title: z.string().nullable().optional(),
  /** The MusicBrainz recording id, when the file carries it. */
  musicbrainz_id: z.string().nullable().optional(),
  genres: z.array(z.string()),
  year: z.number().int().nullable(),
  compilation: z.boolean(),
  /** Plain or LRC lyrics when the file carries them. */
  lyrics: z.string().nullable(),
});
export type AudioTags = z.infer<typeof audioTagsSchema>;

export const loudnessSchema = z.object({
  /** EBU R128 integrated loudness (LUFS). */
  integrated_lufs: z.number(),
  /** True peak (dBTP). */
  true_peak_dbtp: z.number(),
  /** Loudness range (LU), when measured. */
  range_lu: z.number().nullable(),
  /** REPLAY_GAIN_REFERENCE_LUFS − integrated loudness, in dB. */
  track_gain_db: z.number(),
});
export type Loudness = z.infer<typeof loudnessSchema>;

/** Encoder delay and padding (LAME/iTunes gapless info), in samples. */
export const gaplessInfoSchema = z.object({
  sample_rate: z.number().int(),
  encoder_delay: z.number().int(),
  encoder_padding: z.number().int(),
  total_samples: z.number().int().nullable(),
});
export type GaplessInfo = z.infer<typeof gaplessInfoSchema>;

export const mediaAnalysisSchema = z.object({
  status: z.enum(MEDIA_PROCESSING_STATUSES),
  /** Why processing failed, in words a person can act on. */
  error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  codec: z.string().nullable(),
  sample_rate: z.number().int().nullable(),
  channels: z.number().int().nullable(),
  bitrate: z.number().int().nullable(),
  tags: audioTagsSchema.nullable(),
  /** URL of the embedded artwork, stored as its own file entry. */
  artwork_url: z.string().nullable(),
  /** WAVEFORM_POINTS peak levels 0..1. */
  waveform: z.array(z.number()),
  loudness: loudnessSchema.nullable(),
  gapless: gaplessInfoSchema.nullable(),
});
export type MediaAnalysis = z.infer<typeof mediaAnalysisSchema>;

/**
 * A catalog track's loudness as the player receives it: measured by the pipeline for uploads,
 * on the first render for the generated demo tracks. Null until measured.
 */
export const trackLoudnessSchema = z.object({
  integrated_lufs: z.number(),
  true_peak_dbtp: z.number(),
  /** REPLAY_GAIN_REFERENCE_LUFS − integrated loudness, in dB. */
  track_gain_db: z.number(),
  /** The album's gain when known, else null (the player then uses the track's). */
  album_gain_db: z.number().nullable(),
});
export type TrackLoudness = z.infer<typeof trackLoudnessSchema>;

/** The gain that brings a measured loudness to the ReplayGain reference, to 0.01 dB. */
export const replayGainFor = (integratedLufs: number) =>
  Math.round((REPLAY_GAIN_REFERENCE_LUFS - integratedLufs) * 100) / 100;

/**
 * An album's integrated loudness from its tracks' (ReplayGain 2.0): their energy averaged,
 * each weighted by its length, so a long quiet track weighs more than a short loud one.
 * Equal weights when a length is unknown; null when no track was measured.
 */
export function albumLoudnessLufs(
  tracks: readonly { integrated_lufs: number; duration_ms: number | null }[],
): number | null {
  const measured = tracks.filter((track) => Number.isFinite(track.integrated_lufs));
  if (!measured.length) return null;
  const timed = measured.every((track) => (track.duration_ms ?? 0) > 0);
  let energy = 0;
  let weights = 0;
  for (const track of measured) {
    const weight = timed ? track.duration_ms! : 1;
    energy += weight * 10 ** (track.integrated_lufs / 10);
    weights += weight;
  }
  return 10 * Math.log10(energy / weights);
}

/** Extensions of audio files the pipeline processes (when the bytes do not say otherwise). */
export const AUDIO_EXTENSIONS = [
  'mp3',
  'flac',
  'ogg',
  'oga',
  'opus',
  'wav',
  'm4a',
  'aac',
  'aiff',
  'aif',
  'wma',
  'webm',
] as const;

/**
 * Whether an upload goes through the media pipeline: its bytes say audio, or its name does.
 * (A file named `.mp3` whose bytes are not audio is refused before this; see `disguisedAudio`.)
 */
export function isAudioUpload(sniffedMime: string | null, extension: string | null): boolean {
  if (sniffedMime?.startsWith('audio/')) return true;
  return !!extension && (AUDIO_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}

/** The analysis of an audio file that has not been processed yet. */
export function pendingMediaAnalysis(
  status: MediaProcessingStatus = 'pending',
  error: string | null = null,
): MediaAnalysis {
  return {
    status,
    error,
    duration_ms: null,
    codec: null,
    sample_rate: null,
    channels: null,
    bitrate: null,
    tags: null,
    artwork_url: null,
    waveform: [],
    loudness: null,
    gapless: null,
  };
}

/**
 * Whether a file's name says audio while its bytes say otherwise (text, an image, an archive
 * renamed `.mp3`). Containers that carry audio (`video/webm`, `video/mp4`) count as audio.
 */
export function disguisedAudio(sniffedMime: string | null, extension: string | null): boolean {
  if (!extension || !(AUDIO_EXTENSIONS as readonly string[]).includes(extension.toLowerCase())) {
    return false;
  }
  return !sniffedMime || !/^(audio|video)\//.test(sniffedMime);
}
