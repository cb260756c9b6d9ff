import { MB } from '@backbeat/common';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createResponseCache } from '../lib/response-cache.ts';
import { createStorage } from '../storage/index.ts';
import { withLibraryFiles, type LocateLibraryFile } from '../storage/library-files.ts';
import { createChannelsRepository } from '../modules/channels/repository.ts';
import { createChannelsService } from '../modules/channels/service.ts';
import { createLibraryRepository } from '../modules/library/repository.ts';
import { createLibraryService } from '../modules/library/service.ts';
import { createPlaylistsRepository } from '../modules/playlists/repository.ts';
import { createPlaylistsService } from '../modules/playlists/service.ts';
import { createPlaylistWriteRepository } from '../modules/playlists/write-repository.ts';
import { createPlaysRepository } from '../modules/plays/repository.ts';
import { createPlaysService } from '../modules/plays/service.ts';
import { createRadioRepository } from '../modules/radio/repository.ts';
import { createRadioService } from '../modules/radio/service.ts';
import { createSearchIndexRepository } from '../modules/search/repository.ts';
import { createSearchService } from '../modules/search/service.ts';
import { createStreamingService } from '../modules/streaming/service.ts';
import { createDemoRenderer } from '../modules/demo-audio/renderer.ts';
import { createCatalogIndexer } from '../modules/search/catalog-indexing.ts';
import { createCatalogRepository } from '../modules/catalog/repository.ts';
import { createCatalogService } from '../modules/catalog/service.ts';
import { createCatalogWriteRepository } from '../modules/catalog-writes/repository.ts';

type PlaylistsDeps = Parameters<typeof createPlaylistsService>[0];
type PlaysDeps = Parameters<typeof createPlaysService>[0];

/** The music area's services, each given only what it uses (services.ts spreads these in). */
export function createMusicServices(
  config: Config,
  database: DatabaseHandle,
  deps: {
    countryOf: (ip: string) => Promise<string | null>;
    /** For playlist invitations. */
    notifications: PlaylistsDeps['notifications'];
    userSummary: PlaylistsDeps['userSummary'];
    /** A play's reported length changed (insights' rollups follow). */
    listenedChanged?: PlaysDeps['listenedChanged'];
    /** Where a library folder's file is (issue 18): its audio is read in place. */
    locateLibraryFile?: LocateLibraryFile;
    /** A library track's waveform, made on its first ask (issue 42). */
    waveformOnDemand?: (trackId: number) => Promise<number[] | null>;
  },
) {
  const { db, dialect } = database;
  const base = createStorage(config);
  const { locateLibraryFile } = deps;
  const storage = locateLibraryFile ? withLibraryFiles(base, locateLibraryFile) : base;
  const catalogWrites = createCatalogWriteRepository(db);
  const catalog = createCatalogService({
    repository: createCatalogRepository(db, dialect),
    waveformOnDemand: deps.waveformOnDemand,
  });
  const searchIndex = createSearchIndexRepository(db, dialect);
  const plays = createPlaysService({
    repository: createPlaysRepository(db, dialect),
    countryOf: deps.countryOf,
    countPlay: (trackId) => catalogWrites.addPlay(trackId),
    trackDuration: async (trackId) => (await catalog.tracks([trackId]))[0]?.duration ?? 0,
    listenedChanged: deps.listenedChanged,
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
  const demoRenderer = createDemoRenderer();
  return {
    storage,
    /** Public catalog answers, serialised, for 10 s (plays counts may lag that much). */
    // A crawl of distinct pages must not hold memory: 16 MB of answers at most (issue 22).
    catalogResponses: createResponseCache({ ttlMs: 10_000, maxEntries: 2000, maxBytes: 16 * MB }),
    catalog,
    catalogWrites,
    catalogIndexer: createCatalogIndexer({ writes: catalogWrites, index: searchIndex }),
    /** Backstage keeps published music indexed (composed in services.ts). */
    searchIndex,
    search: createSearchService({ index: searchIndex, catalog, playlists }),
    plays,
    playlists,
    library: createLibraryService({
      repository: createLibraryRepository(db),
      catalog,
      albumLikesChanged: (albumIds) => catalogWrites.refreshLikeCounts(albumIds),
    }),
    radio: createRadioService({ repository: createRadioRepository(db, dialect), catalog, plays }),
    channels: createChannelsService({
      repository: createChannelsRepository(db),
      catalog,
      plays,
      playlists,
    }),
    demoRenderer,
    streaming: createStreamingService({
      storage,
      catalog,
      writes: catalogWrites,
      renderer: demoRenderer,
    }),
  };
}
