import type { TranscodeFormat, TranscodePreset } from '@backbeat/common';

export interface TranscodeTarget {
  format: TranscodeFormat;
  /** kbit/s, within TRANSCODE_BITRATE. */
  bitRate: number;
  preset: TranscodePreset;
}

/** LAME's VBR quality (0 best … 9 smallest) whose average is near a bitrate. */
const lameQuality = (bitRate: number) =>
  bitRate >= 245 ? 0 : bitRate >= 190 ? 2 : bitRate >= 165 ? 3 : bitRate >= 130 ? 5 : 7;

/** The encoder's arguments for one target: built here from a named set, never from text. */
function encoderArgs({ format, bitRate, preset }: TranscodeTarget): string[] {
  const rate = `${bitRate}k`;
  // Speech: one channel carries it at half the bits.
  const voice = preset === 'voice' ? ['-ac', '1'] : [];
  switch (format) {
    case 'opus':
      return [
        ...['-c:a', 'libopus', '-b:a', rate],
        ...['-vbr', preset === 'vbr' ? 'on' : 'constrained'],
        ...(preset === 'voice' ? ['-application', 'voip'] : []),
        ...voice,
        ...['-f', 'ogg'],
      ];
    case 'mp3':
      return [
        '-c:a',
        'libmp3lame',
        ...(preset === 'vbr' ? ['-q:a', String(lameQuality(bitRate))] : ['-b:a', rate]),
        ...voice,
        ...['-f', 'mp3'],
      ];
    case 'aac':
      return ['-c:a', 'aac', '-b:a', rate, ...voice, '-f', 'adts'];
  }
}

/**
 * ffmpeg's whole argument list: the source on stdin, from `offsetSeconds` on (Subsonic's
 * `timeOffset`), its first audio stream only, no tags or pictures, the encoding on stdout.
 */
export function transcodeArgs(target: TranscodeTarget, offsetSeconds = 0): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error'],
    ...(offsetSeconds > 0 ? ['-ss', String(offsetSeconds)] : []),
    ...['-i', 'pipe:0', '-map', '0:a:0', '-vn', '-map_metadata', '-1'],
    ...encoderArgs(target),
    'pipe:1',
  ];
}
