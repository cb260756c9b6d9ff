import { describe, expect, it } from 'vitest';
import { MORE_ICON_NAMES, isIconName } from './icons.tsx';
import { MORE_PATHS } from './more-icons.ts';

describe('icons loaded later', () => {
  it('are named in icons.tsx, each once, so menus know them before they load', () => {
    expect([...MORE_ICON_NAMES].sort()).toEqual(Object.keys(MORE_PATHS).sort());
  });

  it('count as icon names, like the ones loaded at start', () => {
    for (const name of [...MORE_ICON_NAMES, 'play', 'home']) expect(isIconName(name)).toBe(true);
    expect(isIconName('nope')).toBe(false);
    expect(isIconName(null)).toBe(false);
  });
});
