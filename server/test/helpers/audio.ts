import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findFfmpeg } from '../../src/lib/audio/ffmpeg.ts';

const run = promisify(execFile);

export function ffmpegPath(): string {
  const path = findFfmpeg();
  if (!path) throw new Error('ffmpeg is needed by this test (Debian ffmpeg or @ffmpeg-installer)');
  return path;
}

/**
 * Encodes a generated signal with ffmpeg into a file of the given extension (through a
 * temporary file, so MP3 gets its Xing/LAME header). `source` is a lavfi graph such as
 * `aevalsrc=0.1*sin(2*PI*997*t):d=5`.
 */
export async function encodeAudio(
  source: string,
  extension: 'mp3' | 'flac' | 'wav',
  extra: string[] = [],
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'backbeat-audio-'));
  const out = join(dir, `out.${extension}`);
  try {
    await run(ffmpegPath(), [
      ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', source],
      ...extra,
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A tagged stereo MP3 with a cover: a 997 Hz sine at 0.1 (−20 dBFS, so −20 LUFS). */
export async function taggedMp3(seconds = 5): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'backbeat-audio-'));
  const out = join(dir, 'tagged.mp3');
  try {
    await run(ffmpegPath(), [
      ...['-hide_banner', '-v', 'error', '-y'],
      ...[
        '-f',
        'lavfi',
        '-i',
        `aevalsrc=0.1*sin(2*PI*997*t)|0.1*sin(2*PI*997*t):d=${seconds}:s=44100`,
      ],
      ...['-f', 'lavfi', '-i', 'color=c=red:s=64x64:d=1'],
      ...['-map', '0', '-map', '1', '-c:a', 'libmp3lame', '-b:a', '192k'],
      ...['-c:v', 'mjpeg', '-frames:v', '1', '-id3v2_version', '3'],
      ...['-metadata', 'title=Night Drive', '-metadata', 'artist=The Testers'],
      ...['-metadata', 'album=Test Album', '-metadata', 'track=3', '-metadata', 'date=2021'],
      ...['-metadata', 'genre=Synthwave', '-metadata:s:v', 'comment=Cover (front)'],
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** EBU R128 figures of raw float PCM as ffmpeg's ebur128 filter measures them. */
export async function ffmpegLoudness(
  pcmFile: string,
  sampleRate: number,
  channels: number,
): Promise<{ integrated: number; range: number; truePeak: number }> {
  const { stderr } = await run(ffmpegPath(), [
    ...['-hide_banner', '-nostats', '-f', 'f32le', '-ar', String(sampleRate)],
    ...['-ac', String(channels), '-i', pcmFile, '-af', 'ebur128=peak=true', '-f', 'null', '-'],
  ]);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const figure = (label: string) => {
    const match = new RegExp(`${label}:\\s+(-?[\\d.]+|-inf)`).exec(summary);
    if (!match) throw new Error(`No ${label} in ffmpeg's summary:\n${summary}`);
    return match[1] === '-inf' ? -Infinity : Number(match[1]);
  };
  return { integrated: figure('I'), range: figure('LRA'), truePeak: figure('Peak') };
}
