import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { MigrationFailed, migrateToLatest } from './db/migrations/index.ts';
import { seed } from './seed/index.ts';
import { seedDemoCatalogOnFirstStart, warmUpDemoAudio } from './seed/demo/index.ts';
import { redisPeriodClaims, startScheduler } from './jobs/scheduler.ts';
import { scheduledTasks } from './composition/scheduled-tasks.ts';
import { adminAccountBox } from './admin-account-box.ts';
import { watchLibraryFolders } from './modules/library-folders/watch.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  const { createdAdmin } = await seed(app.services, config);
  const demo = await seedDemoCatalogOnFirstStart(app.services);
  if (demo) console.info(`  Demo catalog created: ${demo.tracks} tracks.`);
  await app.listen({ host: config.host, port: config.port });
  // The most popular demo tracks get their audio rendered while the first visitor browses.
  if (demo)
    void warmUpDemoAudio(app.services).catch((error: unknown) =>
      app.log.warn({ err: error }, 'demo audio warm-up failed'),
    );
  // With Redis (several instances), one instance a period runs each task.
  const scheduler = startScheduler(
    scheduledTasks(app.services),
    app.services.fileLogs,
    app.log,
    config.redisUrl ? redisPeriodClaims(config.redisUrl, config.jobQueuePrefix) : undefined,
  );
  // MUSIC_FOLDERS (issue 18): registered if new, and rescanned in the background either way.
  await app.services.libraryFolders.resume();
  await app.services.libraryFolders.registerAll(config.musicFolders, (path, reason) =>
    console.warn(`  MUSIC_FOLDERS: ${path} was not added: ${reason}`),
  );
  // Watch mode: a change in a library folder is rescanned within seconds.
  const libraryWatch = watchLibraryFolders({
    list: () => app.services.libraryFolders.list(),
    requestScan: (id) => app.services.libraryFolders.requestScan(id),
    log: (message, error) => app.log.warn({ err: error }, `library folders: ${message}`),
  });
  await libraryWatch.refresh();

  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.info(`  Backbeat is listening on http://${shown}:${config.port}\n`);
  // Printed once, last and boxed, on the run that created the account: it is not stored
  // anywhere readable, so it must not scroll away under other output.
  if (createdAdmin) console.info(adminAccountBox(createdAdmin.email, createdAdmin.password));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness answers 503 from now on; a balancer polling it stops sending new requests
    // during the drain, while this instance keeps answering the ones that still come.
    app.lifecycle.draining = true;
    app.log.info({ signal }, 'shutting down');
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    await scheduler.stop();
    libraryWatch.stop();
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Settles when the server listens and its start-up work is done (launch.ts waits for it). */
export const started = main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof MigrationFailed)
    console.error(error.message);
  else console.error(error);
  process.exit(1);
});
