import type { Readable } from 'node:stream';
import {
  WAVEFORM_POINTS,
  formatLrc,
  replayGainFor,
  type AudioTags,
  type GaplessInfo,
  type MediaAnalysis,
} from '@backbeat/common';
import type { IAudioMetadata } from 'music-metadata';
import { DecodeError, NOT_DECODABLE, decodeToPcm } from '../../lib/audio/ffmpeg.ts';
import { GAPLESS_HEAD_BYTES, itunesGapless, lameGapless } from '../../lib/audio/gapless.ts';
import { LoudnessMeter } from '../../lib/audio/loudness-meter.ts';
import { WaveformCollector } from '../../lib/audio/waveform.ts';
import type * as MusicMetadata from 'music-metadata';
import { importPackage } from '../../lib/import-package.ts';

/** Opens the file's bytes (whole, or the first `end + 1` bytes). */
export type OpenFile = (range?: { start: number; end: number }) => Readable;

export interface AudioFile {
  open: OpenFile;
  size: number;
  mime: string | null;
  name: string;
}

/** The analysis, and the embedded cover (raw bytes) for the caller to store. */
export interface AnalysedAudio {
  media: Omit<MediaAnalysis, 'artwork_url'>;
  artwork: { bytes: Buffer; mime: string } | null;
}

/** Bigger than 8 channels is not music we can weigh (and not a layout BS.1770 defines). */
const MAX_CHANNELS = 8;

export async function readHead(open: OpenFile, size: number): Promise<Buffer> {
  if (!size) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of open({ start: 0, end: Math.min(size, GAPLESS_HEAD_BYTES) - 1 })) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const firstText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 500) : null;

/** The tags the pipeline keeps, from music-metadata's common tags (or the same shape). */
export function tagsOf(
  common: Pick<
    IAudioMetadata['common'],
    'lyrics' | 'year' | 'title' | 'artists' | 'album' | 'albumartist' | 'track' | 'disk' | 'genre'
  > &
    Partial<
      Pick<
        IAudioMetadata['common'],
        'artist' | 'compilation' | 'discsubtitle' | 'musicbrainz_recordingid'
      >
    >,
): AudioTags {
  const lyricsText = lyricsOf(common.lyrics?.[0]);
  const year = common.year && common.year > 0 && common.year < 10_000 ? common.year : null;
  return {
    title: firstText(common.title),
    artists: (common.artists ?? (common.artist ? [common.artist] : []))
      .map((name) => name.trim())
      .filter(Boolean)
      .slice(0, 20),
    album: firstText(common.album),
    album_artist: firstText(common.albumartist),
    track_number: common.track?.no ?? null,
    disc_number: common.disk?.no ?? null,
    genres: (common.genre ?? [])
      .map((genre) => genre.trim())
      .filter(Boolean)
      .slice(0, 20),
    year,
    compilation: common.compilation === true,
    lyrics: lyricsText ? lyricsText.slice(0, 100_000) : null,
    // music-metadata gives DISCSUBTITLE as one string, though typed as a list.
    disc_title: firstText(
      Array.isArray(common.discsubtitle) ? common.discsubtitle[0] : common.discsubtitle,
    ),
    musicbrainz_id: firstText(common.musicbrainz_recordingid),
  };
}

/** music-metadata's `timeStampFormat` for times in milliseconds (ID3 SYLT, LRC it parsed). */
const MILLISECONDS = 2;

/**
 * A lyrics tag as text the catalog stores: timed lines (an ID3 SYLT frame, or LRC that
 * music-metadata already split into lines) are written back as LRC so they stay synced;
 * plain lyrics as they are.
 */
export function lyricsOf(tag: NonNullable<IAudioMetadata['common']['lyrics']>[number] | undefined) {
  if (!tag) return null;
  const timed = tag.syncText?.filter((line) => typeof line.timestamp === 'number') ?? [];
  if (timed.length && tag.timeStampFormat === MILLISECONDS) {
    return formatLrc(timed.map((line) => ({ time: line.timestamp!, text: line.text.trim() })));
  }
  return (
    tag.text ?? (tag.syncText?.length ? tag.syncText.map((line) => line.text).join('\n') : null)
  );
}

