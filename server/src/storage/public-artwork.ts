import { randomUUID } from 'node:crypto';
import type { StoredImage } from '../lib/image-upload.ts';
import type { Storage } from './storage.ts';

/** Where artwork lives: public storage, served by `/storage/public/*` to every listener. */
export const ARTWORK_PREFIX = 'public/artwork/';

/**
 * Stores processed artwork (uploaded in an editor, or embedded in an uploaded audio file)
 * under a new random name in public storage and answers its address on this site,
 * `/storage/public/artwork/<uuid>.webp`: the one form every image field accepts, loaded by
 * anyone who may see the release and cached like other artwork.
 */
export async function storePublicArtwork(
  storage: Pick<Storage, 'write'>,
  image: StoredImage,
): Promise<string> {
  const key = `${ARTWORK_PREFIX}${randomUUID()}.${image.extension}`;
  await storage.write(key, image.bytes);
  return `/storage/${key}`;
}
