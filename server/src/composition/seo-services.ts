import type { Db } from '../db/database.ts';
import { DomainError } from '../lib/domain-errors.ts';
import { createCatalogSitemap } from '../modules/catalog/sitemap.ts';
import type { CatalogService } from '../modules/catalog/service.ts';
import { createChannelsSitemap } from '../modules/channels/sitemap.ts';
import type { ChannelsService } from '../modules/channels/service.ts';
import { createPlaylistsSitemap } from '../modules/playlists/sitemap.ts';
import type { PlaylistsService } from '../modules/playlists/service.ts';
import type { ProfilesService } from '../modules/profiles/service.ts';
import { createSeoService } from '../modules/seo/service.ts';
import { createSitemap } from '../modules/seo/sitemap.ts';
import type { SettingsService } from '../modules/settings/service.ts';

const GUEST = { userId: null };

/** A service's answer, or null where it throws "not found". */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return null;
    throw error;
  }
}

/** Page metadata and the sitemap, reading each subject through its module (as a guest). */
export function createSeoServices(
  db: Db,
  deps: {
    settings: SettingsService;
    catalog: CatalogService;
    playlists: PlaylistsService;
    channels: ChannelsService;
    profiles: Pick<ProfilesService, 'publicUser'>;
  },
) {
  const { catalog } = deps;
  const meta = createSeoService({
    settings: deps.settings,
    album: (id) => catalog.album(id, GUEST),
    track: (id) => catalog.track(id, GUEST),
    artist: async (id) => (await catalog.artists([id]))[0] ?? null,
    playlist: (id) => orNull(deps.playlists.getPlaylist(id, GUEST)),
    channel: (slugOrId, restriction) => deps.channels.channel(slugOrId, restriction),
    user: (id) => orNull(deps.profiles.publicUser(id)),
  });
  const sitemap = createSitemap({
    catalog: createCatalogSitemap(db),
    playlists: createPlaylistsSitemap(db),
    channels: createChannelsSitemap(db),
  });
  return { ...meta, sitemap };
}
