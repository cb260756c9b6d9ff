import { describe, expect, it } from 'vitest';
import { parseThemeChoice, selectTheme } from './theme.ts';
import type { Theme } from './types.ts';

const theme = (id: number, is_dark: boolean, flags: Partial<Theme> = {}): Theme => ({
  id,
  name: `Theme ${id}`,
  is_dark,
  default_light: false,
  default_dark: false,
  values: { '--be-bg': is_dark ? '0 0 0' : '255 255 255' },
  ...flags,
});

const plainLight = theme(1, false);
const defaultLight = theme(2, false, { default_light: true });
const plainDark = theme(3, true);
const defaultDark = theme(4, true, { default_dark: true });
const themes = [plainLight, defaultLight, plainDark, defaultDark];

describe('selectTheme', () => {
  it('uses the stored choice before the settings default', () => {
    expect(selectTheme(themes, 3, 1, false)).toBe(plainDark);
    expect(selectTheme(themes, 'light', 'dark', true)).toBe(defaultLight);
  });

  it('falls back to the settings default when nothing is stored', () => {
    expect(selectTheme(themes, null, 1, true)).toBe(plainLight);
    expect(selectTheme(themes, null, 'dark', false)).toBe(defaultDark);
  });

  it('follows the OS preference for "system", for 0 and when nothing is set', () => {
    for (const choice of ['system', 0] as const) {
      expect(selectTheme(themes, choice, null, true)).toBe(defaultDark);
      expect(selectTheme(themes, choice, null, false)).toBe(defaultLight);
      expect(selectTheme(themes, null, choice, true)).toBe(defaultDark);
    }
    expect(selectTheme(themes, null, null, true)).toBe(defaultDark);
    expect(selectTheme(themes, null, null, false)).toBe(defaultLight);
  });

  it('picks the default theme of the named kind for "light" and "dark"', () => {
    expect(selectTheme(themes, 'light', null, true)).toBe(defaultLight);
    expect(selectTheme(themes, 'dark', null, false)).toBe(defaultDark);
  });

  it('uses any theme of the kind when none is marked default', () => {
    expect(selectTheme([plainLight, plainDark], 'dark', null, false)).toBe(plainDark);
    expect(selectTheme([plainLight, plainDark], 'light', null, true)).toBe(plainLight);
  });

  it('falls back by OS preference when the chosen id no longer exists', () => {
    expect(selectTheme(themes, 99, null, true)).toBe(defaultDark);
    expect(selectTheme(themes, 99, 1, false)).toBe(defaultLight);
  });

  it('uses the only theme there is, and nothing when there are none', () => {
    expect(selectTheme([plainLight], 'dark', null, true)).toBe(plainLight);
    expect(selectTheme([], 'system', null, true)).toBeUndefined();
  });
});

describe('parseThemeChoice', () => {
  it('reads ids and symbolic names from cookies and settings', () => {
    expect(parseThemeChoice('4')).toBe(4);
    expect(parseThemeChoice(0)).toBe(0);
    expect(parseThemeChoice('system')).toBe('system');
    expect(parseThemeChoice('dark')).toBe('dark');
  });

  it('treats empty and malformed values as no choice', () => {
    for (const value of [null, undefined, '', 'purple', '-1', '1.5']) {
      expect(parseThemeChoice(value)).toBeNull();
    }
  });
});
