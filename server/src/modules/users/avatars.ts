import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PROFILE_IMAGE_MAX_BYTES } from '@backbeat/common';
import { validationFailed } from '../../lib/domain-errors.ts';
import { validatedImage } from '../../lib/image-upload.ts';
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

  async function store(userId: number, bytes: Buffer): Promise<string> {
    const type = validatedImage(bytes, PROFILE_IMAGE_MAX_BYTES);
    await mkdir(directory, { recursive: true });
    const name = `${randomUUID()}.${type.extension}`;
    await writeFile(join(directory, name), bytes);
    const previous = (await deps.users.findRowById(userId))?.image ?? null;
    const image = `${AVATAR_URL_PREFIX}${name}`;
    await deps.users.update(userId, { image });
    await removeStoredFile(previous);
    return image;
  }

  return {
    store,
    async storeFromUrl(userId: number, url: string): Promise<string> {
      try {
        const { body } = await fetchPublicUrl(url, {
          maxBytes: PROFILE_IMAGE_MAX_BYTES,
          timeoutMs: 8000,
        });
        return await store(userId, body);
      } catch (error) {
        if (error instanceof UnsafeFetchError) throw validationFailed({ url: [error.message] });
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw validationFailed({ url: ['The address took too long to answer.'] });
        }
        if (error instanceof Error && 'statusCode' in error) throw error;
        throw validationFailed({ url: ['The image could not be downloaded from this address.'] });
      }
    },
    async remove(userId: number): Promise<void> {
      const previous = (await deps.users.findRowById(userId))?.image ?? null;
      await deps.users.update(userId, { image: null });
      await removeStoredFile(previous);
    },
    removeStoredFile,
  };
}
