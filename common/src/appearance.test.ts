import { describe, expect, it } from 'vitest';
import { appearanceMessageSchema, mergeAppearanceValues } from './appearance.ts';

describe('mergeAppearanceValues', () => {
  it('merges objects key by key and replaces arrays whole', () => {
    const target = {
      branding: { site_name: 'Backbeat', logo: 'a.svg' },
      menus: [{ name: 'Primary', items: [1, 2, 3] }],
    };
    const merged = mergeAppearanceValues(target, {
      branding: { site_name: 'Tunes' },
      menus: [{ name: 'Primary', items: [3, 1] }],
    });
    expect(merged).toEqual({
      branding: { site_name: 'Tunes', logo: 'a.svg' },
      menus: [{ name: 'Primary', items: [3, 1] }],
    });
    expect(target.branding.site_name).toBe('Backbeat');
  });

  it('ignores prototype keys', () => {
    const merged = mergeAppearanceValues({}, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual([]);
  });
});

describe('appearance messages', () => {
  it('accepts each kind and refuses a theme value that is not a custom property', () => {
    for (const message of [
      { type: 'setValues', values: { settings: { 'branding.site_name': 'x' } } },
      { type: 'setThemeFont', font: { family: 'Inter', weights: [400, 700] } },
      { type: 'setThemeFont', font: null },
      { type: 'setThemeValue', name: '--be-primary', value: '29 78 216' },
      { type: 'setActiveTheme', themeId: 2 },
      { type: 'setCustomCode', kind: 'css', content: 'body{}' },
    ]) {
      expect(appearanceMessageSchema.safeParse(message).success, message.type).toBe(true);
    }
    expect(
      appearanceMessageSchema.safeParse({ type: 'setThemeValue', name: 'color', value: 'red' })
        .success,
    ).toBe(false);
    expect(appearanceMessageSchema.safeParse({ type: 'runScript' }).success).toBe(false);
  });
});
