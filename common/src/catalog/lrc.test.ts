import { describe, expect, it } from 'vitest';
import { activeLyricIndex, formatLrc, parseLyrics } from './lrc.ts';

describe('LRC lyrics', () => {
  it('reads timed lines, several stamps per line, sorted, with metadata skipped', () => {
    const parsed = parseLyrics('[ar:Someone]\n[00:12.50]Second\n[00:01.00][00:20]Chorus\n');
    expect(parsed.synced).toBe(true);
    expect(parsed.lines).toEqual([
      { time: 1000, text: 'Chorus' },
      { time: 12500, text: 'Second' },
      { time: 20000, text: 'Chorus' },
    ]);
  });

  it('honours the offset tag and three-digit fractions', () => {
    const parsed = parseLyrics('[offset:+500]\n[01:02.345]Line');
    expect(parsed.lines).toEqual([{ time: 61845, text: 'Line' }]);
  });

  it('keeps plain text as untimed lines', () => {
    expect(parseLyrics('One\r\nTwo')).toEqual({
      synced: false,
      lines: [
        { time: null, text: 'One' },
        { time: null, text: 'Two' },
      ],
    });
  });

  it('round-trips through formatLrc', () => {
    const lines = [
      { time: 0, text: 'Start' },
      { time: 65_430, text: 'Later' },
    ];
    expect(parseLyrics(formatLrc(lines)).lines).toEqual(lines);
  });

  it('finds the line sung at a position', () => {
    const { lines } = parseLyrics('[00:01]a\n[00:05]b\n[00:09]c');
    expect(activeLyricIndex(lines, 0)).toBe(-1);
    expect(activeLyricIndex(lines, 1000)).toBe(0);
    expect(activeLyricIndex(lines, 8999)).toBe(1);
    expect(activeLyricIndex(lines, 60_000)).toBe(2);
  });
});
