import type { Services } from '../../services.ts';
import { seedDemoCatalog } from './catalog.ts';

const WARM_UP_TRACKS = 24;

/**
 * On a site's first start, fills the catalog with the demo music so there is something to
 * browse and play at once. Runs once: a flag in settings remembers it, so a catalog the
 * admin emptied stays empty.
 */
export async function seedDemoCatalogOnFirstStart(
  services: Services,
): Promise<{ tracks: number } | null> {
  if (await services.settings.get('demo_catalog.seeded')) return null;
  const summary =
    (await services.catalog.countTracks()) === 0
      ? await seedDemoCatalog(services.database.db, services.storage)
      : null;
  if (summary) await services.catalogIndexer.reindexAll();
  await services.settings.set({ 'demo_catalog.seeded': true });
  services.channels.clearCache();
  return summary;
}

/** Renders the audio of the most popular demo tracks ahead of their first play. */
export async function warmUpDemoAudio(services: Services): Promise<void> {
  const tracks = await services.catalog.popularTracks({ userId: null }, WARM_UP_TRACKS);
  await services.streaming.warmUp(tracks.map((t) => t.id));
}
