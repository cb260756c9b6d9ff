import {
  MAX_ROW_ID,
  type Channel,
  type ChannelContent,
  type ChannelLayout,
  type Genre,
} from '@backbeat/common';
import type { CatalogService } from '../catalog/service.ts';
import type { PlaysService } from '../plays/service.ts';
import type { PlaylistsService } from '../playlists/service.ts';
import type { ChannelRow, ChannelsRepository } from './repository.ts';

export type ChannelsService = ReturnType<typeof createChannelsService>;

/** Channel content is public and the same for everyone, so it is kept briefly per instance. */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 500;
const TRENDING_DAYS = 7;
const GUEST = { userId: null };

export function createChannelsService(deps: {
  repository: ChannelsRepository;
  catalog: CatalogService;
  plays: PlaysService;
  playlists: PlaylistsService;
}) {
  const { repository, catalog, plays, playlists } = deps;
  const cache = new Map<string, { at: number; value: Promise<Channel | null> }>();

  async function content(
    row: ChannelRow,
    genre: Genre | null,
    depth: number,
  ): Promise<ChannelContent> {
    const limit = row.content_limit;
    const source = row.content_source;
    if (row.content_type === 'channels') {
      const children = depth > 0 ? [] : await repository.children(row.id);
      const data = await Promise.all(children.map((child) => present(child, genre, depth + 1)));
      // A computed channel with nothing in it (no plays yet) is left out, not shown empty.
      return { type: 'channels', data: data.filter((c) => c.content.data.length > 0) };
    }
    switch (row.content_type) {
      case 'tracks': {
        if (genre)
          return { type: 'tracks', data: await catalog.genreTracks(genre.id, GUEST, limit) };
        if (source === 'trendingTracks') {
          const ids = await plays.trending(TRENDING_DAYS, limit * 2);
          return {
            type: 'tracks',
            data: (await catalog.visibleTracks(ids, GUEST)).slice(0, limit),
          };
        }
        if (source === 'manual') {
          const ids = (await repository.items(row.id)).map((i) => i.item_id);
          return { type: 'tracks', data: await catalog.visibleTracks(ids, GUEST) };
        }
        return { type: 'tracks', data: await catalog.popularTracks(GUEST, limit) };
      }
      case 'albums':
        if (genre)
          return { type: 'albums', data: await catalog.genreAlbums(genre.id, GUEST, limit) };
        return {
          type: 'albums',
          data: await catalog.albumsOrdered(
            source === 'newReleases' ? 'newest' : 'popular',
            GUEST,
            limit,
          ),
        };
      case 'artists':
        return {
          type: 'artists',
          data: (genre
            ? await catalog.genreArtists(genre.id, limit)
            : await catalog.popularArtists(limit)
          ).map(({ id, name, image }) => ({ id, name, image })),
        };
      case 'genres':
        return { type: 'genres', data: await catalog.genres(limit) };
      case 'playlists':
        return { type: 'playlists', data: await playlists.featured(limit, GUEST) };
      default:
        return { type: 'tracks', data: [] };
    }
  }

  async function present(row: ChannelRow, genre: Genre | null, depth: number): Promise<Channel> {
    const name = genre ? row.name.replaceAll(':genre', genre.display_name) : row.name;
    return {
      id: row.id,
      slug: row.slug,
      name,
      description: row.description,
      layout: row.layout as ChannelLayout,
      hide_title: row.hide_title === 1,
      restriction: genre
        ? { type: 'genre', value: genre.name, display_name: genre.display_name, image: genre.image }
        : null,
      content: await content(row, genre, depth),
    };
  }

  async function load(slugOrId: string, restriction: string | undefined): Promise<Channel | null> {
    // A number too large for an id column is no channel (PostgreSQL would fail the query).
    const row = /^\d+$/.test(slugOrId)
      ? Number(slugOrId) <= MAX_ROW_ID
        ? await repository.byId(Number(slugOrId))
        : null
      : await repository.bySlug(slugOrId.toLowerCase());
    if (!row) return null;
    let genre: Genre | null = null;
    if (row.restriction === 'genre') {
      if (!restriction) return null;
      genre = await catalog.genre(restriction);
      if (!genre) return null;
    }
    return present(row, genre, 0);
  }

  return {
    /** A channel with its content (child channels filled one level deep). */
    channel(slugOrId: string, restriction?: string): Promise<Channel | null> {
      const key = `${slugOrId}\u0000${restriction ?? ''}`.toLowerCase();
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value;
      const value = load(slugOrId, restriction);
      if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(key, { at: Date.now(), value });
      value.catch(() => cache.delete(key));
      return value;
    },
    clearCache: () => cache.clear(),
  };
}
