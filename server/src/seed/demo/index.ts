import type { Services } from '../../services.ts';
import { seedDemoCatalog } from './catalog.ts';

const WARM_UP_TRACKS = 24;
/** More than the demo catalog holds. */
const MAX_DEMO_TRACKS = 1000;

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

/**
 * Renders ahead of need: first the intro of every demo track (its first seconds, so any
 * first play starts from storage), then the whole audio of the most popular ones.
 */
export async function warmUpDemoAudio(services: Services): Promise<void> {
  const tracks = await services.catalog.popularTracks({ userId: null }, MAX_DEMO_TRACKS);
  await services.streaming.warmUpIntros(tracks.map((t) => t.id));
  await services.streaming.warmUp(tracks.slice(0, WARM_UP_TRACKS).map((t) => t.id));
}
