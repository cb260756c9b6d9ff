import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { LibraryScanFigures } from '@backbeat/common';
import { DecodeError } from '../../lib/audio/ffmpeg.ts';
import { processedImage } from '../../lib/image-upload.ts';
import { libraryFileKey } from '../../storage/library-files.ts';
import type { Storage } from '../../storage/storage.ts';
import type { LibraryCatalog, LibraryTrackInput } from '../backstage/library-catalog.ts';
import { analyseAudio, type AnalysedAudio } from '../media/analyse.ts';
import {
  MAX_COVER_BYTES,
  coverBeside,
  mimeOf,
  signatureOf,
  walkFolder,
  type FoundFile,
} from './files.ts';
import type { LibraryFileRow, LibraryFoldersRepository } from './repository.ts';

export const UNREADABLE = 'The file could not be read.';
export const VARIOUS_ARTISTS = 'Various Artists';
const PROGRESS_EVERY_MS = 1000;

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
const finite = (value: number | undefined | null) =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * One scan of a folder (issue 18): walks it, skips files whose size and mtime did not change
 * (nothing is read), reads new and changed ones with the upload pipeline's analysis, knows a
 * moved file by its audio signature (its track, plays, likes and playlist entries stay),
 * and takes the tracks of removed files out of the catalog. Files are only ever read.
 */
export async function scanFolder(
  folder: { id: number; path: string },
  deps: ScanDeps,
  hooks: ScanHooks,
): Promise<{ figures: ScanFigures; stopped: boolean }> {
  const { repository: repo, catalog } = deps;
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

  async function storeArtwork(bytes: Buffer): Promise<string | null> {
    try {
      const key = `public/library-artwork/${createHash('sha256').update(bytes).digest('hex')}.webp`;
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

  async function trackInput(file: FoundFile, analysed: AnalysedAudio, fileId: number) {
    const { media } = analysed;
    const tags = media.tags;
    const embedded = analysed.artwork ? await storeArtwork(analysed.artwork.bytes) : null;
    const image = embedded ?? (await folderCover(file.relativePath));
    const albumArtist =
      tags?.album_artist ?? (tags?.compilation ? VARIOUS_ARTISTS : tags?.artists[0]) ?? null;
    const loudness = media.loudness;
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
      durationMs: media.duration_ms ?? 0,
      waveform: media.waveform,
      loudness:
        loudness && finite(loudness.integrated_lufs) && finite(loudness.true_peak_dbtp)
          ? {
              integrated_lufs: loudness.integrated_lufs,
              true_peak_dbtp: loudness.true_peak_dbtp,
              track_gain_db: loudness.track_gain_db,
            }
          : null,
      genres: tags?.genres ?? [],
      lyrics: tags?.lyrics ?? null,
      audioPath: libraryFileKey(fileId),
      folderId: folder.id,
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
      signature = await signatureOf(file);
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
      const analysed = await analyseAudio(
        {
          open: (range) =>
            createReadStream(
              file.absolutePath,
              range ? { start: range.start, end: range.end } : {},
            ),
          size: file.size,
          mime: mimeOf(file.relativePath),
          name: file.relativePath,
        },
        { signal: hooks.signal },
      );
      fileId ??= await repo.insertFile({
        folder_id: folder.id,
        relative_path: file.relativePath,
        ...sizes,
        signature,
        created_at: stamp,
      });
      const { input, disc, number } = await trackInput(file, analysed, fileId);
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

  for (const file of found) {
    if (!(await hooks.heartbeat())) return { figures, stopped: true };
    figures.seen++;
    const row = byPath.get(file.relativePath);
    const unchanged = row && sameFile(row, file);
    if (unchanged) {
      if (row.error) figures.failed++;
    } else {
      await readFile(file, row);
    }
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await hooks.progress(figures);
    }
  }

  // What is still missing was removed: its tracks leave the catalog (playlists keep working).
  const gone = [...missing.values()];
  await catalog.removeTracks(gone.flatMap((row) => (row.track_id ? [row.track_id] : [])));
  await repo.deleteFiles(gone.map((row) => row.id));
  figures.removed = gone.length;
  await orderAlbums([...albums]);
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
