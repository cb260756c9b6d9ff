import type { Playlist, PlaylistDetails } from '@backbeat/common';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import { inOrder } from '../catalog/present.ts';
import type { PlaylistsRepository } from './repository.ts';

export type PlaylistsService = ReturnType<typeof createPlaylistsService>;

/** Read-only playlists; creating and editing them belongs to the library area. */
export function createPlaylistsService(deps: {
  repository: PlaylistsRepository;
  catalog: CatalogService;
}) {
  const { repository, catalog } = deps;

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

  return {
    many,
    async playlist(id: number, viewer: Viewer): Promise<PlaylistDetails | null> {
      const [playlist] = await many([id], viewer);
      if (!playlist) return null;
      const tracks = await catalog.visibleTracks(await repository.trackIds(id), viewer);
      return { ...playlist, tracks };
    },
    async featured(limit: number, viewer: Viewer) {
      return many(await repository.publicIds(limit), viewer);
    },
  };
}
