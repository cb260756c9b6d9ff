import type { Db } from '../db/database.ts';
import { createCatalogWriteRepository } from '../modules/catalog-writes/repository.ts';

interface ChannelSeed {
  slug: string;
  name: string;
  layout: 'grid' | 'carousel' | 'trackTable';
  content_type: string;
  content_source: string;
  content_limit: number;
  restriction?: 'genre';
  description?: string;
  children?: string[];
}

/** Home is the `discover` channel; `genre` serves /channel/genre/{name}. Admins edit them later. */
const CHANNELS: ChannelSeed[] = [
  {
    slug: 'trending',
    name: 'Trending this week',
    layout: 'trackTable',
    content_type: 'tracks',
    content_source: 'trendingTracks',
    content_limit: 8,
  },
  {
    slug: 'new-releases',
    name: 'New releases',
    layout: 'carousel',
    content_type: 'albums',
    content_source: 'newReleases',
    content_limit: 16,
  },
  {
    slug: 'popular-artists',
    name: 'Popular artists',
    layout: 'carousel',
    content_type: 'artists',
    content_source: 'popularArtists',
    content_limit: 16,
  },
  {
    slug: 'popular-tracks',
    name: 'Popular tracks',
    layout: 'trackTable',
    content_type: 'tracks',
    content_source: 'popularTracks',
    content_limit: 10,
  },
  {
    slug: 'popular-albums',
    name: 'Popular albums',
    layout: 'grid',
    content_type: 'albums',
    content_source: 'popularAlbums',
    content_limit: 12,
  },
  {
    slug: 'playlists',
    name: 'Playlists for every moment',
    layout: 'carousel',
    content_type: 'playlists',
    content_source: 'featuredPlaylists',
    content_limit: 12,
  },
  {
    slug: 'genres',
    name: 'Browse genres',
    layout: 'grid',
    content_type: 'genres',
    content_source: 'genres',
    content_limit: 16,
  },
  {
    slug: 'discover',
    name: 'Discover',
    layout: 'grid',
    content_type: 'channels',
    content_source: 'manual',
    content_limit: 20,
    children: [
      'trending',
      'new-releases',
      'popular-artists',
      'popular-tracks',
      'popular-albums',
      'playlists',
      'genres',
    ],
  },
  {
    slug: 'genre-tracks',
    name: 'Popular :genre tracks',
    layout: 'trackTable',
    content_type: 'tracks',
    content_source: 'popularTracks',
    content_limit: 20,
  },
  {
    slug: 'genre-albums',
    name: ':genre albums',
    layout: 'grid',
    content_type: 'albums',
    content_source: 'popularAlbums',
    content_limit: 18,
  },
  {
    slug: 'genre-artists',
    name: ':genre artists',
    layout: 'carousel',
    content_type: 'artists',
    content_source: 'popularArtists',
    content_limit: 16,
  },
  {
    slug: 'genre',
    name: ':genre',
    layout: 'grid',
    content_type: 'channels',
    content_source: 'manual',
    content_limit: 20,
    restriction: 'genre',
    children: ['genre-tracks', 'genre-albums', 'genre-artists'],
  },
];

/** Creates the channels that are missing; never changes ones an admin may have edited. */
export async function seedChannels(db: Db): Promise<void> {
  const writes = createCatalogWriteRepository(db);
  const ids = new Map<string, number>();
  const now = new Date().toISOString();
  for (const channel of CHANNELS) {
    const existing = await writes.channelBySlug(channel.slug);
    if (existing) {
      ids.set(channel.slug, existing.id);
      continue;
    }
    const id = await writes.insertChannel({
      slug: channel.slug,
      name: channel.name,
      description: channel.description ?? null,
      layout: channel.layout,
      content_type: channel.content_type,
      content_source: channel.content_source,
      content_limit: channel.content_limit,
      restriction: channel.restriction ?? null,
      hide_title: 0,
      created_at: now,
      updated_at: now,
    });
    ids.set(channel.slug, id);
    if (channel.children) {
      await writes.insertMany(
        'channel_items',
        channel.children.map((slug, position) => ({
          channel_id: id,
          item_type: 'channel',
          item_id: ids.get(slug)!,
          position,
        })),
      );
    }
  }
}
