import { describe, expect, it } from 'vitest';
import { TYPE_AHEAD_RESET_MS } from '@backbeat/common';
import { createTypeAhead, findTypeAheadMatch } from './type-ahead.ts';

const ZONES = ['Europe/Berlin', 'Europe/Paris', 'New York', 'Newfoundland', 'Paris', 'Perth'];

describe('type-ahead', () => {
  it('joins keys typed within 500 ms into one search and starts over after the pause', () => {
    let clock = 0;
    const typeAhead = createTypeAhead(() => clock);
    expect(TYPE_AHEAD_RESET_MS).toBe(500);
    expect(typeAhead.type('N')).toBe('n');
    clock += 499;
    expect(typeAhead.type('e')).toBe('ne');
    clock += 300;
    expect(typeAhead.type('w')).toBe('new');
    clock += 500;
    expect(typeAhead.type('p')).toBe('p');
  });

  it('lands on the first label starting with the search, ignoring case', () => {
    expect(findTypeAheadMatch(ZONES, 'new', 0)).toBe(2);
    expect(findTypeAheadMatch(ZONES, 'newf', 0)).toBe(3);
    expect(findTypeAheadMatch(ZONES, 'pe', 0)).toBe(5);
    expect(findTypeAheadMatch(ZONES, 'tokyo', 0)).toBe(-1);
  });

  it('cycles through labels with the same first letter when one letter is repeated', () => {
    expect(findTypeAheadMatch(ZONES, 'p', 0)).toBe(4);
    expect(findTypeAheadMatch(ZONES, 'pp', 4)).toBe(5);
    expect(findTypeAheadMatch(ZONES, 'ppp', 5)).toBe(4);
  });

  it('keeps the active option when it already matches a fresh search', () => {
    expect(findTypeAheadMatch(ZONES, 'eu', 1)).toBe(1);
  });
});
