import type {
  Album,
  Artist,
  HistoryEntry,
  LikeableType,
  LikedIds,
  PageQuery,
  Pagination,
  Track,
} from '@backbeat/common';
import { notFound } from '../../lib/domain-errors.ts';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { LibraryRepository } from './repository.ts';

export type LibraryService = ReturnType<typeof createLibraryService>;

/** A listener's likes and history. Items they may not see are "not found", never forbidden. */
export function createLibraryService(deps: {
  repository: LibraryRepository;
  catalog: CatalogService;
  /**
   * The albums' likes changed (catalog-writes recounts each album's `like_count`, the key of
   * getAlbumList2 `highest`): called after every change of album likes.
   */
  albumLikesChanged: (albumIds: readonly number[]) => Promise<void>;
}) {
  const { repository, catalog } = deps;

  async function isVisible(type: LikeableType, id: number, userId: number): Promise<boolean> {
    const viewer = { userId };
    if (type === 'tracks') return catalog.trackIsVisible(id, viewer);
    if (type === 'albums') return catalog.albumIsVisible(id, viewer);
    return catalog.artistExists(id);
  }

  async function likedPage<T>(
    userId: number,
    type: LikeableType,
    page: PageQuery,
    load: (ids: number[]) => Promise<T[]>,
  ): Promise<Pagination<T>> {
    const [ids, total] = await Promise.all([
      repository.likedIds(userId, type, pageWindow(page.page, page.perPage)),
      repository.countLiked(userId, type),
    ]);
    return paginate(await load(ids), page.page, page.perPage, total);
  }

  return {
    /** Drops every like of deleted items (backstage deletes tracks and albums). */
    async forgetItems(type: LikeableType, ids: readonly number[]): Promise<void> {
      await repository.forgetItems(type, ids);
      if (type === 'albums') await deps.albumLikesChanged(ids);
    },
    /** Not found when the item does not exist or the listener may not see it. */
    async like(userId: number, type: LikeableType, id: number): Promise<void> {
      if (!(await isVisible(type, id, userId))) throw notFound();
      await repository.like(userId, type, id);
      if (type === 'albums') await deps.albumLikesChanged([id]);
    },

    async unlike(userId: number, type: LikeableType, id: number): Promise<void> {
      if (!(await isVisible(type, id, userId))) throw notFound();
      await repository.unlike(userId, type, id);
      if (type === 'albums') await deps.albumLikesChanged([id]);
    },

    /**
     * Deletes an account (`remove`, the users module's) whose likes go with it by foreign key,
     * then recounts the albums it liked, read before they went.
     */
    async deleteWithLikes(userId: number, remove: () => Promise<void>): Promise<void> {
      const albums = await repository.likedAlbumIds(userId);
      await remove();
      await deps.albumLikesChanged(albums);
    },

    async likedIds(userId: number): Promise<LikedIds> {
      const [tracks, albums, artists] = await Promise.all([
        repository.likedIds(userId, 'tracks'),
        repository.likedIds(userId, 'albums'),
        repository.likedIds(userId, 'artists'),
      ]);
      return { tracks, albums, artists };
    },

    /** When each liked item of every kind was liked (ISO dates), by id. */
    async likedSince(userId: number): Promise<Record<LikeableType, Map<number, string>>> {
      const [tracks, albums, artists] = await Promise.all(
        (['tracks', 'albums', 'artists'] as const).map(async (type) => {
          const rows = await repository.likedSince(userId, type);
          return new Map(
            rows.map((row) => [row.likeable_id, new Date(row.created_at).toISOString()]),
          );
        }),
      );
      return { tracks: tracks!, albums: albums!, artists: artists! };
    },

    likedTracks: (userId: number, page: PageQuery): Promise<Pagination<Track>> =>
      likedPage(userId, 'tracks', page, (ids) => catalog.tracks(ids)),
    likedAlbums: (userId: number, page: PageQuery): Promise<Pagination<Album>> =>
      likedPage(userId, 'albums', page, (ids) => catalog.albums(ids)),
    /** Artists the listener likes or follows. */
    async libraryArtists(userId: number, page: PageQuery): Promise<Pagination<Artist>> {
      const [ids, total] = await Promise.all([
        repository.libraryArtistIds(userId, pageWindow(page.page, page.perPage)),
        repository.countLibraryArtists(userId),
      ]);
      return paginate(await catalog.artists(ids), page.page, page.perPage, total);
    },

    async history(userId: number, page: PageQuery): Promise<Pagination<HistoryEntry>> {
      const [rows, total] = await Promise.all([
        repository.history(userId, pageWindow(page.page, page.perPage)),
        repository.countHistory(userId),
      ]);
      const tracks = await catalog.tracks([...new Set(rows.map((r) => r.track_id))]);
      const byId = new Map(tracks.map((t) => [t.id, t]));
      const entries = rows.flatMap((row) => {
        const track = byId.get(row.track_id);
        return track
          ? [{ id: row.id, played_at: row.played_at, plays: Number(row.plays), track }]
          : [];
      });
      return paginate(entries, page.page, page.perPage, total);
    },
  };
}
