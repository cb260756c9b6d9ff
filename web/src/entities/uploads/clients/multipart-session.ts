import { TUS_UPLOAD_EXPIRY_MS } from '@backbeat/common';

/** Spec 2 §3: an S3 multipart upload kept on this device under the file's fingerprint. */
export interface MultipartSession {
  createdAt: number;
  fileKey: string;
  uploadId: string;
}

const PREFIX = 'backbeat.s3-multipart.';

const storageKey = (userId: number, fingerprint: string) => `${PREFIX}${userId}.${fingerprint}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The stored session, if it is whole and younger than the server keeps unfinished uploads
 * (a day); an older one is forgotten, since the server has pruned it.
 */
export function readMultipartSession(
  userId: number,
  fingerprint: string,
  now = Date.now(),
): MultipartSession | null {
  const key = storageKey(userId, fingerprint);
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<MultipartSession>;
    if (
      typeof value.createdAt === 'number' &&
      typeof value.fileKey === 'string' &&
      typeof value.uploadId === 'string' &&
      now - value.createdAt < TUS_UPLOAD_EXPIRY_MS
    ) {
      return { createdAt: value.createdAt, fileKey: value.fileKey, uploadId: value.uploadId };
    }
  } catch {
    // Not ours or damaged: forgotten below.
  }
  storage()?.removeItem(key);
  return null;
}

export function writeMultipartSession(
  userId: number,
  fingerprint: string,
  session: MultipartSession,
): void {
  try {
    storage()?.setItem(storageKey(userId, fingerprint), JSON.stringify(session));
  } catch {
    // A full or refused storage only costs the resume after a reload.
  }
}

export function clearMultipartSession(userId: number, fingerprint: string): void {
  storage()?.removeItem(storageKey(userId, fingerprint));
}
