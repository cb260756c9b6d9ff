import { close, createReadStream, open, read } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { STREAM_HIGH_WATER_MARK } from './local-disk.ts';
import type { Storage } from './storage.ts';

/*
 * Library folders (issue 18) are served from where they are: a library track's audio key is
 * `library/<file id>`, which this wrapper resolves to the file inside its registered folder.
 * The files are never written nor deleted through storage, and no path ever leaves the
 * folder's real path (no `..`, no absolute path, no symlink pointing out).
 */

const LIBRARY_KEY = /^library\/([1-9]\d{0,14})$/;

/** The storage key of a library file's audio. */
export const libraryFileKey = (fileId: number) => `library/${fileId}`;
export const isLibraryFileKey = (key: string) => LIBRARY_KEY.test(key);

export interface LibraryFileLocation {
  /** The registered folder, as the admin gave it (it may itself be a symlink). */
  root: string;
  relativePath: string;
}
export type LocateLibraryFile = (fileId: number) => Promise<LibraryFileLocation | null>;

/** True when `path` lies strictly below `root` (both absolute, already resolved). */
export function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * The real path of `relativePath` below `root`, or null when there is no such file or it
 * would leave the folder: `..` segments, an absolute path, or a symlink (the file's or a
 * folder's on the way) that points outside the root's real path.
 */
export async function resolveInside(root: string, relativePath: string): Promise<string | null> {
  if (!relativePath || relativePath.includes('\0') || isAbsolute(relativePath)) return null;
  try {
    const rootReal = await realpath(root);
    const candidate = resolve(rootReal, relativePath);
    if (!isWithin(rootReal, candidate)) return null;
    const real = await realpath(candidate);
    return isWithin(rootReal, real) ? real : null;
  } catch {
    return null;
  }
}

const notFoundError = () => Object.assign(new Error('Library file not found'), { code: 'ENOENT' });

/** `base` for every key, and the library folders' files, read-only, for `library/<id>` keys. */
export function withLibraryFiles<S extends Storage>(base: S, locate: LocateLibraryFile): S {
  // Looked up and checked on every call (one indexed join): a move or a removal applies at once.
  async function pathOf(key: string): Promise<string | null> {
    const location = await locate(Number(LIBRARY_KEY.exec(key)?.[1]));
    return location && resolveInside(location.root, location.relativePath);
  }
  return {
    // What the base storage offers besides (an S3 bucket's presigning for direct uploads).
    ...base,
    async stat(key: string) {
      if (!isLibraryFileKey(key)) return base.stat(key);
      const path = await pathOf(key);
      if (!path) return null;
      try {
        const info = await stat(path);
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
      } catch {
        return null;
      }
    },
    read(key, range) {
      if (!isLibraryFileKey(key)) return base.read(key, range);
      // The file is found (and checked) when the stream opens it, with the same large buffer.
      return createReadStream(key, {
        highWaterMark: STREAM_HIGH_WATER_MARK,
        ...(range ? { start: range.start, end: range.end } : {}),
        fs: {
          open: (_path: string, _flags: string, _mode: number, done: OpenCallback) => {
            pathOf(key).then(
              (path) => (path ? open(path, 'r', done) : done(notFoundError(), -1)),
              (error: Error) => done(error, -1),
            );
          },
          read,
          close,
        },
      } as Parameters<typeof createReadStream>[1]);
    },
    async write(key, data) {
      if (isLibraryFileKey(key)) throw new Error('Library folders are read-only.');
      return base.write(key, data);
    },
    async delete(key) {
      // A library file is the owner's: removing its track never removes the file.
      if (!isLibraryFileKey(key)) await base.delete(key);
    },
  };
}

type OpenCallback = (error: NodeJS.ErrnoException | null, fd: number) => void;
