import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { generateDemoAudio } from '../../src/modules/demo-audio/generator.ts';

const run = promisify(execFile);

export interface LibraryTags {
  title?: string;
  artist?: string;
  album?: string;
  album_artist?: string;
  /** `3` or `3/12`. */
  track?: string | number;
  disc?: string | number;
  genre?: string;
  date?: number;
  compilation?: boolean;
  /** FLAC only (Vorbis comments): LYRICS, DISCSUBTITLE, MUSICBRAINZ_TRACKID as written. */
  lyrics?: string;
  DISCSUBTITLE?: string;
  MUSICBRAINZ_TRACKID?: string;
  /** ReplayGain as taggers write it (`-6.50 dB`, `0.501187`): read instead of decoding. */
  REPLAYGAIN_TRACK_GAIN?: string;
  REPLAYGAIN_TRACK_PEAK?: string;
}

/** A real JPEG of one colour (what a `cover.jpg` holds). */
export function solidJpeg(rgb: [number, number, number] = [30, 144, 255], size = 64) {
  return sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: rgb[0], g: rgb[1], b: rgb[2] },
    },
  })
    .jpeg()
    .toBuffer();
}

/**
 * A real MP3 as a music library holds it, written by Debian's ffmpeg: ID3v2.3 tags (album
 * artist and disc included) and, when given, an embedded front cover; or a FLAC, whose
 * Vorbis comments carry the compilation flag too. Each `seed` makes different audio (so
 * files are told apart by their audio signature).
 */
export async function libraryMp3(
  tags: LibraryTags,
  options: { seed: number; seconds?: number; picture?: Buffer; format?: 'mp3' | 'flac' },
): Promise<Buffer> {
  const flac = options.format === 'flac';
  const directory = await mkdtemp(join(tmpdir(), 'backbeat-library-audio-'));
  try {
    const source = join(directory, 'in.mp3');
    const target = join(directory, flac ? 'out.flac' : 'out.mp3');
    await writeFile(
      source,
      (await generateDemoAudio(options.seed, options.seconds ?? 2, 'house')).mp3,
    );
    const inputs = ['-i', source];
    const maps = ['-map', '0:a'];
    if (options.picture) {
      const cover = join(directory, 'cover.jpg');
      await writeFile(cover, options.picture);
      inputs.push('-i', cover);
      maps.push('-map', '1:v', '-disposition:v', 'attached_pic');
      maps.push('-metadata:s:v', 'comment=Cover (front)');
    }
    const { compilation, ...rest } = tags;
    const metadata = Object.entries({
      ...rest,
      ...(compilation ? { compilation: 1 } : {}),
    }).flatMap(([key, value]) => (value === undefined ? [] : ['-metadata', `${key}=${value}`]));
    await run('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      ...maps,
      // FLAC (Vorbis comments) where a tag has no ID3 frame ffmpeg writes (COMPILATION).
      ...(flac ? ['-codec:a', 'flac'] : ['-codec', 'copy', '-id3v2_version', '3']),
      ...metadata,
      target,
    ]);
    return await readFile(target);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Writes `bytes` at `root/relativePath`, making the folders on the way. */
export async function placeFile(root: string, relativePath: string, bytes: Buffer | string) {
  const path = join(root, relativePath);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  return path;
}

/** An ID3v2.3 text frame (ISO-8859-1). */
function id3TextFrame(id: string, text: string) {
  return id3Frame(id, Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]));
}
function id3Frame(id: string, body: Buffer) {
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/**
 * A real MP3 whose ID3v2.3 tag carries lyrics frames ffmpeg cannot write: USLT (plain text,
 * which may hold LRC stamps) and SYLT (lines with times in milliseconds), built byte by byte
 * as the ID3v2.3 specification lays them out, before audio made by the demo generator.
 */
export async function mp3WithLyricsFrames(
  tags: { title: string; artist: string; album?: string; track?: number },
  lyrics: { uslt?: string; sylt?: { time: number; text: string }[] },
  seed: number,
): Promise<Buffer> {
  let audio = (await generateDemoAudio(seed, 2, 'house')).mp3;
  if (audio.toString('latin1', 0, 3) === 'ID3') {
    const size = ((audio[6]! << 21) | (audio[7]! << 14) | (audio[8]! << 7) | audio[9]!) >>> 0;
    audio = audio.subarray(10 + size);
  }
  const frames = [
    id3TextFrame('TIT2', tags.title),
    id3TextFrame('TPE1', tags.artist),
    ...(tags.album ? [id3TextFrame('TALB', tags.album)] : []),
    ...(tags.track ? [id3TextFrame('TRCK', String(tags.track))] : []),
  ];
  if (lyrics.uslt !== undefined) {
    // encoding, language, empty description, the text.
    frames.push(
      id3Frame(
        'USLT',
        Buffer.concat([Buffer.from([0]), Buffer.from('eng\0', 'latin1'), Buffer.from(lyrics.uslt)]),
      ),
    );
  }
  if (lyrics.sylt) {
    // encoding, language, time format 2 (milliseconds), content 1 (lyrics), empty descriptor,
    // then each line's text, a zero and its time.
    const lines = lyrics.sylt.map(({ time, text }) => {
      const stamp = Buffer.alloc(4);
      stamp.writeUInt32BE(time);
      return Buffer.concat([Buffer.from(`${text}\0`, 'latin1'), stamp]);
    });
    frames.push(
      id3Frame('SYLT', Buffer.concat([Buffer.from([0, 0x65, 0x6e, 0x67, 2, 1, 0]), ...lines])),
    );
  }
  const body = Buffer.concat(frames);
  const header = Buffer.from('ID3\x03\x00\x00\0\0\0\0', 'latin1');
  const size = body.length;
  header.set([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f], 6);
  return Buffer.concat([header, body, audio]);
}
