import { createHash } from 'node:crypto';
import {
  createReadStream,
  readFileSync,
  readdirSync,
  realpathSync,
  statSync,
  type Dirent,
} from 'node:fs';
import { open, opendir, readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { LIBRARY_AUDIO_EXTENSIONS } from '@backbeat/common';
import { isWithin, resolveInside } from '../../storage/library-files.ts';

/** An audio file found below a library folder. */
export interface FoundFile {
  /** Below the folder, with forward slashes. */
  relativePath: string;
  /** Its real path (what is read). */
  absolutePath: string;
  size: number;
  /** Whole milliseconds (what the database keeps). */
  mtimeMs: number;
  /**
   * Size and mtime of the side-car `.lrc` beside it (`lyricsBeside`'s file), null without
   * one: a change to it alone reads the file again.
   */
  lyricsStamp: string | null;
}

/** The side-car lyrics names `lyricsBeside` tries, in its order. */
const LYRICS_EXTENSIONS = ['.lrc', '.LRC'];
const stemOf = (path: string) => path.replace(/\.[^./]+$/, '');

const AUDIO = new Set<string>(LIBRARY_AUDIO_EXTENSIONS);
const COVER_NAMES = ['cover', 'folder', 'front', 'album'];
const COVER_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'];
/** A cover file larger than this is not read (a real one is well under a megabyte). */
export const MAX_COVER_BYTES = 10 * 1024 * 1024;

const MIME_BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  wma: 'audio/x-ms-wma',
};

export const extensionOf = (path: string) => extname(path).slice(1).toLowerCase();
export const mimeOf = (path: string) => MIME_BY_EXTENSION[extensionOf(path)] ?? 'audio/mpeg';
const posix = (path: string) => path.split(sep).join('/');

const byName = new Intl.Collator().compare;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every audio file below `root` (hidden entries skipped). Symlinks are followed only while
 * they stay inside the folder's real path, and each real folder is walked once (no loops).
 * Throws when the root itself cannot be read. A folder is listed and its files' sizes read in
 * one go (synchronous calls, each a few microseconds where a thread-pool round trip costs ten
 * times that), and other work gets its turn between folders.
 */
export async function walkFolder(root: string): Promise<FoundFile[]> {
  const rootReal = await realpath(root);
  if (!(await stat(rootReal)).isDirectory()) throw new Error('not a directory');
  const found: FoundFile[] = [];
  const visited = new Set<string>([rootReal]);

  async function walk(directory: string, shownAs: string) {
    let entries: Dirent[];
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      return; // An unreadable subfolder is skipped, not the whole scan.
    }
    const folders: [string, string][] = [];
    const audio: FoundFile[] = [];
    /** The folder's `.lrc` files by the name without extension (`.lrc` before `.LRC`). */
    const lyrics = new Map<string, { extension: string; stamp: string }>();
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(directory, entry.name);
      const shown = shownAs ? `${shownAs}/${entry.name}` : entry.name;
      let real = path;
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          real = realpathSync(path);
          if (!isWithin(rootReal, real)) continue;
          const info = statSync(real);
          isDirectory = info.isDirectory();
          isFile = info.isFile();
        } catch {
          continue;
        }
      }
      if (isDirectory) {
        if (visited.has(real)) continue;
        visited.add(real);
        folders.push([real, shown]);
      } else if (isFile && AUDIO.has(extensionOf(entry.name))) {
        try {
          const info = statSync(real);
          audio.push({
            relativePath: posix(shown),
            absolutePath: real,
            size: info.size,
            mtimeMs: Math.floor(info.mtimeMs),
            lyricsStamp: null,
          });
        } catch {
          // Gone since the folder was listed.
        }
      } else if (isFile) {
        const extension = entry.name.slice(entry.name.lastIndexOf('.'));
        const rank = LYRICS_EXTENSIONS.indexOf(extension);
        const stem = stemOf(posix(shown));
        const kept = lyrics.get(stem);
        if (rank < 0 || (kept && LYRICS_EXTENSIONS.indexOf(kept.extension) < rank)) continue;
        try {
          const info = statSync(real);
          lyrics.set(stem, { extension, stamp: `${info.size}:${Math.floor(info.mtimeMs)}` });
        } catch {
          // Gone since the folder was listed.
        }
      }
    }
    for (const file of audio) {
      file.lyricsStamp = lyrics.get(stemOf(file.relativePath))?.stamp ?? null;
      found.push(file);
    }
    for (const [real, shown] of folders) {
      await nextTurn();
      await walk(real, shown);
    }
  }

  await walk(rootReal, '');
  return found.sort((a, b) => byName(a.relativePath, b.relativePath));
}

