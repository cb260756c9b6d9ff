import { createHash } from 'node:crypto';
import type { LibraryScanFigures } from '@backbeat/common';
import { DecodeError } from '../../lib/audio/ffmpeg.ts';
import { processedImage } from '../../lib/image-upload.ts';
import { libraryFileKey } from '../../storage/library-files.ts';
import type { WriteBatch } from '../../db/database.ts';
import type { Storage } from '../../storage/storage.ts';
import type { LibraryCatalog, LibraryTrackInput } from '../catalog-writes/library.ts';
import {
  MAX_COVER_BYTES,
  coverBeside,
  discOfFolder,
  lyricsBeside,
  mimeOf,
  signatureOf,
  walkFolder,
  type FoundFile,
} from './files.ts';
import { readFileTags, type FileTags } from './file-tags.ts';
import { TAGS_VERSION, readAgain, refreshed, sameFile } from './rereads.ts';
import type { LibraryFileRow, LibraryFoldersRepository } from './repository.ts';

export const UNREADABLE = 'The file could not be read.';
export const VARIOUS_ARTISTS = 'Various Artists';
const PROGRESS_EVERY_MS = 1000;
/** New and changed files read at once (tags, signature, artwork). */
const READ_AHEAD = 8;
/**
 * New and changed files a batch: read together (the next batch while this one is written),
 * then written in one transaction (deps.batch) with a few statements for all their tracks
 * (catalog.saveTracks), where one file at a time took about thirty. Small enough that
 * another process writing to the database waits a moment at most, and that the import's
 * memory stays low (256 took 15 MB more at its peak for about 10% less CPU).
 */
const BATCH_FILES = 64;
/**
 * Albums put in track order per transaction at the end of a scan. All of a scan's albums were
 * ordered in one transaction (850 after 10,000 new files: every track renumbered, every album
 * and artist listed again), holding SQLite's only writer throughout while a listener's like
 * or play waited (issue 42: user writes during an import, goal p99 50 ms).
 */
