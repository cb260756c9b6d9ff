import { create } from 'zustand';
import {
  DEFAULT_COOKIE_DAYS,
  THEME_COOKIE,
  parseThemeChoice,
  selectTheme,
  type Theme,
  type ThemeChoice,
} from '@backbeat/common';
import { getBootstrap } from '../../lib/bootstrap.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/** Sets the theme's CSS variables and the `dark` class, as the pre-paint script does. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(theme.values)) root.style.setProperty(name, value);
  root.classList.toggle('dark', theme.is_dark);
  root.style.colorScheme = theme.is_dark ? 'dark' : 'light';
  root.dataset.themeId = String(theme.id);
}

function resolveTheme(choice: ThemeChoice | null): Theme | undefined {
  const data = getBootstrap();
  return selectTheme(
    data.themes.all,
    choice,
    parseThemeChoice(data.settings.themes.default_id),
    darkQuery().matches,
  );
}

interface ThemeState {
  choice: ThemeChoice | null;
  active: Theme | undefined;
  /** Stores the choice in the be-active-theme cookie (7 days) and applies it. */
  choose(choice: ThemeChoice): void;
  /** Re-applies after the OS preference or the bootstrap themes changed. */
  refresh(): void;
}

export const useThemeStore = create<ThemeState>((set, get) => {
  const choice = parseThemeChoice(readCookie(THEME_COOKIE));
  return {
    choice,
    active: resolveTheme(choice),
    choose(next) {
      writeCookie(THEME_COOKIE, String(next), DEFAULT_COOKIE_DAYS);
      const active = resolveTheme(next);
      if (active) applyTheme(active);
      set({ choice: next, active });
    },
    refresh() {
      const active = resolveTheme(get().choice);
      if (active) applyTheme(active);
      set({ active });
    },
  };
});

/** Follows the OS preference while the choice is "system". */
export function watchSystemTheme(): () => void {
  const query = darkQuery();
  const onChange = () => useThemeStore.getState().refresh();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
