import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  size: number;
  modifiedAt: Date;
}

/**
 * Where files live: local disk by default, an S3-compatible bucket later (DESIGN §1). Keys
 * are relative paths with forward slashes, chosen by the server, never taken from a name a
 * user typed.
 */
export interface Storage {
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Reads bytes `start..end` inclusive (the whole file without a range). */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** A stream is written as it arrives (a failed stream leaves nothing behind). */
  write(key: string, data: Buffer | string | Readable): Promise<void>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._\-/]+$/;

/** A key is safe when it is relative, has no `.`/`..` segment and only plain characters. */
export function isSafeKey(key: string): boolean {
  return key.length > 0 && key.length <= 500 && !key.startsWith('/') && SAFE_KEY.test(key);
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}
