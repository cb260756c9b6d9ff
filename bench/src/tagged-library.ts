// A music library as a self-hoster has one, for the import rows (issue 18): 10,000 small real
// MP3 and FLAC files with ID3v2.3 / Vorbis tags (artists, albums, discs, track numbers, years,
// genres, compilations), a third of the albums with a cover.jpg, a third with the cover
// embedded in each track. Made once into bench/.cache from a few ffmpeg templates whose tags
// are rewritten here, so a second run starts at once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const CACHE = new URL('../.cache/', import.meta.url).pathname;
const TRACKS_PER_ALBUM = 10;
const ALBUMS_PER_ARTIST = 4;
const VERSION = 1;

/** The MPEG frames of a short tone (a leading ID3 tag, if ffmpeg wrote one, taken off). */
function template(dir: string, frequency: number, format: 'mp3' | 'flac'): Buffer {
  const out = join(dir, `t-${frequency}.${format}`);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:duration=${format === 'mp3' ? 2 : 1}:sample_rate=22050`,
    '-ac',
    '1',
    '-map_metadata',
    '-1',
    ...(format === 'mp3' ? ['-codec:a', 'libmp3lame', '-b:a', '48k', '-id3v2_version', '0'] : []),
    out,
  ]);
  const bytes = readFileSync(out);
  if (format === 'mp3' && bytes.toString('latin1', 0, 3) === 'ID3') {
    const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
    return bytes.subarray(10 + size);
  }
  return bytes;
}

interface Tags {
  title: string;
  artist: string;
  album: string;
  albumArtist?: string;
  track: string;
  disc?: string;
  year: number;
  genre: string;
  compilation?: boolean;
  picture?: Buffer;
}

function id3Frame(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}
const id3Text = (id: string, text: string) =>
  id3Frame(id, Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(text, 'utf16le')]));

/** An ID3v2.3 tag as taggers write it (UTF-16 text frames, an APIC front cover). */
function id3(tags: Tags): Buffer {
  const frames = [
    id3Text('TIT2', tags.title),
    id3Text('TPE1', tags.artist),
    id3Text('TALB', tags.album),
    id3Text('TRCK', tags.track),
    id3Text('TYER', String(tags.year)),
    id3Text('TCON', tags.genre),
  ];
  if (tags.albumArtist) frames.push(id3Text('TPE2', tags.albumArtist));
  if (tags.disc) frames.push(id3Text('TPOS', tags.disc));
  if (tags.compilation) frames.push(id3Text('TCMP', '1'));
  if (tags.picture) {
    frames.push(
      id3Frame(
        'APIC',
        Buffer.concat([Buffer.from('\0image/jpeg\0\x03\0', 'latin1'), tags.picture]),
      ),
    );
  }
  const body = Buffer.concat(frames);
  const header = Buffer.from('ID3\x03\x00\x00\0\0\0\0', 'latin1');
  const size = body.length;
  header[6] = (size >> 21) & 0x7f;
  header[7] = (size >> 14) & 0x7f;
  header[8] = (size >> 7) & 0x7f;
  header[9] = size & 0x7f;
  return Buffer.concat([header, body]);
}

function flacBlock(type: number, body: Buffer, last: boolean): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length, 0);
  header[0] = type | (last ? 0x80 : 0);
  return Buffer.concat([header, body]);
}

/** The template FLAC with its STREAMINFO kept and new Vorbis comments (and PICTURE). */
function flac(templateBytes: Buffer, tags: Tags): Buffer {
  let offset = 4;
  let streamInfo: Buffer | null = null;
  for (;;) {
    const last = (templateBytes[offset]! & 0x80) !== 0;
    const type = templateBytes[offset]! & 0x7f;
    const length = templateBytes.readUIntBE(offset + 1, 3);
    if (type === 0) streamInfo = templateBytes.subarray(offset + 4, offset + 4 + length);
    offset += 4 + length;
    if (last) break;
  }
  const comments = [
    `TITLE=${tags.title}`,
    `ARTIST=${tags.artist}`,
    `ALBUM=${tags.album}`,
    `TRACKNUMBER=${tags.track}`,
    `DATE=${tags.year}`,
    `GENRE=${tags.genre}`,
    ...(tags.albumArtist ? [`ALBUMARTIST=${tags.albumArtist}`] : []),
    ...(tags.disc ? [`DISCNUMBER=${tags.disc}`] : []),
    ...(tags.compilation ? ['COMPILATION=1'] : []),
  ].map((line) => Buffer.from(line, 'utf8'));
  const vendor = Buffer.from('backbeat-bench', 'utf8');
  const parts: Buffer[] = [u32le(vendor.length), vendor, u32le(comments.length)];
  for (const line of comments) parts.push(u32le(line.length), line);
  const blocks = [flacBlock(0, streamInfo!, false)];
  const picture = tags.picture;
  blocks.push(flacBlock(4, Buffer.concat(parts), !picture));
  if (picture) {
    const mime = Buffer.from('image/jpeg', 'latin1');
    const head = Buffer.alloc(4 + 4 + mime.length + 4 + 16 + 4);
    let at = head.writeUInt32BE(3, 0);
    at = head.writeUInt32BE(mime.length, at);
    at += mime.copy(head, at);
    at = head.writeUInt32BE(0, at); // no description
    at += 16; // width, height, depth, colours: unknown
    head.writeUInt32BE(picture.length, at);
    blocks.push(flacBlock(6, Buffer.concat([head, picture]), true));
  }
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), ...blocks, templateBytes.subarray(offset)]);
}

function u32le(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value, 0);
  return bytes;
}

const GENRES = ['Rock', 'Jazz', 'Ambient', 'Hip-Hop', 'Folk', 'Electronic', 'Classical', 'Pop'];
const WORDS = ['Night', 'Golden', 'River', 'Echo', 'Velvet', 'Paper', 'Glass', 'Winter', 'Neon'];
const word = (n: number) => WORDS[n % WORDS.length]!;

/**
 * The library's folder (made on the first call): `files` tracks as Artist/Album/NN Title.ext,
 * every fifth album in FLAC, every tenth a two-disc one, every twentieth a compilation.
 */
export async function taggedLibrary(files = 10_000): Promise<string> {
  const root = join(CACHE, `library-${files}-v${VERSION}`);
  if (existsSync(join(root, '.complete'))) return root;
  rmSync(root, { recursive: true, force: true });
  const work = join(CACHE, 'templates');
  mkdirSync(work, { recursive: true });
  const mp3s = [220, 330, 440, 550].map((f) => template(work, f, 'mp3'));
  const flacs = [262, 392].map((f) => template(work, f, 'flac'));
  const albums = Math.ceil(files / TRACKS_PER_ALBUM);
  let written = 0;
  for (let a = 0; a < albums && written < files; a++) {
    const artistIndex = Math.floor(a / ALBUMS_PER_ARTIST);
    const artist = `${word(artistIndex)} ${word(artistIndex * 7 + 3)} ${artistIndex}`;
    const album = `${word(a * 5 + 1)} ${word(a * 3)} ${a}`;
    const dir = join(root, artist, album);
    mkdirSync(dir, { recursive: true });
    const isFlac = a % 5 === 4;
    const compilation = a % 20 === 7;
    const cover =
      a % 3 === 2
        ? null
        : await sharp({
            create: {
              width: 240,
              height: 240,
              channels: 3,
              background: { r: (a * 37) % 256, g: (a * 91) % 256, b: (a * 53) % 256 },
            },
          })
            .jpeg({ quality: 80 })
            .toBuffer();
    if (cover && a % 3 === 0) writeFileSync(join(dir, 'cover.jpg'), cover);
    for (let t = 1; t <= TRACKS_PER_ALBUM && written < files; t++, written++) {
      const twoDiscs = a % 10 === 3;
      const tags: Tags = {
        title: `${word(a + t)} ${word(t * 11)} ${t}`,
        artist: compilation ? `Guest ${word(t)} ${a}-${t}` : artist,
        album,
        albumArtist: compilation ? 'Various Artists' : a % 2 ? artist : undefined,
        track: `${twoDiscs ? ((t - 1) % 5) + 1 : t}/${twoDiscs ? 5 : TRACKS_PER_ALBUM}`,
        disc: twoDiscs ? `${t <= 5 ? 1 : 2}/2` : undefined,
        year: 1970 + (a % 50),
        genre: GENRES[a % GENRES.length]!,
        compilation,
        picture: cover && a % 3 === 1 ? cover : undefined,
      };
      const name = `${String(t).padStart(2, '0')} ${tags.title}`;
      const bytes = isFlac
        ? flac(flacs[(a + t) % flacs.length]!, tags)
        : Buffer.concat([id3(tags), mp3s[(a + t) % mp3s.length]!]);
      writeFileSync(join(dir, `${name}.${isFlac ? 'flac' : 'mp3'}`), bytes);
    }
  }
  writeFileSync(join(root, '.complete'), new Date().toISOString());
  return root;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  console.info(await taggedLibrary(Number(process.argv[2] ?? 10_000)));
  console.info(`${Math.round(performance.now() - started)} ms`);
}
