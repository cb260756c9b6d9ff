import type { Readable } from 'node:stream';
import { UPLOAD_MESSAGES } from '@backbeat/common';
import type * as FileType from 'file-type';
import { importPackage } from '../../lib/import-package.ts';

/** What a file is, judged by its bytes. */
export interface SniffedType {
  ext: string;
  mime: string;
}

export interface UploadRules {
  maxSize: number | null;
  allowed: string[];
  blocked: string[];
}

/** The type of a stream by its first bytes (file-type reads only as far as it needs). */
export async function sniffType(stream: Readable): Promise<SniffedType | null> {
  try {
    // Node's build of file-type reads Node streams; its published types only name web streams.
    // Loaded on the first upload (it is not needed to start the server).
    const { fileTypeFromStream } = await importPackage<typeof FileType>('file-type');
    const found = await fileTypeFromStream(stream as unknown as ReadableStream<Uint8Array>);
    return found ? { ext: found.ext, mime: found.mime } : null;
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}

const normalise = (value: string) => value.trim().toLowerCase().replace(/^\./, '');

/** A pattern is an extension (`mp3`), a mime type (`audio/mpeg`) or a family (`audio/*`). */
export function typeMatches(pattern: string, type: { ext?: string | null; mime?: string | null }) {
  const wanted = normalise(pattern);
  if (!wanted) return false;
  const mime = type.mime?.toLowerCase();
  if (wanted.endsWith('/*')) return !!mime && mime.startsWith(wanted.slice(0, -1));
  if (wanted.includes('/')) return mime === wanted;
  return !!type.ext && normalise(type.ext) === wanted;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** `5 MB`, `1.5 GB`: the :size of the spec's message. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Math.round(value * 10) / 10} ${UNITS[unit]}`;
}

export function tooLargeMessage(name: string, maxSize: number): string {
  return UPLOAD_MESSAGES.tooLarge.replace(':file', name).replace(':size', formatBytes(maxSize));
}

/** The spec §5 message for a size over the limit, or null. Checked before any byte is kept. */
export function sizeProblem(rules: UploadRules, name: string, size: number): string | null {
  return rules.maxSize !== null && size > rules.maxSize
    ? tooLargeMessage(name, rules.maxSize)
    : null;
}

/**
 * Whether a file of this content may be kept (spec §5). Allowed types are judged by the bytes
 * only; blocked types by the bytes and, to be safe, by the extension the client gave too.
 * `accept` (from the caller, e.g. `audio/*` for a track) narrows the allowed types further.
 */
export function typeProblem(
  rules: UploadRules,
  sniffed: SniffedType | null,
  clientExtension: string | null,
  accept: string[] = [],
): string | null {
  const matchesSniffed = (pattern: string) => !!sniffed && typeMatches(pattern, sniffed);
  if (rules.allowed.length && !rules.allowed.some(matchesSniffed)) {
    return UPLOAD_MESSAGES.typeNotAllowed;
  }
  if (accept.length && !accept.some(matchesSniffed)) return UPLOAD_MESSAGES.typeNotAllowed;
  const blockedByName = (pattern: string) =>
    !!clientExtension && typeMatches(pattern, { ext: clientExtension });
  if (rules.blocked.some((pattern) => matchesSniffed(pattern) || blockedByName(pattern))) {
    return UPLOAD_MESSAGES.typeNotAllowed;
  }
  return null;
}
