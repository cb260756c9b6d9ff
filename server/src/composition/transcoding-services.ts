import { join } from 'node:path';
import { MB } from '@backbeat/common';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { findFfmpeg } from '../lib/audio/ffmpeg.ts';
import type { SettingsService } from '../modules/settings/service.ts';
import { createTranscodeCache } from '../modules/transcoding/cache.ts';
import { createTranscodingRepository } from '../modules/transcoding/repository.ts';
import { createTranscodingService } from '../modules/transcoding/service.ts';
import type { Storage } from '../storage/storage.ts';

/** On-the-fly transcoding (issue 38.6): its limits, its disk cache under storage/cache. */
export function createTranscodingServices(
  config: Config,
  database: DatabaseHandle,
  deps: {
    storage: Pick<Storage, 'read'>;
    settings: Pick<SettingsService, 'get'>;
    log: (message: string, error: unknown) => void;
  },
) {
  const transcodeCache = createTranscodeCache({
    directory: join(config.storagePath, 'cache', 'transcodes'),
    capBytes: async () => (await deps.settings.get('transcoding.cache_size_mb')) * MB,
  });
  return {
    transcodeCache,
    transcoding: createTranscodingService({
      repository: createTranscodingRepository(database.db),
      cache: transcodeCache,
      storage: deps.storage,
      ffmpeg: findFfmpeg,
      log: deps.log,
    }),
  };
}
