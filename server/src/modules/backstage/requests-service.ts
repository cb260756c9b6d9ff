import {
  ARTIST_ROLE_NAME,
  BACKSTAGE_REQUEST_STATUSES,
  BACKSTAGE_REQUEST_TYPES,
  type AdminBackstageRequestsQuery,
  type BackstageRequest,
  type CreateBackstageRequestInput,
  type FileEntry,
  type User,
} from '@backbeat/common';
import { notFound, validationFailed } from '../../lib/domain-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { UsersService } from '../users/service.ts';
import type { BackstageMusicRepository } from './music-repository.ts';
import type { MusicDeps } from './ports.ts';
import type { BackstageRequestsRepository, RequestRow } from './requests-repository.ts';

export type BackstageRequestsService = ReturnType<typeof createBackstageRequestsService>;

const now = () => new Date().toISOString();
const parseList = <T>(json: string): T[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};
/** Who reviews requests: the permission the admin queue's routes declare. */
const REVIEW_PERMISSION = 'users.update';
const oneOf = <T extends string>(list: readonly T[], value: string): T =>
  (list as readonly string[]).includes(value) ? (value as T) : list[0]!;

/**
 * Artists' requests (spec 2 §1): verify an artist, become one, or claim one. They wait in the
 * admin queue; an approval gives the `artists` role and membership of the artist (created for
 * become-artist, verified for verify-artist), a denial its reason. Either way the requester is
 * notified (in-app and email per their settings); the staff who review requests are notified
 * of each new one.
 */
