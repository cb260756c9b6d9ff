/**
 * On-the-fly transcoding (issue 38.6): the formats the server encodes to, the bitrates it
 * accepts, and the quality choices of the web player. One place for both sides.
 */

/** What a stream can be encoded to; `raw` (Subsonic's word) is the original file. */
export const TRANSCODE_FORMATS = ['opus', 'mp3', 'aac'] as const;
export type TranscodeFormat = (typeof TRANSCODE_FORMATS)[number];

/** The answer's type and the suffix Subsonic clients are told (`transcodedContentType`/`…Suffix`). */
export const TRANSCODE_OUTPUT: Record<TranscodeFormat, { contentType: string; suffix: string }> = {
  opus: { contentType: 'audio/ogg', suffix: 'opus' },
  mp3: { contentType: 'audio/mpeg', suffix: 'mp3' },
  aac: { contentType: 'audio/aac', suffix: 'aac' },
};

/** kbit/s: below the lowest, every encoder sounds broken; above the highest, none gains. */
export const TRANSCODE_BITRATE = { min: 32, max: 320, default: 192 } as const;

/** The format a stream is encoded to when a bitrate is capped and no format is named. */
export const DEFAULT_TRANSCODE_FORMAT: TranscodeFormat = 'opus';

/**
 * The encoder settings an admin may choose for a profile: named sets of ffmpeg arguments the
 * server builds itself, never a command typed in the web (transcoding/ffmpeg-args.ts).
 */
export const TRANSCODE_PRESETS = ['standard', 'vbr', 'voice'] as const;
export type TranscodePreset = (typeof TRANSCODE_PRESETS)[number];

/** The web player's "streaming quality": the original file, or a bitrate for mobile data. */
export const STREAMING_QUALITIES = ['original', '192', '128', '64'] as const;
export type StreamingQuality = (typeof STREAMING_QUALITIES)[number];

/** The transcode cache's size cap (MB) when the admin has not set one. */
export const TRANSCODE_CACHE_DEFAULT_MB = 1024;
/** The largest transcode cache the settings screen takes (1 TB). */
export const TRANSCODE_CACHE_MAX_MB = 1024 * 1024;

/** Longest Subsonic client name (`c`) a limit is kept for. */
export const SUBSONIC_CLIENT_NAME_MAX = 100;
