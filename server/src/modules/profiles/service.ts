import { randomUUID } from 'node:crypto';
import {
  PROFILE_HEADER_IMAGE_MAX_BYTES,
  type Album,
  type PageQuery,
  type Pagination,
  type ProfileDetails,
  type ProfileLink,
  type PublicUser,
  type Track,
  type UpdateProfileValues,
} from '@backbeat/common';
import { notFound } from '../../lib/domain-errors.ts';
import { processedImage } from '../../lib/image-upload.ts';
import { plainText } from '../../lib/plain-text.ts';
import type { Storage } from '../../storage/storage.ts';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import type { ProfileChanges, ProfilesRepository } from './repository.ts';

export type ProfilesService = ReturnType<typeof createProfilesService>;

/** Header images go through the storage driver, so they work on S3 as on local disk. */
const HEADER_KEY_PREFIX = 'public/profile-headers/';
const STORAGE_URL_PREFIX = '/storage/';

const EMPTY: ProfileDetails = { header_image: null, description: null, links: [] };

function parseLinks(json: string): ProfileLink[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: Partial<ProfileLink> | null) =>
      typeof item?.title === 'string' && typeof item.url === 'string'
        ? [{ title: item.title, url: item.url }]
        : [],
    );
  } catch {
    return [];
  }
}

/**
 * A user's profile page: what they write about themselves (description, links, header image,
 * edited only by them) and what they uploaded (tracks and albums they own; private ones show
 * only to them). An unknown or banned user has no profile (null, which routes turn into 404).
 */
export function createProfilesService(deps: {
  repository: ProfilesRepository;
  catalog: Pick<CatalogService, 'ownerTracks' | 'ownerAlbums'>;
  storage: Pick<Storage, 'write' | 'delete'>;
  /** What anyone may see of a user, or null when there is no such (visible) user. */
  userSummary: (id: number) => Promise<Omit<PublicUser, keyof ProfileDetails> | null>;
}) {
  const { repository, catalog, storage } = deps;
  const userExists = async (id: number) => !!(await deps.userSummary(id));

  async function details(userId: number): Promise<ProfileDetails> {
    const row = await repository.find(userId);
    if (!row) return { ...EMPTY };
    return {
      header_image: row.header_image,
      description: row.description,
      links: parseLinks(row.links),
    };
  }

  async function removeStoredHeader(url: string | null): Promise<void> {
    const key = url?.startsWith(STORAGE_URL_PREFIX) ? url.slice(STORAGE_URL_PREFIX.length) : '';
    if (key.startsWith(HEADER_KEY_PREFIX)) await storage.delete(key);
  }

  return {
    details,

    /** The public profile answer: name, avatar and the details the user wrote; none: not found. */
    async publicUser(userId: number): Promise<PublicUser> {
      const [summary, profile] = await Promise.all([deps.userSummary(userId), details(userId)]);
      if (!summary) throw notFound();
      return { ...summary, ...profile };
    },

    async update(userId: number, input: UpdateProfileValues): Promise<ProfileDetails> {
      const changes: ProfileChanges = {};
      if (input.description !== undefined) changes.description = plainText(input.description);
      if (input.links !== undefined) {
        changes.links = JSON.stringify(input.links.map(({ title, url }) => ({ title, url })));
      }
      await repository.save(userId, changes);
      return details(userId);
    },

    /** Stores a new header image (checked like avatars) and forgets the previous one. */
    async setHeaderImage(userId: number, bytes: Buffer): Promise<ProfileDetails> {
      const image = await processedImage(bytes, PROFILE_HEADER_IMAGE_MAX_BYTES, 'profileHeader');
      const key = `${HEADER_KEY_PREFIX}${randomUUID()}.${image.extension}`;
      await storage.write(key, image.bytes);
      const previous = (await repository.find(userId))?.header_image ?? null;
      await repository.save(userId, { header_image: `${STORAGE_URL_PREFIX}${key}` });
      await removeStoredHeader(previous);
      return details(userId);
    },

    async removeHeaderImage(userId: number): Promise<ProfileDetails> {
      const previous = (await repository.find(userId))?.header_image ?? null;
      if (previous) {
        await repository.save(userId, { header_image: null });
        await removeStoredHeader(previous);
      }
      return details(userId);
    },

    async tracks(userId: number, viewer: Viewer, page: PageQuery): Promise<Pagination<Track>> {
      if (!(await userExists(userId))) throw notFound();
      return catalog.ownerTracks(userId, viewer, page);
    },

    async albums(userId: number, viewer: Viewer, page: PageQuery): Promise<Pagination<Album>> {
      if (!(await userExists(userId))) throw notFound();
      return catalog.ownerAlbums(userId, viewer, page);
    },
  };
}
