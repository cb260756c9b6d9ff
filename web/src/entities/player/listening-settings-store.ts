import { create } from 'zustand';
import { getBootstrap } from '../../lib/bootstrap.ts';
import {
  adminListeningDefaults,
  parseListeningSettings,
  type ListeningSettings,
} from './listening-settings.ts';

/** Beside the player's own `backbeat.player` session, kept per listener in this browser. */
const STORAGE_KEY = 'backbeat.player.listening';

/** The admin's player settings, where they name a listening choice, are the defaults. */
function adminDefaults(): ListeningSettings {
  return adminListeningDefaults(getBootstrap().settings.player);
}

function savedSettings(): ListeningSettings {
  const defaults = adminDefaults();
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? parseListeningSettings(JSON.parse(raw), defaults) : defaults;
  } catch {
    return defaults;
  }
}

export const useListeningSettings = create<ListeningSettings>(() => savedSettings());

/** Changes some of the listener's choices, keeps them valid and saves them. */
export function updateListeningSettings(change: Partial<ListeningSettings>) {
  const next = parseListeningSettings(
    { ...useListeningSettings.getState(), ...change },
    adminDefaults(),
  );
  useListeningSettings.setState(next, true);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the choice holds until the page closes.
  }
}

/** Back to the admin's defaults (or the built-in ones). */
export function resetListeningSettings() {
  updateListeningSettings(adminDefaults());
}