const ORDER_ALBUMS = 50;
/** Ids a query lists (PostgreSQL takes 65,535 parameters a statement). */
const ID_CHUNK = 500;
/** Files a scan added, changed or removed (or a tenth of the folder) that refresh statistics. */
const MANY_CHANGES = 1000;

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
    | 'saveTracks'
    | 'orderAlbums'
    | 'albumsTrackIds'
    | 'tidyAlbums'
    | 'removeTracks'
    | 'syncAccess'
    | 'refreshStatistics'
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

  /**
   * What is read of a file before its track is written: its signature, tags, artwork and
   * the lyrics of a `.lrc` file beside it.
   */
  interface Prepared {
    signature: string;
    read: FileTags;
    image: string | null;
    sideLyrics: string | null;
  }
  async function prepare(file: FoundFile): Promise<Prepared> {
    const [signature, read, sideLyrics] = await Promise.all([
      signatureOf(file),
      readFileTags(file),
      lyricsBeside(folder.path, file.relativePath),
    ]);
    const embedded = read.artwork ? await storeArtwork(read.artwork) : null;
    // The picture's bytes are not kept while the batch waits for its turn.
    return {
      signature,
      read: { ...read, artwork: null },
      image: embedded ?? (await folderCover(file.relativePath)),
      sideLyrics,
    };
  }
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
   * The track as its tags say; its loudness and exact length are measured after the scan (the
   * file's empty `analysed_at` marks it, see analysis.ts) and its waveform when first asked
   * for, so the catalog fills at the speed of reading tags.
   */
  function trackInput(file: FoundFile, { read, image, sideLyrics }: Prepared, fileId: number) {
    const tags = read.tags;
    const disc = discOf(file, read);
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
      // A side-car .lrc was put there on purpose (mostly for its times): it wins over the tag.
      lyrics: sideLyrics ?? tags?.lyrics ?? null,
      disc,
      file: {
        size: file.size,
        bitrate: read.durationMs > 0 ? Math.round((file.size * 8000) / read.durationMs) : null,
        bitDepth: read.bitDepth,
      },
      musicbrainzId: tags?.musicbrainz_id ?? null,
      audioPath: libraryFileKey(fileId),
      folderId: folder.id,
      restricted: folder.access === 'chosen',
      mime: mimeOf(file.relativePath),
    };
    return { input, disc: disc?.number ?? null, number: tags?.track_number ?? null };
  }

  /** The disc by the tags, else by a disc folder (`CD2`, `Disc 2 - Live`) the file is in. */
  function discOf(file: FoundFile, read: FileTags) {
    const byFolder = discOfFolder(file.relativePath);
    const tagged = read.tags?.disc_number;
    if (!tagged) return byFolder;
    const title = read.tags.disc_title ?? (byFolder?.number === tagged ? byFolder.title : null);
    return { number: tagged, title };
  }

  interface Read {
    file: FoundFile;
    row: LibraryFileRow | undefined;
    /** The file is as it was (read again for readAgain): its measures stay. */
    unchanged?: boolean;
    got?: Prepared;
    error?: unknown;
  }
  /** Reads a batch's files, READ_AHEAD at a time; a file that fails keeps its error. */
  async function readAll(entries: Read[]): Promise<Read[]> {
    let next = 0;
    const worker = async () => {
      while (next < entries.length) {
        const entry = entries[next++]!;
        try {
          entry.got = await prepare(entry.file);
        } catch (error) {
          entry.error = error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_AHEAD, entries.length) }, worker));
    return entries;
  }

  const sizesOf = (file: FoundFile, stamp: string) => ({
    size: file.size,
    mtime_ms: file.mtimeMs,
    lyrics_stamp: file.lyricsStamp,
    updated_at: stamp,
  });

  /** A file that could not be read or written: the row keeps why. */
  async function failed(read: Read, fileId: number | undefined, error: unknown) {
    if (hooks.signal?.aborted) throw error;
    figures.failed++;
    const { file, row } = read;
    const stamp = new Date().toISOString();
    const signature = read.got?.signature ?? null;
    const reason = error instanceof DecodeError ? error.message : UNREADABLE;
    if (!(error instanceof DecodeError))
      deps.log?.(`library file failed: ${file.relativePath}`, error);
    // A file that no longer reads takes its track with it; it is tried again when it changes.
    if (row?.track_id) await catalog.removeTracks([row.track_id]);
    if (fileId) {
      await repo.updateFile(fileId, {
        ...sizesOf(file, stamp),
        signature,
        track_id: null,
        error: reason,
      });
    } else {
      await repo.insertFile({
        folder_id: folder.id,
        relative_path: file.relativePath,
        ...sizesOf(file, stamp),
        signature,
        error: reason,
        created_at: stamp,
      });
    }
  }

  /**
   * Writes a batch of read files: a moved file takes its old row (and track) along, new files'
   * rows and tracks are written together (catalog.saveTracks), changed ones update theirs.
   */
  async function writeBatch(reads: Read[]) {
    const stamp = new Date().toISOString();
    const saves: { read: Read; got: Prepared; row?: LibraryFileRow; fileId?: number }[] = [];
    for (const read of reads) {
      const { file, got } = read;
      if (!got) {
        await failed(read, read.row?.id, read.error);
        continue;
      }
      let row = read.row;
      if (!row) {
        const moved = movedFrom(got.signature);
        if (moved) {
          await repo.updateFile(moved.id, {
            relative_path: file.relativePath,
            ...sizesOf(file, stamp),
          });
          // Moved as it was (same size and time): nothing to read again.
          if (sameFile(moved, file) && !readAgain(moved, file)) {
            figures.updated++;
            continue;
          }
          row = { ...moved, relative_path: file.relativePath };
          if (sameFile(moved, file)) read.unchanged = true;
        }
      }
      saves.push({ read, got, row, fileId: row?.id });
    }
    const fresh = saves.filter((save) => save.fileId === undefined);
    const ids = await repo.insertFiles(
      fresh.map(({ read, got }) => ({
        folder_id: folder.id,
        relative_path: read.file.relativePath,
        ...sizesOf(read.file, stamp),
        signature: got.signature,
        disc_number: discOf(read.file, got.read)?.number ?? null,
        track_number: got.read.tags?.track_number ?? null,
        tags_version: TAGS_VERSION,
        created_at: stamp,
      })),
    );
    fresh.forEach((save, index) => (save.fileId = ids[index]));
    const inputs = saves.map((save) => {
      const made = trackInput(save.read.file, save.got, save.fileId!);
      // Its length, waveform and loudness were measured from these same bytes: kept.
      if (save.read.unchanged) made.input.keepMeasures = true;
      return made;
    });
    let saved: Awaited<ReturnType<ScanDeps['catalog']['saveTracks']>>;
    try {
      saved = await catalog.saveTracks(
        saves.map((save, index) => ({
          trackId: save.row?.track_id ?? null,
          input: inputs[index]!.input,
          // Unchanged: only what it is read again for (an admin's edits stay).
          ...(save.read.unchanged && save.row ? { only: refreshed(save.row, save.read.file) } : {}),
        })),
      );
    } catch (error) {
      for (const save of saves) await failed(save.read, save.fileId, error);
      return;
    }
    await repo.setTrackIds(
      fresh.map((save) => ({
        fileId: save.fileId!,
        trackId: saved[saves.indexOf(save)]!.trackId,
      })),
    );
    for (const [index, save] of saves.entries()) {
      const result = saved[index]!;
      // An unchanged file's album is ordered again only when its disc is not the one it was.
      const reorder = !save.read.unchanged || save.row?.disc_number !== inputs[index]!.disc;
      if (reorder) {
        for (const album of [result.albumId, result.previousAlbumId]) if (album) albums.add(album);
      }
      if (!save.row) {
        figures.added++;
        continue;
      }
      figures.updated++;
      await repo.updateFile(save.fileId!, {
        ...sizesOf(save.read.file, stamp),
        signature: save.got.signature,
        track_id: result.trackId,
        disc_number: inputs[index]!.disc,
        track_number: inputs[index]!.number,
        error: null,
        tags_version: TAGS_VERSION,
        // Changed: measured again (its track was saved from its tags with nothing measured);
        // so is an unchanged file whose track was deleted meanwhile and made again.
        ...(save.read.unchanged && result.trackId === save.row.track_id
          ? {}
          : { analysed_at: null }),
      });
    }
  }

  // Changed files are read a batch at a time, the next batch while this one is written.
  let pending: Read[] = [];
  let reading: Promise<Read[]> | null = null;
  const flush = async () => {
    const next = pending.length ? readAll(pending) : null;
    pending = [];
    if (reading) {
      const reads = await reading;
      await batch(() => writeBatch(reads));
    }
    reading = next;
  };
  for (const file of found) {
    if (!(await hooks.heartbeat())) return { figures, stopped: true };
    figures.seen++;
    const row = byPath.get(file.relativePath);
    const unchanged = !!row && sameFile(row, file);
    if (row && unchanged && !readAgain(row, file)) {
      if (row.error) figures.failed++;
    } else {
      pending.push({ file, row, unchanged });
      if (pending.length >= BATCH_FILES) await flush();
    }
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await hooks.progress(figures);
    }
  }
  await flush();
  await flush();
  if (!(await hooks.heartbeat())) return { figures, stopped: true };

  // What is still missing was removed: its tracks leave the catalog (playlists keep working).
  const gone = [...missing.values()];
  await catalog.removeTracks(gone.flatMap((row) => (row.track_id ? [row.track_id] : [])));
  await repo.deleteFiles(gone.map((row) => row.id));
  figures.removed = gone.length;
  const touched = [...albums];
  for (let i = 0; i < touched.length; i += ORDER_ALBUMS) {
    await batch(() => orderAlbums(touched.slice(i, i + ORDER_ALBUMS)));
  }
  // Many rows changed: the planner's figures are refreshed now, not when autovacuum gets to it.
  const changed = figures.added + figures.updated + figures.removed;
  if (changed >= MANY_CHANGES || (changed > 0 && changed * 10 >= figures.total))
    await catalog.refreshStatistics();
  await hooks.progress(figures);
  return { figures, stopped: false };

  /** Albums in disc, then track number order; albums left empty go. */
  async function orderAlbums(albumIds: number[]) {
    const tracksOf = await catalog.albumsTrackIds(albumIds);
    const empty = albumIds.filter((id) => !tracksOf.get(id)?.length);
    const all = [...tracksOf.values()].flat();
    const numbers = new Map<number, Awaited<ReturnType<typeof repo.numbersOf>>[number]>();
    for (let i = 0; i < all.length; i += ID_CHUNK) {
      for (const row of await repo.numbersOf(all.slice(i, i + ID_CHUNK)))
        numbers.set(row.track_id!, row);
    }
    const key = (id: number) => {
      const row = numbers.get(id);
      return row
        ? [row.disc_number ?? 1, row.track_number ?? Number.MAX_SAFE_INTEGER, row.relative_path]
        : [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, ''];
    };
    const orders = [...tracksOf].flatMap(([albumId, trackIds]) => {
      if (!trackIds.length) return [];
      const ordered = trackIds
        .map((id, index) => ({ id, index, key: key(id) }))
        .sort(
          (a, b) =>
            Number(a.key[0]) - Number(b.key[0]) ||
            Number(a.key[1]) - Number(b.key[1]) ||
            String(a.key[2]).localeCompare(String(b.key[2])) ||
            a.index - b.index,
        );
      return [
        {
          albumId,
          trackIds: ordered.map((entry) => entry.id),
          discs: ordered.map((entry) => numbers.get(entry.id)?.disc_number ?? null),
        },
      ];
    });
    await catalog.orderAlbums(orders);
    if (empty.length) await catalog.tidyAlbums(empty);
  }
}
