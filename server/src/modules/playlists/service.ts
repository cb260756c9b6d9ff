import type {
  CreatePlaylistInput,
  Playlist,
  PlaylistDetails,
  UpdatePlaylistInput,
} from '@backbeat/common';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import { inOrder } from '../catalog/present.ts';
import { canModifyInWorkspace, workspaceIdFor, type WorkspaceScope } from '../workspaces/scope.ts';
import type { SearchIndexRepository } from '../search/repository.ts';
import { searchDocument } from '../search/service.ts';
import type { PlaylistsRepository } from './repository.ts';
import type { PlaylistWriteRepository } from './write-repository.ts';

export type PlaylistsService = ReturnType<typeof createPlaylistsService>;

/** Descriptions are plain text: markup and control characters are dropped on write. */
export function plainText(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const text = value
    // Tags and comments go; a lone "<" in ordinary text stays.
    .replace(/<\/?[a-z!][^>]*>/gi, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .trim();
  return text || null;
}

/**
 * Playlists: reading (public, own, or the workspace's) and, for those who may change them in
 * the active workspace, editing. A playlist the caller may not change is "not found" (null).
 */
export function createPlaylistsService(deps: {
  repository: PlaylistsRepository;
  writes: PlaylistWriteRepository;
  catalog: CatalogService;
  /** Keeps playlist names searchable; search shows each viewer only what they may see. */
  index: Pick<SearchIndexRepository, 'upsert' | 'remove'>;
}) {
  const { repository, writes, catalog, index } = deps;
  const indexName = (id: number, name: string) =>
    index.upsert([searchDocument('playlist', id, name, '', 10)]);

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
      tracks_count: Number(row.tracks_count),
      created_at: row.created_at,
    }));
  }

  async function playlist(id: number, viewer: Viewer): Promise<PlaylistDetails | null> {
    const [found] = await many([id], viewer);
    if (!found) return null;
    const tracks = await catalog.visibleTracks(await repository.trackIds(id), viewer);
    return { ...found, tracks };
  }

  /** The playlist when the caller may change it in their active workspace. */
  async function editable(scope: WorkspaceScope, id: number) {
    const row = await writes.find(id);
    return row && canModifyInWorkspace(scope, row) ? row : null;
  }

  const viewerOf = (scope: WorkspaceScope): Viewer => ({ userId: scope.userId });

  return {
    many,
    playlist,
    async featured(limit: number, viewer: Viewer) {
      return many(await repository.publicIds(limit), viewer);
    },

    /** The playlists a profile shows: public ones, and to its owner their personal ones too. */
    async ofUser(ownerId: number, viewer: Viewer): Promise<Playlist[]> {
      return many(await repository.ownerIds(ownerId, viewer.userId ?? 0), viewer);
    },

    async canEdit(scope: WorkspaceScope | null, id: number): Promise<boolean> {
      return !!scope && !!(await editable(scope, id));
    },

    /** The active workspace's playlists (the personal ones in workspace 0). */
    async inScope(scope: WorkspaceScope): Promise<Playlist[]> {
      return many(await writes.idsInScope(scope), viewerOf(scope));
    },

    /** How many playlists the user owns, for the `playlists.create` count restriction. */
    countOwned: (userId: number) => writes.countOwned(userId),

    async create(scope: WorkspaceScope, input: CreatePlaylistInput): Promise<PlaylistDetails> {
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

    async update(
      scope: WorkspaceScope,
      id: number,
      input: UpdatePlaylistInput,
    ): Promise<PlaylistDetails | null> {
      if (!(await editable(scope, id))) return null;
      await writes.update(id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: plainText(input.description) } : {}),
        ...(input.is_public !== undefined ? { is_public: input.is_public ? 1 : 0 } : {}),
      });
      if (input.name !== undefined) await indexName(id, input.name);
      return playlist(id, viewerOf(scope));
    },

    async delete(scope: WorkspaceScope, id: number): Promise<boolean> {
      if (!(await editable(scope, id))) return false;
      await writes.delete(id);
      await index.remove('playlist', [id]);
      return true;
    },

    /** Null when the playlist is not the caller's to change; otherwise how many were added. */
    async addTracks(scope: WorkspaceScope, id: number, trackIds: number[]) {
      if (!(await editable(scope, id))) return null;
      return writes.addTracks(id, trackIds, scope.userId);
    },

    async removeTracks(scope: WorkspaceScope, id: number, trackIds: number[]) {
      if (!(await editable(scope, id))) return false;
      await writes.removeTracks(id, trackIds);
      return true;
    },

    async reorder(scope: WorkspaceScope, id: number, trackIds: number[]) {
      if (!(await editable(scope, id))) return false;
      await writes.reorder(id, trackIds);
      return true;
    },
  };
}
