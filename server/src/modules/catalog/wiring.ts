import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { createResponseCache } from '../../lib/response-cache.ts';
import { createStorage } from '../../storage/index.ts';
import { createChannelsRepository } from '../channels/repository.ts';
import { createChannelsService } from '../channels/service.ts';
import { createLibraryRepository } from '../library/repository.ts';
import { createLibraryService } from '../library/service.ts';
import { createPlaylistsRepository } from '../playlists/repository.ts';
import { createPlaylistsService } from '../playlists/service.ts';
import { createPlaylistWriteRepository } from '../playlists/write-repository.ts';
import { createPlaysRepository } from '../plays/repository.ts';
import { createPlaysService } from '../plays/service.ts';
import { createRadioRepository } from '../radio/repository.ts';
import { createRadioService } from '../radio/service.ts';
import { createSearchIndexRepository } from '../search/repository.ts';
import { createSearchService } from '../search/service.ts';
import { createStreamingService } from '../streaming/service.ts';
import { createCatalogIndexer } from './indexing.ts';
import { createCatalogRepository } from './repository.ts';
import { createCatalogService } from './service.ts';
import { createCatalogWriteRepository } from './write-repository.ts';

type PlaylistsDeps = Parameters<typeof createPlaylistsService>[0];

/** The music area's services, each given only what it uses (services.ts spreads these in). */
export function createMusicServices(
  config: Config,
  database: DatabaseHandle,
  deps: {
    countryOf: (ip: string) => Promise<string | null>;
    /** For playlist invitations. */
    notifications: PlaylistsDeps['notifications'];
    userSummary: PlaylistsDeps['userSummary'];
  },
) {
  const { db, dialect } = database;
  const storage = createStorage(config);
  const catalogWrites = createCatalogWriteRepository(db);
  const catalog = createCatalogService({ repository: createCatalogRepository(db, dialect) });
  const searchIndex = createSearchIndexRepository(db, dialect);
  const plays = createPlaysService({
    repository: createPlaysRepository(db),
    countryOf: deps.countryOf,
    countPlay: (trackId) => catalog.addPlay(trackId),
  });
  const playlists = createPlaylistsService({
    repository: createPlaylistsRepository(db, dialect),
    writes: createPlaylistWriteRepository(db, dialect),
    catalog,
    index: searchIndex,
    storage,
    notifications: deps.notifications,
    userSummary: deps.userSummary,
  });
  return {
    storage,
    /** Public catalog answers, serialised, for 10 s (plays counts may lag that much). */
    catalogResponses: createResponseCache({ ttlMs: 10_000, maxEntries: 2000 }),
    catalog,
    catalogWrites,
    catalogIndexer: createCatalogIndexer({ writes: catalogWrites, index: searchIndex }),
    search: createSearchService({ index: searchIndex, catalog, playlists }),
    plays,
    playlists,
    library: createLibraryService({ repository: createLibraryRepository(db), catalog }),
    radio: createRadioService({ repository: createRadioRepository(db, dialect), catalog, plays }),
    channels: createChannelsService({
      repository: createChannelsRepository(db),
      catalog,
      plays,
      playlists,
    }),
    streaming: createStreamingService({ storage, catalog, writes: catalogWrites }),
  };
}
