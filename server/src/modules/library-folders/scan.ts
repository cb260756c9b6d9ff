import { createHash } from 'node:crypto';
import type { LibraryScanFigures } from '@backbeat/common';
import { DecodeError } from '../../lib/audio/ffmpeg.ts';
import { processedImage } from '../../lib/image-upload.ts';
import { libraryFileKey } from '../../storage/library-files.ts';
import type { WriteBatch } from '../../db/database.ts';
import type { Storage } from '../../storage/storage.ts';
import type { LibraryCatalog, LibraryTrackInput } from '../backstage/library-catalog.ts';
import {
  MAX_COVER_BYTES,
  coverBeside,
  mimeOf,
  signatureOf,
  walkFolder,
  type FoundFile,
} from './files.ts';
import { readFileTags, type FileTags } from './file-tags.ts';
import type { LibraryFileRow, LibraryFoldersRepository } from './repository.ts';

export const UNREADABLE = 'The file could not be read.';
export const VARIOUS_ARTISTS = 'Various Artists';
const PROGRESS_EVERY_MS = 1000;
/** New and changed files read ahead (tags, signature, artwork) while tracks are written. */
const READ_AHEAD = 8;
/**
 * Writes of this long go in one SQLite transaction (deps.batch): short enough that another
 * process writing to the database waits a moment at most.
 */
const BATCH_MS = 200;

/** The folder itself could not be read (gone, unmounted, no permission). */
export class FolderUnreadable extends Error {
  constructor(readonly reason: unknown) {
    super('The folder does not exist or cannot be read.');
  }
}

export type ScanFigures = Omit<LibraryScanFigures, 'started_at' | 'finished_at'>;

export interface ScanDeps {
  repository: LibraryFoldersRepository;
  catalog: Pick<
    LibraryCatalog,
    'saveTrack' | 'orderAlbum' | 'tidyAlbums' | 'removeTracks' | 'albumTrackIds' | 'syncAccess'
  >;
  storage: Pick<Storage, 'stat' | 'write'>;
  log?: (message: string, error: unknown) => void;
  /** Groups a stretch of writes in one transaction (SQLite; see DatabaseHandle). */
  batch?: WriteBatch;
}

export interface ScanHooks {
  /** Called before each file: false stops the scan (the folder is being removed). */
  heartbeat: () => Promise<boolean>;
  progress: (figures: ScanFigures) => Promise<void> | void;
  signal?: AbortSignal;
}

const withoutExtension = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.replace(/\.[a-z0-9]{1,5}$/i, '') || name;
};
/**
 * Same size and modification time (to the millisecond: a time set back through a `Date`
 * may come back a hair under the whole millisecond it was).
 */
const sameFile = (row: Pick<LibraryFileRow, 'size' | 'mtime_ms'>, file: FoundFile) =>
  Number(row.size) === file.size && Math.abs(Number(row.mtime_ms) - file.mtimeMs) <= 1;

/**
 * One scan of a folder (issue 18): walks it, skips files whose size and mtime did not change
 * (nothing is read), reads new and changed ones with the upload pipeline's analysis, knows a
 * moved file by its audio signature (its track, plays, likes and playlist entries stay),
 * and takes the tracks of removed files out of the catalog. Files are only ever read.
 */