/** Files up to this size are hashed from one synchronous read (most tracks of a library). */
const WHOLE_READ_BYTES = 2 * 1024 * 1024;

/** Where a leading ID3v2 tag ends (0 without one), from the file's first 10 bytes. */
function id3End(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  // Synchsafe size (7 bits a byte), plus the header and a footer when flagged.
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7);
  return 10 + (size | (head[9]! & 0x7f)) + (head[5]! & 0x10 ? 10 : 0);
}

/** Where a leading ID3v2 tag ends (0 without one): tags may change, the audio may not. */
async function audioStart(path: string): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(10);
    const { bytesRead } = await handle.read(head, 0, 10, 0);
    return id3End(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * The file's content signature: SHA-256 of its audio (after a leading ID3v2 tag), so a file
 * that was moved, even with its tags edited, is known again.
 */
export async function signatureOf(file: FoundFile): Promise<string> {
  if (file.size <= WHOLE_READ_BYTES) {
    const bytes = readFileSync(file.absolutePath);
    const audio = bytes.subarray(Math.min(id3End(bytes), bytes.length));
    return createHash('sha256').update(audio).digest('hex');
  }
  const start = Math.min(await audioStart(file.absolutePath), file.size);
  const hash = createHash('sha256');
  if (start < file.size) {
    for await (const chunk of createReadStream(file.absolutePath, { start, end: file.size - 1 })) {
      hash.update(chunk as Buffer);
    }
  }
  return hash.digest('hex');
}

/**
 * The folder's cover beside a file (`cover.jpg`, `folder.jpg`, `front.png`…, any case), read
 * only when it stays inside the library folder; null when there is none.
 */
export async function coverBeside(root: string, relativePath: string): Promise<Buffer | null> {
  const slash = relativePath.lastIndexOf('/');
  const directory = slash > 0 ? relativePath.slice(0, slash) : '';
  const base = directory
    ? await resolveInside(root, directory)
    : await realpath(root).catch(() => null);
  if (!base) return null;
  let names: string[];
  try {
    names = [];
    for await (const entry of await opendir(base)) names.push(entry.name);
  } catch {
    return null;
  }
  const wanted = new Set(COVER_NAMES.flatMap((n) => COVER_EXTENSIONS.map((e) => `${n}.${e}`)));
  const covers = names
    .filter((name) => wanted.has(name.toLowerCase()))
    .sort(
      (a, b) =>
        COVER_NAMES.indexOf(a.toLowerCase().split('.')[0]!) -
        COVER_NAMES.indexOf(b.toLowerCase().split('.')[0]!),
    );
  for (const name of covers) {
    const path = await resolveInside(root, directory ? `${directory}/${name}` : name);
    if (!path) continue;
    try {
      const info = await stat(path);
      if (info.isFile() && info.size <= MAX_COVER_BYTES) return await readFile(path);
    } catch {
      // Unreadable: try the next name.
    }
  }
  return null;
}

/** A side-car lyrics file larger than this is not lyrics. */
const MAX_LYRICS_BYTES = 512 * 1024;

/**
 * The `.lrc` file beside an audio file (same name, other extension), as text; null when
 * there is none. Players and taggers write synced lyrics there when the format has no tag.
 */
export async function lyricsBeside(root: string, relativePath: string): Promise<string | null> {
  const name = stemOf(relativePath);
  for (const extension of LYRICS_EXTENSIONS) {
    const path = await resolveInside(root, `${name}${extension}`);
    if (!path) continue;
    try {
      const info = await stat(path);
      if (!info.isFile() || info.size > MAX_LYRICS_BYTES) continue;
      const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').trim();
      if (text) return text;
    } catch {
      // Unreadable: as if absent.
    }
  }
  return null;
}

/** `CD1`, `CD 2`, `Disc 2`, `Disk 3 - Live`, `Disc2_Bonus`: a disc folder's number. */
const DISC_FOLDER = /^(?:cd|dis[ck])[\s_.-]*(\d{1,3})(?:\s*[-_:.]\s*(.+))?$/i;

/**
 * The disc an audio file is on by the folder holding it (`Album/CD2/01.flac`), and the
 * disc's title when the folder names one (`Disc 2 - Live`); null when the folder is not
 * a disc folder. Used when the file's tags name no disc.
 */
export function discOfFolder(
  relativePath: string,
): { number: number; title: string | null } | null {
  const parts = relativePath.split('/');
  const folder = parts.length > 1 ? parts[parts.length - 2]!.trim() : '';
  const match = DISC_FOLDER.exec(folder);
  const number = match ? Number(match[1]) : 0;
  if (!match || number < 1) return null;
  return { number, title: match[2]?.trim() || null };
}
