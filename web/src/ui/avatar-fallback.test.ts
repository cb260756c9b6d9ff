import { describe, expect, it } from 'vitest';
import { AVATAR_FALLBACK_PALETTE } from '@backbeat/common';
import { avatarColour, avatarInitials } from './avatar-fallback.ts';

describe('avatar fallback', () => {
  it('takes the initials of the first and last words of a name', () => {
    expect(avatarInitials('Ada Lovelace')).toBe('AL');
    expect(avatarInitials('  grace brewster murray hopper ')).toBe('GH');
    expect(avatarInitials('cher')).toBe('C');
    expect(avatarInitials('émile zola')).toBe('ÉZ');
    expect(avatarInitials('dj.shadow@backbeat.test')).toBe('DS');
    expect(avatarInitials('  ')).toBe('?');
  });

  it('spreads users over exactly 9 colours, the same one for a user every time', () => {
    expect(AVATAR_FALLBACK_PALETTE).toHaveLength(9);
    const colours = new Set(Array.from({ length: 90 }, (_, id) => avatarColour(id)));
    expect(colours.size).toBe(9);
    expect(avatarColour(12)).toBe(avatarColour(12));
    expect(avatarColour(12)).not.toBe(avatarColour(13));
  });

  it('gives white initials a contrast of at least 4.5:1 on every colour', () => {
    const channel = (hex: string) => {
      const c = parseInt(hex, 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    for (const colour of AVATAR_FALLBACK_PALETTE) {
      const [r, g, b] = [1, 3, 5].map((i) => channel(colour.slice(i, i + 2)));
      const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      expect(1.05 / (luminance + 0.05), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