export function createBackstageRequestsService(deps: {
  repository: BackstageRequestsRepository;
  music: Pick<BackstageMusicRepository, 'artistRows'>;
  writer: Pick<MusicDeps['writer'], 'createArtist' | 'rows'>;
  users: Pick<UsersService, 'getById' | 'setRoles' | 'activeHoldersOf'>;
  fileEntry: (user: User, id: number) => Promise<FileEntry | null>;
  notifications: Pick<NotificationsService, 'notify'>;
  afterChange: () => void;
}) {
  const { repository: repo } = deps;

  async function present(row: RequestRow, viewer: User): Promise<BackstageRequest> {
    const files = await Promise.all(
      parseList<number>(row.file_entry_ids).map((id) => deps.fileEntry(viewer, id)),
    );
    return {
      id: row.id,
      type: oneOf(BACKSTAGE_REQUEST_TYPES, row.type),
      status: oneOf(BACKSTAGE_REQUEST_STATUSES, row.status),
      artist: row.artist_id
        ? {
            id: row.artist_id,
            name: row.artist_ref_name ?? row.artist_name,
            image: row.artist_ref_image,
          }
        : null,
      artist_name: row.artist_name,
      name: row.name,
      company: row.company,
      role: row.role,
      links: parseList<string>(row.links),
      deny_reason: row.deny_reason,
      user:
        row.user_name !== null
          ? { id: row.user_id, name: row.user_name, image: row.user_image }
          : null,
      files: files.flatMap((file) => (file ? [file] : [])),
      created_at: new Date(row.created_at).toISOString(),
      reviewed_at: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
    };
  }

  async function pending(id: number): Promise<RequestRow> {
    const row = await repo.find(id);
    if (!row) throw notFound();
    if (row.status !== 'pending') {
      throw validationFailed({ status: ['This request was already reviewed.'] });
    }
    return row;
  }

  /** Everyone who may review requests (users.update, or admin) hears of a new one. */
  async function notifyReviewers(requester: User, id: number, type: string, artistName: string) {
    const reviewers = new Set([
      ...(await deps.users.activeHoldersOf(REVIEW_PERMISSION)),
      ...(await deps.users.activeHoldersOf('admin')),
    ]);
    reviewers.delete(requester.id);
    for (const userId of reviewers) {
      await deps.notifications.notify(userId, 'backstage.request_created', {
        request: { id, type: oneOf(BACKSTAGE_REQUEST_TYPES, type) },
        requester: { id: requester.id, name: requester.name, image: requester.image },
        artist: { name: artistName },
      });
    }
  }

  const service = {
    async create(user: User, input: CreateBackstageRequestInput): Promise<BackstageRequest> {
      let artistName = input.artist_name?.trim() ?? '';
      if (input.type !== 'become-artist') {
        const [artist] = await deps.music.artistRows(input.artist_id ? [input.artist_id] : []);
        if (!artist) throw validationFailed({ artist_id: ['The artist was not found.'] });
        artistName = artist.name;
      }
      const fileIds = [...new Set(input.file_entry_ids ?? [])];
      for (const [index, id] of fileIds.entries()) {
        if (!(await deps.fileEntry(user, id))) {
          throw validationFailed({ [`file_entry_ids.${index}`]: ['The file was not found.'] });
        }
      }
      const stamp = now();
      const id = await repo.insert({
        user_id: user.id,
        type: input.type,
        artist_id: input.type === 'become-artist' ? null : (input.artist_id ?? null),
        artist_name: artistName,
        name: input.name.trim(),
        company: input.company?.trim() || null,
        role: input.role?.trim() || null,
        links: JSON.stringify(input.links ?? []),
        file_entry_ids: JSON.stringify(fileIds),
        deny_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: stamp,
        updated_at: stamp,
      });
      await notifyReviewers(user, id, input.type, artistName);
      return service.mine(user, id);
    },

    /** One of the user's own requests; anyone else's is not found. */
    async mine(user: User, id: number): Promise<BackstageRequest> {
      const row = await repo.find(id);
      if (!row || row.user_id !== user.id) throw notFound();
      return present(row, user);
    },

    async list(admin: User, query: AdminBackstageRequestsQuery) {
      const { rows, total } = await repo.list(query);
      const data = await Promise.all(rows.map((row) => present(row, admin)));
      return paginate(data, query.page, query.perPage, total);
    },

    async show(admin: User, id: number): Promise<BackstageRequest> {
      const row = await repo.find(id);
      if (!row) throw notFound();
      return present(row, admin);
    },

    async approve(admin: User, id: number): Promise<BackstageRequest> {
      const row = await pending(id);
      const stamp = now();
      let artistId = row.artist_id;
      if (row.type === 'become-artist' || !artistId) {
        // Found by search at once, as an artist made in backstage is.
        artistId = await deps.writer.createArtist({
          name: row.artist_name,
          ownerId: row.user_id,
          stamp,
        });
      }
      if (row.type === 'verify-artist') {
        await deps.writer.rows.updateArtist(artistId, { verified: 1, updated_at: stamp });
      }
      await repo.addMember(artistId, row.user_id, 'owner', stamp);
      const requester = await deps.users.getById(row.user_id);
      const roles = requester.roles.map((role) => role.name);
      if (!roles.includes(ARTIST_ROLE_NAME)) {
        await deps.users.setRoles(row.user_id, [...roles, ARTIST_ROLE_NAME]);
      }
      await repo.update(id, {
        status: 'approved',
        artist_id: artistId,
        reviewed_by: admin.id,
        reviewed_at: stamp,
        updated_at: stamp,
      });
      await deps.notifications.notify(row.user_id, 'backstage.request_approved', {
        request: { id, type: oneOf(BACKSTAGE_REQUEST_TYPES, row.type) },
        artist: { id: artistId, name: row.artist_name },
      });
      deps.afterChange();
      return service.show(admin, id);
    },

    async deny(admin: User, id: number, reason: string): Promise<BackstageRequest> {
      const row = await pending(id);
      const stamp = now();
      await repo.update(id, {
        status: 'denied',
        deny_reason: reason,
        reviewed_by: admin.id,
        reviewed_at: stamp,
        updated_at: stamp,
      });
      await deps.notifications.notify(row.user_id, 'backstage.request_denied', {
        request: { id, type: oneOf(BACKSTAGE_REQUEST_TYPES, row.type) },
        artist: { name: row.artist_name },
        reason,
      });
      return service.show(admin, id);
    },
  };
  return service;
}
