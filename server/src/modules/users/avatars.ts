import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PROFILE_IMAGE_MAX_BYTES } from '@backbeat/common';
import { validationFailed } from '../../lib/domain-errors.ts';
import { processedImage } from '../../lib/image-upload.ts';
import { UnsafeFetchError, fetchPublicUrl } from '../../lib/safe-fetch.ts';
import type { UsersService } from './service.ts';

export const AVATAR_URL_PREFIX = '/storage/avatars/';

export function avatarDirectory(storagePath: string): string {
  return join(storagePath, 'public', 'avatars');
}

export type AvatarsService = ReturnType<typeof createAvatarsService>;

/** Avatars: images checked by content, at most 2 MB, stored under a random name. */
export function createAvatarsService(deps: { users: UsersService; storagePath: string }) {
  const directory = avatarDirectory(deps.storagePath);

  async function removeStoredFile(image: string | null): Promise<void> {
    if (image?.startsWith(AVATAR_URL_PREFIX)) {
      await rm(join(directory, basename(image)), { force: true });
    }
  }

  /** `field` names where a refusal is reported: `file` for an upload, `url` for an address. */
  async function store(userId: number, bytes: Buffer, field = 'file'): Promise<string> {
    const image = await processedImage(bytes, PROFILE_IMAGE_MAX_BYTES, 'avatar', field);
    await mkdir(directory, { recursive: true });
    const name = `${randomUUID()}.${image.extension}`;
    await writeFile(join(directory, name), image.bytes);
    const previous = (await deps.users.findRowById(userId))?.image ?? null;
    const url = `${AVATAR_URL_PREFIX}${name}`;
    await deps.users.update(userId, { image: url });
    await removeStoredFile(previous);
    return url;
  }

  return {
    store,
    async storeFromUrl(userId: number, url: string): Promise<string> {
      let body: Buffer;
      try {
        ({ body } = await fetchPublicUrl(url, {
          maxBytes: PROFILE_IMAGE_MAX_BYTES,
          timeoutMs: 8000,
        }));
      } catch (error) {
        if (error instanceof UnsafeFetchError) throw validationFailed({ url: [error.message] });
        throw validationFailed({ url: ['The image could not be downloaded from this address.'] });
      }
      // The same checks as an upload: decoded with a pixel limit, re-encoded.
      return store(userId, body, 'url');
    },
    async remove(userId: number): Promise<void> {
      const previous = (await deps.users.findRowById(userId))?.image ?? null;
      await deps.users.update(userId, { image: null });
      await removeStoredFile(previous);
    },
    removeStoredFile,
  };
}