/** Encoder delay, padding and exact length as the file's own headers and tags state them. */
export function gaplessOf(
  metadata: IAudioMetadata,
  head: Buffer,
  sampleRate: number,
): GaplessInfo | null {
  for (const tags of Object.values(metadata.native)) {
    const smpb = tags.find((tag) => /iTunSMPB$/i.test(tag.id));
    const text = smpb && (typeof smpb.value === 'string' ? smpb.value : null);
    const found = text ? itunesGapless(text, sampleRate) : null;
    if (found) return found;
  }
  const container = metadata.format.container?.toLowerCase() ?? '';
  const codec = metadata.format.codec?.toLowerCase() ?? '';
  if (container.includes('mpeg') || codec.includes('mpeg')) return lameGapless(head, sampleRate);
  // Lossless formats carry their exact sample count and need no trimming.
  const { lossless, numberOfSamples, duration } = metadata.format;
  if (lossless && (numberOfSamples || duration)) {
    return {
      sample_rate: sampleRate,
      encoder_delay: 0,
      encoder_padding: 0,
      total_samples: numberOfSamples ?? Math.round(duration! * sampleRate),
    };
  }
  return null;
}

export async function readMetadata(
  file: AudioFile,
  options: { skipCovers?: boolean } = {},
): Promise<IAudioMetadata | null> {
  const { parseStream } = await importPackage<typeof MusicMetadata>('music-metadata');
  const stream = file.open();
  try {
    return await parseStream(
      stream,
      { mimeType: file.mime ?? undefined, size: file.size, path: file.name },
      { duration: false, skipCovers: options.skipCovers ?? false },
    );
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}

/**
 * Everything the pipeline learns from one audio file, reading it twice as a stream: tags,
 * cover and format with music-metadata, then a full decode (ffmpeg) whose samples feed the
 * waveform and the EBU R128 meter as they come. The decode is the proof that the file is
 * audio: when nothing decodes, DecodeError says so.
 */
export async function analyseAudio(
  file: AudioFile,
  options: { signal?: AbortSignal } = {},
): Promise<AnalysedAudio> {
  const metadata = await readMetadata(file);
  const format = metadata?.format;
  const channels = Math.min(Math.max(format?.numberOfChannels ?? 2, 1), MAX_CHANNELS);
  const sampleRate = format?.sampleRate && format.sampleRate >= 8000 ? format.sampleRate : 44_100;
  if (metadata && format && !format.numberOfChannels && !format.sampleRate && !format.codec) {
    // music-metadata recognised a container (or tags) but found no audio stream in it.
    throw new DecodeError(NOT_DECODABLE, 'no audio stream');
  }

  const meter = new LoudnessMeter(sampleRate, channels);
  const waveform = new WaveformCollector(channels);
  for await (const chunk of decodeToPcm(file.open(), {
    channels,
    sampleRate,
    signal: options.signal,
  })) {
    meter.add(chunk);
    waveform.add(chunk);
  }
  const loudness = meter.result();
  const head = metadata ? await readHead(file.open, file.size) : Buffer.alloc(0);
  const picture = metadata?.common.picture?.[0];
  const gapless = metadata ? gaplessOf(metadata, head, sampleRate) : null;
  // The encoder's own count, without its delay and padding, when the file carries it.
  const frames =
    gapless?.total_samples && Math.abs(gapless.total_samples - waveform.frames) < sampleRate
      ? gapless.total_samples
      : waveform.frames;

  return {
    media: {
      status: 'ready',
      error: null,
      duration_ms: Math.round((frames / sampleRate) * 1000),
      codec: format?.codec ?? null,
      sample_rate: sampleRate,
      channels,
      bitrate: format?.bitrate ? Math.round(format.bitrate) : null,
      tags: metadata ? tagsOf(metadata.common) : null,
      waveform: waveform.peaks(WAVEFORM_POINTS),
      loudness: {
        integrated_lufs: loudness.integratedLufs,
        true_peak_dbtp: loudness.truePeakDbtp,
        range_lu: loudness.rangeLu,
        track_gain_db: replayGainFor(loudness.integratedLufs),
      },
      gapless,
    },
    artwork: picture?.data.length
      ? { bytes: Buffer.from(picture.data), mime: picture.format }
      : null,
  };
}
