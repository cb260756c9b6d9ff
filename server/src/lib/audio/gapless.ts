import type { GaplessInfo } from '@backbeat/common';

/** Bytes at the start of a file that hold the ID3v2 tag's size and the first frame. */
export const GAPLESS_HEAD_BYTES = 64 * 1024;

/** Where the first MPEG audio frame starts: after an ID3v2 tag, at the first frame sync. */
function firstFrameOffset(head: Buffer): number {
  let offset = 0;
  if (head.length >= 10 && head.toString('latin1', 0, 3) === 'ID3') {
    const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7);
    offset = 10 + (size | (head[9]! & 0x7f)) + (head[5]! & 0x10 ? 10 : 0);
  }
  for (let i = offset; i + 4 <= head.length; i++) {
    if (head[i] === 0xff && (head[i + 1]! & 0xe0) === 0xe0) return i;
  }
  return -1;
}

/**
 * Encoder delay and padding from the LAME (or ffmpeg's `Lavc`) tag in the Xing/Info header of
 * an MP3's first frame, which music-metadata reads but does not expose. Null without one.
 */
export function lameGapless(head: Buffer, sampleRate: number): GaplessInfo | null {
  const frame = firstFrameOffset(head);
  if (frame < 0) return null;
  const window = head.subarray(frame, frame + 200);
  let xing = window.indexOf('Xing', 0, 'latin1');
  if (xing < 0) xing = window.indexOf('Info', 0, 'latin1');
  if (xing < 0) return null;
  // MPEG-1 layer III frames hold 1152 samples; MPEG-2 and 2.5 hold 576.
  const samplesPerFrame = (window[1]! & 0x18) === 0x18 ? 1152 : 576;
  const flags = window.readUInt32BE(xing + 4);
  let at = xing + 8;
  let frames: number | null = null;
  if (flags & 1) {
    frames = window.readUInt32BE(at);
    at += 4;
  }
  if (flags & 2) at += 4;
  if (flags & 4) at += 100;
  if (flags & 8) at += 4;
  if (at + 24 > window.length) return null;
  const encoder = window.toString('latin1', at, at + 4);
  if (encoder !== 'LAME' && encoder !== 'Lavc' && encoder !== 'Lavf') return null;
  const delay = (window[at + 21]! << 4) | (window[at + 22]! >> 4);
  const padding = ((window[at + 22]! & 0x0f) << 8) | window[at + 23]!;
  return {
    sample_rate: sampleRate,
    encoder_delay: delay,
    encoder_padding: padding,
    total_samples: frames !== null ? Math.max(frames * samplesPerFrame - delay - padding, 0) : null,
  };
}

/** iTunes' `iTunSMPB` comment: " 00000000 delay padding total …" in hexadecimal. */
export function itunesGapless(value: string, sampleRate: number): GaplessInfo | null {
  const parts = value.trim().split(/\s+/);
  if (parts.length < 4 || !parts.slice(0, 4).every((part) => /^[0-9a-f]+$/i.test(part))) {
    return null;
  }
  return {
    sample_rate: sampleRate,
    encoder_delay: parseInt(parts[1]!, 16),
    encoder_padding: parseInt(parts[2]!, 16),
    total_samples: parseInt(parts[3]!, 16) || null,
  };
}
