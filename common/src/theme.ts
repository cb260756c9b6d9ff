import type { Theme } from './types.ts';

/** A stored or configured theme choice: a theme id, or one of the symbolic names. */
export type ThemeChoice = number | 'system' | 'light' | 'dark';

export function parseThemeChoice(value: string | number | null | undefined): ThemeChoice | null {
  if (value === null || value === undefined || value === '') return null;
  if (value === 'system' || value === 'light' || value === 'dark') return value;
  const id = Number(value);
  return Number.isInteger(id) && id >= 0 ? id : null;
}

/**
 * Theme selection of spec §4: the stored choice first, else the default from settings;
 * "system" or 0 follows the OS preference; "light"/"dark" pick the default of that kind.
 */
export function selectTheme(
  themes: Theme[],
  stored: ThemeChoice | null,
  settingsDefault: ThemeChoice | null,
  prefersDark: boolean,
): Theme | undefined {
  const choice = stored ?? settingsDefault ?? 'system';
  const defaultOf = (dark: boolean) =>
    themes.find((t) => (dark ? t.default_dark : t.default_light)) ??
    themes.find((t) => t.is_dark === dark) ??
    themes[0];
  if (choice === 'system' || choice === 0) return defaultOf(prefersDark);
  if (choice === 'light') return defaultOf(false);
  if (choice === 'dark') return defaultOf(true);
  return themes.find((t) => t.id === choice) ?? defaultOf(prefersDark);
}