export async function scanFolder(
  folder: { id: number; path: string; access?: string },
  deps: ScanDeps,
  hooks: ScanHooks,
): Promise<{ figures: ScanFigures; stopped: boolean }> {
  const { repository: repo, catalog } = deps;
  const batch: WriteBatch = deps.batch ?? ((work) => work());
  const found = await walkFolder(folder.path).catch((error: unknown) => {
    throw new FolderUnreadable(error);
  });
  const figures: ScanFigures = {
    total: found.length,
    seen: 0,
    added: 0,
    updated: 0,
    removed: 0,
    failed: 0,
  };
  const known = await repo.filesOf(folder.id);
  const byPath = new Map(known.map((row) => [row.relative_path, row]));
  const present = new Set(found.map((file) => file.relativePath));
  const missing = new Map(
    known.filter((row) => !present.has(row.relative_path)).map((row) => [row.id, row]),
  );
  const albums = new Set<number>();
  const covers = new Map<string, Promise<string | null>>();
  let lastProgress = 0;
  await hooks.progress(figures);

  /** A missing file with the same audio, taken as moved here. */
  const movedFrom = (signature: string): LibraryFileRow | undefined => {
    for (const row of missing.values()) {
      if (row.signature === signature && row.track_id && !row.error) {
        missing.delete(row.id);
        return row;
      }
    }
    return undefined;
  };

  /** Stored once a scan for each picture (an album's tracks mostly embed the same). */
  const artwork = new Map<string, Promise<string | null>>();
  function storeArtwork(bytes: Buffer): Promise<string | null> {
    const hash = createHash('sha256').update(bytes).digest('hex');
    let stored = artwork.get(hash);
    if (!stored) {
      stored = storeArtworkOnce(hash, bytes);
      artwork.set(hash, stored);
    }
    return stored;
  }
  async function storeArtworkOnce(hash: string, bytes: Buffer): Promise<string | null> {
    try {
      const key = `public/library-artwork/${hash}.webp`;
      if (!(await deps.storage.stat(key))) {
        const image = await processedImage(bytes, MAX_COVER_BYTES, 'artwork');
        await deps.storage.write(key, image.bytes);
      }
      return `/storage/${key}`;
    } catch (error) {
      deps.log?.('library artwork skipped', error);
      return null;
    }
  }

  /** What is read of a file before its track is written: its signature, tags and artwork. */
  interface Prepared {
    signature: string;
    read: FileTags;
    image: string | null;
  }
  async function prepare(file: FoundFile): Promise<Prepared> {
    const [signature, read] = await Promise.all([signatureOf(file), readFileTags(file)]);
    const embedded = read.artwork ? await storeArtwork(read.artwork) : null;
    return { signature, read, image: embedded ?? (await folderCover(file.relativePath)) };
  }
  const reads = new Map<string, Promise<Prepared>>();
  /** The file's read, started now unless it was started ahead. */
  const prepared = (file: FoundFile) => {
    const started = reads.get(file.relativePath) ?? prepare(file);
    reads.delete(file.relativePath);
    return started;
  };

  function folderCover(relativePath: string): Promise<string | null> {
    const directory = relativePath.slice(0, Math.max(0, relativePath.lastIndexOf('/')));
    let cover = covers.get(directory);
    if (!cover) {
      cover = coverBeside(folder.path, relativePath).then((bytes) =>
        bytes ? storeArtwork(bytes) : null,
      );
      covers.set(directory, cover);
    }
    return cover;
  }

  /**
   * The track as its tags say; its waveform and loudness are measured after the scan (an empty
   * waveform marks it, see analysis.ts), so the catalog fills at the speed of reading tags.
   */
  function trackInput(file: FoundFile, { read, image }: Prepared, fileId: number) {
    const tags = read.tags;
    const albumArtist =
      tags?.album_artist ?? (tags?.compilation ? VARIOUS_ARTISTS : tags?.artists[0]) ?? null;
    const input: LibraryTrackInput = {
      title: tags?.title ?? withoutExtension(file.relativePath),
      artists: tags?.artists ?? [],
      album: tags?.album
        ? {
            name: tags.album,
            artist: albumArtist ?? VARIOUS_ARTISTS,
            compilation: tags.compilation || albumArtist === VARIOUS_ARTISTS,
            year: tags.year,
            genres: tags.genres,
          }
        : null,
      image,
      durationMs: read.durationMs,
      waveform: [],
      loudness: null,
      gapless: null,
      genres: tags?.genres ?? [],
      lyrics: tags?.lyrics ?? null,
      audioPath: libraryFileKey(fileId),
      folderId: folder.id,
      restricted: folder.access === 'chosen',
      mime: mimeOf(file.relativePath),
    };
    return { input, disc: tags?.disc_number ?? null, number: tags?.track_number ?? null };
  }

  /** Reads a new or changed file and writes its track; the row keeps why it failed. */
  async function readFile(file: FoundFile, row: LibraryFileRow | undefined) {
    const stamp = new Date().toISOString();
    const sizes = { size: file.size, mtime_ms: file.mtimeMs, updated_at: stamp };
    let signature: string | null = null;
    let counted = false;
    let fileId = row?.id;
    try {
      const got = await prepared(file);
      signature = got.signature;
      if (!row) {
        const moved = movedFrom(signature);
        if (moved) {
          await repo.updateFile(moved.id, { relative_path: file.relativePath, ...sizes });
          figures.updated++;
          counted = true;
          // Moved as it was (same size and time): nothing to read again.
          if (sameFile(moved, file)) return;
          row = { ...moved, relative_path: file.relativePath };
          fileId = moved.id;
        }
      }
      fileId ??= await repo.insertFile({
        folder_id: folder.id,
        relative_path: file.relativePath,
        ...sizes,
        signature,
        created_at: stamp,
      });
      const { input, disc, number } = trackInput(file, got, fileId);
      const saved = await catalog.saveTrack(row?.track_id ?? null, input);
      await repo.updateFile(fileId, {
        ...sizes,
        signature,
        track_id: saved.trackId,
        disc_number: disc,
        track_number: number,
        error: null,
      });
      for (const album of [saved.albumId, saved.previousAlbumId]) if (album) albums.add(album);
      if (!counted) figures[row ? 'updated' : 'added']++;
    } catch (error) {
      if (hooks.signal?.aborted) throw error;
      figures.failed++;
      const reason = error instanceof DecodeError ? error.message : UNREADABLE;
      if (!(error instanceof DecodeError))
        deps.log?.(`library file failed: ${file.relativePath}`, error);
      // A file that no longer reads takes its track with it; it is tried again when it changes.
      if (row?.track_id) await catalog.removeTracks([row.track_id]);
      if (fileId) {
        await repo.updateFile(fileId, { ...sizes, signature, track_id: null, error: reason });
      } else {
        await repo.insertFile({
          folder_id: folder.id,
          relative_path: file.relativePath,
          ...sizes,
          signature,
          error: reason,
          created_at: stamp,
        });
      }
    }
  }

  const changed = found.filter((file) => {
    const row = byPath.get(file.relativePath);
    return !row || !sameFile(row, file);
  });
  let current = 0;
  let next = 0;
  /** The files of the next stretch of BATCH_MS: their writes go in one transaction. */
  async function stretch(from: number): Promise<number | 'stopped'> {
    const until = Date.now() + BATCH_MS;
    let index = from;
    for (; index < found.length && (index === from || Date.now() < until); index++) {
      const file = found[index]!;
      if (!(await hooks.heartbeat())) return 'stopped';
      figures.seen++;
      const row = byPath.get(file.relativePath);
      const unchanged = row && sameFile(row, file);
      if (unchanged) {
        if (row.error) figures.failed++;
      } else {
        // The next few changed files are read meanwhile (the writes stay one at a time).
        for (next = Math.max(next, ++current); ; next++) {
          const ahead = changed[next];
          if (!ahead || reads.size >= READ_AHEAD) break;
          const started = prepare(ahead);
          started.catch(() => undefined); // Its error is handled when its turn comes.
          reads.set(ahead.relativePath, started);
        }
        await readFile(file, row);
      }
      if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        await hooks.progress(figures);
      }
    }
    return index;
  }
  for (let index = 0; index < found.length;) {
    const reached = await batch(() => stretch(index));
    if (reached === 'stopped') return { figures, stopped: true };
    index = reached;
  }

  // What is still missing was removed: its tracks leave the catalog (playlists keep working).
  const gone = [...missing.values()];
  await catalog.removeTracks(gone.flatMap((row) => (row.track_id ? [row.track_id] : [])));
  await repo.deleteFiles(gone.map((row) => row.id));
  figures.removed = gone.length;
  await batch(() => orderAlbums([...albums]));
  await hooks.progress(figures);
  return { figures, stopped: false };

  /** Albums in disc, then track number order; albums left empty go. */
  async function orderAlbums(albumIds: number[]) {
    const empty: number[] = [];
    for (const albumId of albumIds) {
      const trackIds = await catalog.albumTrackIds(albumId);
      if (!trackIds.length) {
        empty.push(albumId);
        continue;
      }
      const numbers = new Map((await repo.numbersOf(trackIds)).map((row) => [row.track_id!, row]));
      const key = (id: number) => {
        const row = numbers.get(id);
        return row
          ? [row.disc_number ?? 1, row.track_number ?? Number.MAX_SAFE_INTEGER, row.relative_path]
          : [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, ''];
      };
      const ordered = trackIds
        .map((id, index) => ({ id, index, key: key(id) }))
        .sort(
          (a, b) =>
            Number(a.key[0]) - Number(b.key[0]) ||
            Number(a.key[1]) - Number(b.key[1]) ||
            String(a.key[2]).localeCompare(String(b.key[2])) ||
            a.index - b.index,
        );
      await catalog.orderAlbum(
        albumId,
        ordered.map((entry) => entry.id),
      );
    }
    if (empty.length) await catalog.tidyAlbums(empty);
  }
}
