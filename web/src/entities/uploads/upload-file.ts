import { extensionOf } from '@backbeat/common';

/** Spec 2 §3: an uploaded file as the client sees it. */
export interface UploadedFile {
  name: string;
  size: number;
  mime: string;
  extension: string;
  lastModified: number;
  /** The path inside a dropped or chosen folder (`album/01.mp3`), or null for a loose file. */
  relativePath: string | null;
  /** Stable for the same file on this device, so an upload can resume after a reload. */
  fingerprint: string;
}

/** Describes a browser file; `relativePath` comes from a folder pick or a folder drop. */
export function describeFile(file: File, relativePath?: string | null): UploadedFile {
  const path =
    relativePath ?? ((file as File & { webkitRelativePath?: string }).webkitRelativePath || null);
  const cleanPath = path ? path.replace(/^\/+/, '') : null;
  return {
    name: file.name,
    size: file.size,
    mime: file.type,
    extension: extensionOf(file.name),
    lastModified: file.lastModified,
    relativePath: cleanPath && cleanPath !== file.name ? cleanPath : null,
    fingerprint: fingerprintOf(file, cleanPath),
  };
}

export function fingerprintOf(
  file: Pick<File, 'name' | 'type' | 'size' | 'lastModified'>,
  relativePath: string | null,
): string {
  return ['backbeat', file.name, file.type, file.size, file.lastModified, relativePath ?? '']
    .map(String)
    .join('-');
}
