import { UPLOAD_MESSAGES } from './constants.ts';

/** The restrictions of spec 2 §5 as the client reads them from bootstrap settings. */
export interface ClientUploadRules {
  maxSize: number | null;
  /** Extensions (`mp3`), mime types (`audio/mpeg`) or families (`audio/*`); empty allows all. */
  allowed: readonly string[];
  blocked: readonly string[];
  /** What the caller asks for (the track upload asks for `audio/*`); it only narrows. */
  accept?: readonly string[];
}

/** What the browser knows about a file before sending it. */
export interface ClientFileType {
  name: string;
  size: number;
  /** The browser's guess, often empty for unknown types. */
  mime: string;
  extension: string;
}

/** A problem as a translatable line with its replacements. */
export interface UploadProblem {
  line: string;
  replacements?: Record<string, string>;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** `5 MB`, `1.5 GB`: the :size of the spec's message, the same on both sides. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Math.round(value * 10) / 10} ${UNITS[unit]}`;
}

/** The file's extension in lowercase, without the dot; empty when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const normalise = (value: string) => value.trim().toLowerCase().replace(/^\./, '');

/** Whether `pattern` (extension, mime type or `family/*`) names this file's type. */
export function clientTypeMatches(
  pattern: string,
  file: Pick<ClientFileType, 'mime' | 'extension'>,
) {
  const wanted = normalise(pattern);
  if (!wanted) return false;
  const mime = file.mime.toLowerCase();
  if (wanted.endsWith('/*')) return !!mime && mime.startsWith(wanted.slice(0, -1));
  if (wanted.includes('/')) return mime === wanted;
  return normalise(file.extension) === wanted;
}

/**
 * Spec 2 §5 checked in the browser before a byte is sent: the size limit, then the allowed,
 * requested and blocked types by the name and the browser's type. The server checks again,
 * by content, so this only spares the user a pointless upload.
 */
export function clientUploadProblem(
  file: ClientFileType,
  rules: ClientUploadRules,
): UploadProblem | null {
  if (rules.maxSize !== null && file.size > rules.maxSize) {
    return {
      line: UPLOAD_MESSAGES.tooLarge,
      replacements: { file: file.name, size: formatBytes(rules.maxSize) },
    };
  }
  const matches = (pattern: string) => clientTypeMatches(pattern, file);
  // A browser that does not know the type cannot rule out a mime pattern; the server, which
  // reads the bytes, decides.
  const mayMatch = (pattern: string) => matches(pattern) || (!file.mime && pattern.includes('/'));
  const notAllowed = { line: UPLOAD_MESSAGES.typeNotAllowed };
  if (rules.allowed.length && !rules.allowed.some(mayMatch)) return notAllowed;
  if (rules.accept?.length && !rules.accept.some(mayMatch)) return notAllowed;
  if (rules.blocked.some(matches)) return notAllowed;
  return null;
}
