import type { RealtimeHub } from '../realtime/hub.ts';
import type { BootstrapService } from '../modules/bootstrap/service.ts';
import type { SettingsService } from '../modules/settings/service.ts';

const TOPIC = 'site-settings';

/**
 * Settings and translations are cached per instance (settings 10 s, the bootstrap's locales
 * 10 s). A save is forgotten at once where it is made; this relays it over the realtime bus
 * (Redis when configured) so every other instance forgets it too and the next page or call
 * there already sees the change: no restart, no waiting out a TTL. Returns the way out.
 */
export async function syncSiteSettings(deps: {
  settings: Pick<SettingsService, 'onChange' | 'forgetCached'>;
  localizations: { onChange(listener: () => void): unknown };
  bootstrap: Pick<BootstrapService, 'clearCaches'>;
  hub: Pick<RealtimeHub, 'broadcast' | 'listen'>;
}): Promise<() => Promise<void>> {
  const announce = (what: 'settings' | 'localizations') => {
    deps.bootstrap.clearCaches();
    void deps.hub.broadcast(TOPIC, what);
  };
  deps.settings.onChange(() => announce('settings'));
  deps.localizations.onChange(() => announce('localizations'));
  return deps.hub.listen(TOPIC, (what) => {
    if (what === 'settings') deps.settings.forgetCached();
    deps.bootstrap.clearCaches();
  });
}
