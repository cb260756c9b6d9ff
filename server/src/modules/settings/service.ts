import type { Db } from '../../db/database.ts';
import {
  SETTING_DEFAULTS,
  isSettingName,
  type SettingName,
  type SettingValues,
} from './defaults.ts';
import { createSettingsRepository } from './repository.ts';

/**
 * Settings are read on nearly every request, so they are cached in memory. Writes through
 * this service clear the cache at once and tell `onChange` listeners, which relay the change
 * to the other instances (composition/settings-sync.ts); without that relay they would pick
 * it up within the TTL.
 */
const CACHE_TTL_MS = 10_000;

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(db: Db) {
  const repository = createSettingsRepository(db);
  let cache: { values: SettingValues; loadedAt: number } | null = null;
  const listeners = new Set<(names: string[]) => void>();
  const changed = (names: string[]) => {
    cache = null;
    for (const listener of listeners) listener(names);
  };

  async function all(): Promise<SettingValues> {
    if (cache && Date.now() - cache.loadedAt < CACHE_TTL_MS) return cache.values;
    const values: Record<string, unknown> = { ...SETTING_DEFAULTS };
    for (const row of await repository.all()) {
      if (isSettingName(row.name)) values[row.name] = JSON.parse(row.value);
    }
    cache = { values: values as SettingValues, loadedAt: Date.now() };
    return cache.values;
  }

  return {
    all,
    async get<K extends SettingName>(name: K): Promise<SettingValues[K]> {
      return (await all())[name];
    },
    async set(values: Partial<SettingValues>): Promise<void> {
      await repository.upsert(values);
      changed(Object.keys(values));
    },
    /** Called after every write here, with the names written. */
    onChange(listener: (names: string[]) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Drops the cached values (another instance changed them). */
    forgetCached(): void {
      cache = null;
    },
    /**
     * A generated secret (say, a key pair) stored once: when several instances start at the
     * same time the first write wins and every instance reads that one back.
     */
    async claim<K extends SettingName>(
      name: K,
      generate: () => NonNullable<SettingValues[K]>,
    ): Promise<NonNullable<SettingValues[K]>> {
      const stored = await repository.find(name);
      if (stored && stored !== 'null') return JSON.parse(stored) as NonNullable<SettingValues[K]>;
      await repository.setIfEmpty(name, generate());
      // The other instances may hold the empty value in their caches: they are told too.
      changed([name]);
      return JSON.parse((await repository.find(name)) ?? 'null') as NonNullable<SettingValues[K]>;
    },
    /** Stores the defaults that are not in the table yet; used by the seeder. */
    async storeMissingDefaults(): Promise<void> {
      await repository.insertMissing(SETTING_DEFAULTS);
      cache = null;
    },
  };
}
