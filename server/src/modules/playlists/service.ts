import { randomUUID } from 'node:crypto';
import {
  PLAYLIST_IMAGE_MAX_BYTES,
  PLAYLIST_MAX_EDITORS,
  isOverQuota,
  playlistLink,
  type CreatePlaylistInput,
  type Playlist,
  type PlaylistAbilities,
  type PlaylistDetails,
  type UpdatePlaylistInput,
  type User,
  type UserSummary,
} from '@backbeat/common';
import { forbidden, notFound, quotaReached, validationFailed } from '../../lib/domain-errors.ts';
import { processedImage } from '../../lib/image-upload.ts';
import type { Storage } from '../../storage/storage.ts';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import { inOrder } from '../catalog/present.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { workspaceIdFor, type WorkspaceScope } from '../workspaces/scope.ts';
import type { SearchIndexRepository } from '../search/repository.ts';
import { searchDocument } from '../search/document.ts';
import { plainText } from '../../lib/plain-text.ts';
import { PlaylistPolicy } from './policy.ts';
import type { PlaylistsRepository } from './repository.ts';
import type { PlaylistWriteRepository } from './write-repository.ts';

export type PlaylistsService = ReturnType<typeof createPlaylistsService>;

/** Uploaded playlist images: storage keys under this prefix, served at /storage/public/…. */
const IMAGE_PREFIX = 'public/playlists/';
const IMAGE_URL_PREFIX = `/storage/${IMAGE_PREFIX}`;

/** What an invitation notification is about, so it can be withdrawn editor by editor. */
export const inviteReference = (playlistId: number, userId: number) =>
  `playlist_invite:${playlistId}:${userId}`;

/**
 * Playlists: reading (public, own, the workspace's, or the ones the reader was invited to
 * edit) and changing them as `PlaylistPolicy` allows. A playlist the caller may neither
 * change nor see is "not found"; its editors, who see it, are told what only the owner may do.
 */
