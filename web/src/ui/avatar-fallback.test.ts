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
});
