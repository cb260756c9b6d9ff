// Fills a fresh storage folder with a catalog of the given size before the server starts.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrations/index.ts';
import { seedDemoCatalog } from '../../server/src/seed/demo/catalog.ts';
import { seed } from '../../server/src/seed/index.ts';
import { FLOOD_USERS } from './search-flood.ts';

export const STREAM_FILE_KEY = 'audio/bench/five-megabytes.mp3';
export const STREAM_FILE_BYTES = 5 * 1024 * 1024;

export interface PreparedCatalog {
  /** A popular artist and album to ask for, and the track whose file is 5 MB. */
  artistId: number;
  albumId: number;
  streamTrackId: number;
  streamFile: string;
  /** p99 ms of the search service itself (no answer cache), over the given queries. */
  uncachedSearchP99: number;
  /** The admin's Subsonic API key, when asked for. */
  subsonicApiKey?: string;
}

export interface PrepareOptions {
  /** More configuration: a site on PostgreSQL and S3 (the instances bench) passes its own. */
  env?: Record<string, string>;
  /** Also make the admin an API key for Subsonic calls. */
  subsonicApiKey?: boolean;
}

async function timeSearches(
  search: (query: string) => Promise<unknown>,
  queries: string[],
): Promise<number> {
  // One untimed round first, as the HTTP runs warm up with one request.
  for (const query of queries) await search(query);
  const times: number[] = [];
  for (let round = 0; round < 30; round++) {
    for (const query of queries) {
      const started = performance.now();
      await search(query);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length * 0.99)]! * 10) / 10;
}

export async function prepareCatalog(
  storagePath: string,
  tracks: number,
  admin: { email: string; password: string },
  searches: string[],
  options: PrepareOptions = {},
): Promise<PreparedCatalog> {
  const config = loadConfig({
    ...options.env,
    STORAGE_PATH: storagePath,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false });
  try {
    await seed(app.services, config);
    // The listeners and the flooder of the search-flood row (same password as the admin).
    for (const email of Object.values(FLOOD_USERS)) {
      await app.services.users.createUser({ email, password: admin.password });
    }
    await seedDemoCatalog(database.db, app.services.storage, {
      artists: Math.max(20, Math.round(tracks / 15)),
      tracks,
      plays: Math.min(20_000, tracks),
      seconds: [150, 300],
      artwork: 'shared',
    });
    await app.services.catalogIndexer.reindexAll();
    await app.services.settings.set({ 'demo_catalog.seeded': true });

    await app.services.storage.write(STREAM_FILE_KEY, randomBytes(STREAM_FILE_BYTES));
    const [top] = await app.services.catalog.popularTracks({ userId: null }, 1);
    if (!top?.album) throw new Error('The catalog has no tracks');
    await database.db
      .updateTable('tracks')
      .set({ audio_path: STREAM_FILE_KEY })
      .where('id', '=', top.id)
      .execute();
    const [artist] = await app.services.catalog.popularArtists(1);
    let subsonicApiKey: string | undefined;
    if (options.subsonicApiKey) {
      const adminRow = await app.services.users.findRowByEmail(admin.email);
      subsonicApiKey = (await app.services.accessTokens.create(adminRow!.id, 'bench'))
        .plainTextToken;
    }
    const uncachedSearchP99 = await timeSearches(
      (query) =>
        app.services.search.search(
          query,
          ['artists', 'albums', 'tracks', 'playlists', 'users', 'tags'],
          10,
          {
            userId: null,
          },
        ),
      searches,
    );
    return {
      artistId: artist!.id,
      albumId: top.album.id,
      streamTrackId: top.id,
      streamFile: `${storagePath}/files/${STREAM_FILE_KEY}`,
      uncachedSearchP99,
      subsonicApiKey,
    };
  } finally {
    await app.close();
    await database.destroy();
  }
}