export function createPlaylistsService(deps: {
  repository: PlaylistsRepository;
  writes: PlaylistWriteRepository;
  catalog: CatalogService;
  /** Keeps playlist names searchable; search shows each viewer only what they may see. */
  index: Pick<SearchIndexRepository, 'upsert' | 'remove'>;
  /** Where uploaded playlist images are kept. */
  storage: Pick<Storage, 'write' | 'delete'>;
  notifications: Pick<NotificationsService, 'notify' | 'withdraw'>;
  /** An active (not banned) user, or null. */
  userSummary: (id: number) => Promise<UserSummary | null>;
}) {
  const { repository, writes, catalog, index, storage, notifications } = deps;
  const indexName = (id: number, name: string) =>
    index.upsert([searchDocument('playlist', id, name, '', 10)]);
  const viewerOf = (scope: WorkspaceScope): Viewer => ({ userId: scope.userId });

  async function many(ids: readonly number[], viewer: Viewer): Promise<Playlist[]> {
    const rows = await repository.byIds(ids, viewer.userId ?? 0);
    return inOrder(ids, rows).map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      image: row.image,
      owner: row.owner_id
        ? { id: row.owner_id, name: row.owner_name ?? '', image: row.owner_image ?? null }
        : null,
      is_public: row.is_public === 1,
      is_collaborative: row.is_collaborative === 1,
      tracks_count: Number(row.tracks_count),
      created_at: row.created_at,
    }));
  }

  async function playlist(id: number, viewer: Viewer): Promise<PlaylistDetails | null> {
    const [found] = await many([id], viewer);
    if (!found) return null;
    const tracks = await catalog.visibleTracks(await repository.trackIds(id), viewer);
    const editors = found.is_collaborative ? await repository.editors(id) : [];
    return { ...found, tracks, editors };
  }

  /** The playlist's row and what the caller may do with it, or null when there is none. */
  async function access(scope: WorkspaceScope, id: number) {
    const row = await writes.find(id);
    if (!row) return null;
    const isEditor = row.is_collaborative === 1 && (await writes.isEditor(id, scope.userId));
    return {
      row,
      isEditor,
      update: PlaylistPolicy.update(scope, row),
      editTracks: PlaylistPolicy.editTracks(scope, row, isEditor),
    };
  }

  /** The row when the caller may change the playlist's settings: 403 for its editors, else 404. */
  async function forUpdate(scope: WorkspaceScope, id: number, refusal: string) {
    const found = await access(scope, id);
    if (found?.update) return found.row;
    if (found?.isEditor) throw forbidden(refusal);
    throw notFound();
  }

  /** Whether the caller may change the playlist's tracks (owner side or invited editor). */
  async function mayEditTracks(scope: WorkspaceScope, id: number): Promise<boolean> {
    return !!(await access(scope, id))?.editTracks;
  }

  /** Removes editors (all without `userIds`) and takes back their invitations. */
  async function dropEditors(id: number, userIds?: number[]): Promise<number[]> {
    const removed = await writes.removeEditors(id, userIds);
    for (const userId of removed) await notifications.withdraw(inviteReference(id, userId));
    return removed;
  }

  async function removeStoredImage(image: string | null): Promise<void> {
    if (image?.startsWith(IMAGE_URL_PREFIX)) await storage.delete(image.slice('/storage/'.length));
  }

  /** Deletes the playlist and what the cascade leaves: invitations, search entry, image file. */
  async function deleteWithTraces(id: number, image: string | null): Promise<void> {
    const editorIds = await writes.editorIds(id);
    await writes.delete(id);
    for (const userId of editorIds) await notifications.withdraw(inviteReference(id, userId));
    await index.remove('playlist', [id]);
    await removeStoredImage(image);
  }

  const imageRefusal = "Only the playlist's owner can change its image.";
  /** Points the playlist at its new image (or none) and removes the file it replaced. */
  async function replaceImage(
    scope: WorkspaceScope,
    row: { id: number; image: string | null },
    image: string | null,
  ): Promise<PlaylistDetails> {
    await writes.update(row.id, { image });
    await removeStoredImage(row.image);
    return (await playlist(row.id, viewerOf(scope)))!;
  }

  return {
    many,
    playlist,
    /** The playlist as this viewer sees it; one it cannot see is not found. */
    async getPlaylist(id: number, viewer: Viewer): Promise<PlaylistDetails> {
      const found = await playlist(id, viewer);
      if (!found) throw notFound();
      return found;
    },
    async featured(limit: number, viewer: Viewer) {
      return many(await repository.publicIds(limit), viewer);
    },

    /**
     * The playlists a profile shows: public ones, and to its owner their personal ones too.
     * A missing or banned profile is not found.
     */
    async ofUser(ownerId: number, viewer: Viewer): Promise<Playlist[]> {
      if (!(await deps.userSummary(ownerId))) throw notFound();
      return many(await repository.ownerIds(ownerId, viewer.userId ?? 0), viewer);
    },

    async abilities(scope: WorkspaceScope | null, id: number): Promise<PlaylistAbilities> {
      const found = scope ? await access(scope, id) : null;
      return {
        update: !!found?.update,
        editTracks: !!found?.editTracks,
        leave: !!found?.isEditor,
      };
    },

    /** The active workspace's playlists (the personal ones in workspace 0). */
    async inScope(scope: WorkspaceScope): Promise<Playlist[]> {
      return many(await writes.idsInScope(scope), viewerOf(scope));
    },

    /** Others' collaborative playlists the user was invited to edit, from any workspace. */
    async collaborating(userId: number): Promise<Playlist[]> {
      return many(await repository.collaboratingIds(userId), { userId });
    },

    /** Refused once the creator owns as many playlists as `playlists.create` allows. */
    async create(
      scope: WorkspaceScope,
      input: CreatePlaylistInput,
      creator: User,
    ): Promise<PlaylistDetails> {
      const owned = await writes.countOwned(creator.id);
      if (isOverQuota({ user: creator, guestPermissions: [] }, 'playlists.create', 'count', owned))
        throw quotaReached('You have reached the maximum number of playlists.');
      const id = await writes.create({
        name: input.name,
        description: plainText(input.description),
        is_public: input.is_public ? 1 : 0,
        owner_id: scope.userId,
        workspace_id: workspaceIdFor(scope),
      });
      await indexName(id, input.name);
      return (await playlist(id, viewerOf(scope)))!;
    },

    /** Turning collaboration off removes every editor. */
    async update(
      scope: WorkspaceScope,
      id: number,
      input: UpdatePlaylistInput,
    ): Promise<PlaylistDetails> {
      await forUpdate(scope, id, "Only the playlist's owner can change its details.");
      const flag = (value: boolean) => (value ? 1 : 0);
      await writes.update(id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: plainText(input.description) } : {}),
        ...(input.is_public !== undefined ? { is_public: flag(input.is_public) } : {}),
        ...(input.is_collaborative !== undefined
          ? { is_collaborative: flag(input.is_collaborative) }
          : {}),
      });
      if (input.is_collaborative === false) await dropEditors(id);
      if (input.name !== undefined) await indexName(id, input.name);
      return (await playlist(id, viewerOf(scope)))!;
    },

    async delete(scope: WorkspaceScope, id: number): Promise<void> {
      const row = await forUpdate(scope, id, "Only the playlist's owner can delete it.");
      await deleteWithTraces(id, row.image);
    },

    /** A workspace is being deleted: its playlists go, with their invitations, index and images. */
    async deleteInWorkspace(workspaceId: number): Promise<void> {
      for (const id of await writes.idsOfWorkspace(workspaceId)) {
        await deleteWithTraces(id, (await writes.find(id))?.image ?? null);
      }
    },

    /** An admin deletes playlists (any owner's): each goes with its invitations, index and image. */
    async deleteMany(ids: readonly number[]): Promise<number> {
      for (const id of ids) await deleteWithTraces(id, (await writes.find(id))?.image ?? null);
      return ids.length;
    },

    /** An account is being deleted: the playlists it owns go the same way. */
    async deleteOwnedBy(userId: number): Promise<void> {
      for (const id of await writes.idsOwnedBy(userId)) {
        await deleteWithTraces(id, (await writes.find(id))?.image ?? null);
      }
    },

    /** Not found when the caller may not change its tracks; otherwise how many were added. */
    async addTracks(scope: WorkspaceScope, id: number, trackIds: number[]) {
      if (!(await mayEditTracks(scope, id))) throw notFound();
      return writes.addTracks(id, trackIds, scope.userId);
    },

    async removeTracks(scope: WorkspaceScope, id: number, trackIds: number[]): Promise<void> {
      if (!(await mayEditTracks(scope, id))) throw notFound();
      await writes.removeTracks(id, trackIds);
    },

    async reorder(scope: WorkspaceScope, id: number, trackIds: number[]): Promise<void> {
      if (!(await mayEditTracks(scope, id))) throw notFound();
      await writes.reorder(id, trackIds);
    },

    /** Stores a PNG, JPEG, GIF or WebP image (decoded, re-encoded) as the playlist's image. */
    async setImage(scope: WorkspaceScope, id: number, bytes: Buffer): Promise<PlaylistDetails> {
      const row = await forUpdate(scope, id, imageRefusal);
      const image = await processedImage(bytes, PLAYLIST_IMAGE_MAX_BYTES, 'playlist');
      // A new name each time: the file is served with a long cache lifetime.
      const key = `${IMAGE_PREFIX}${randomUUID()}.${image.extension}`;
      await storage.write(key, image.bytes);
      return replaceImage(scope, row, `/storage/${key}`);
    },

    async removeImage(scope: WorkspaceScope, id: number): Promise<PlaylistDetails> {
      return replaceImage(scope, await forUpdate(scope, id, imageRefusal), null);
    },

    /**
     * Invites an existing user to edit a collaborative playlist and notifies them; inviting
     * an editor again changes nothing. Answers the editors.
     */
    async inviteEditor(
      scope: WorkspaceScope,
      id: number,
      userId: number,
      inviter: UserSummary,
    ): Promise<UserSummary[]> {
      const row = await forUpdate(scope, id, "Only the playlist's owner can invite editors.");
      if (row.is_collaborative !== 1) {
        throw validationFailed({
          user_id: ['Make the playlist collaborative before inviting editors.'],
        });
      }
      if (userId === row.owner_id || userId === scope.userId) {
        throw validationFailed({ user_id: ['This person can already edit this playlist.'] });
      }
      if (!(await deps.userSummary(userId))) {
        throw validationFailed({ user_id: ['There is no user with this id.'] });
      }
      const result = await writes.addEditor(id, userId, scope.userId, PLAYLIST_MAX_EDITORS);
      if (result === 'full') {
        throw validationFailed({
          user_id: [`A playlist may have at most ${PLAYLIST_MAX_EDITORS} editors.`],
        });
      }
      if (result === 'added') {
        await notifications.notify(
          userId,
          'playlist.invite',
          { inviter, playlist: { name: row.name, path: playlistLink(row) } },
          { reference: inviteReference(id, userId) },
        );
      }
      return repository.editors(id);
    },

    /**
     * Removes an editor: the owner side removes anyone, an editor only themselves (leaving).
     * Their invitation notification is taken back.
     */
    async removeEditor(scope: WorkspaceScope, id: number, userId: number): Promise<void> {
      const found = await access(scope, id);
      if (!found || !(found.update || found.isEditor)) throw notFound();
      if (!found.update && userId !== scope.userId) {
        throw forbidden("Only the playlist's owner can remove its editors.");
      }
      if (!(await dropEditors(id, [userId])).length) {
        throw notFound('This person does not edit this playlist.');
      }
    },
  };
}
