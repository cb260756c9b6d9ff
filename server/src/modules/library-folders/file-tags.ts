import { createReadStream } from 'node:fs';
import type { AudioTags } from '@backbeat/common';
import { DecodeError, NOT_DECODABLE } from '../../lib/audio/ffmpeg.ts';
import { readMetadata, tagsOf } from '../media/analyse.ts';
import type { FoundFile } from './files.ts';
import { mimeOf } from './files.ts';
import { readQuickTags } from './quick-tags.ts';

/** What the catalog needs of a file at once; the decode (waveform, loudness) comes after. */
export interface FileTags {
  tags: AudioTags;
  durationMs: number;
  artwork: Buffer | null;
  /** Bits a sample, for lossless files that say (Subsonic `bitDepth`). */
  bitDepth: number | null;
}

const bitDepthOf = (bits: number | undefined) =>
  typeof bits === 'number' && Number.isInteger(bits) && bits > 0 ? bits : null;

/**
 * A library file's tags, duration and embedded cover: read from its head for MP3 and FLAC
 * (quick-tags.ts), else with music-metadata as uploads read them. A file in which neither
 * finds audio is not decodable (DecodeError).
 */
export async function readFileTags(
  file: Pick<FoundFile, 'absolutePath' | 'relativePath' | 'size'>,
): Promise<FileTags> {
  const quick = await readQuickTags(file.absolutePath, file.size).catch(() => null);
  if (quick) {
    const picture = quick.picture[0];
    return {
      tags: tagsOf(quick as unknown as Parameters<typeof tagsOf>[0]),
      durationMs: quick.durationMs,
      artwork: picture?.data.length ? picture.data : null,
      bitDepth: bitDepthOf(quick.format.bitsPerSample),
    };
  }
  const metadata = await readMetadata({
    open: (range) =>
      createReadStream(file.absolutePath, range ? { start: range.start, end: range.end } : {}),
    size: file.size,
    mime: mimeOf(file.relativePath),
    name: file.relativePath,
  });
  const format = metadata?.format;
  if (!metadata || !format || (!format.numberOfChannels && !format.sampleRate && !format.codec)) {
    throw new DecodeError(NOT_DECODABLE, 'no audio stream');
  }
  const picture = metadata.common.picture?.[0];
  return {
    tags: tagsOf(metadata.common),
    durationMs: Math.round((format.duration ?? 0) * 1000),
    artwork: picture?.data.length ? Buffer.from(picture.data) : null,
    bitDepth: bitDepthOf(format.bitsPerSample),
  };
}
