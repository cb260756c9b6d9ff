import { describe, expect, it } from 'vitest';
import { formatRelativeTime, relativeTimeParts } from './relative-time.ts';

const now = new Date('2024-06-15T12:00:00.000Z');
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'a few seconds ago'],
    [59, 'a few seconds ago'],
    [60, '1 minute ago'],
    [5 * MINUTE + 30, '5 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, '1 day ago'],
    [6 * DAY, '6 days ago'],
    [7 * DAY, '1 week ago'],
    [29 * DAY, '4 weeks ago'],
    [30 * DAY, '1 month ago'],
    [364 * DAY, '12 months ago'],
    [365 * DAY, '1 year ago'],
    [3 * 365 * DAY, '3 years ago'],
  ])('describes %i seconds ago as "%s"', (seconds, expected) => {
    expect(formatRelativeTime(secondsAgo(seconds), { now })).toBe(expected);
  });

  it.each([
    [30, 'a few seconds ago'],
    [2 * HOUR, 'in 2 hours'],
    [3 * DAY, 'in 3 days'],
    [2 * 365 * DAY, 'in 2 years'],
  ])('describes %i seconds ahead as "%s"', (seconds, expected) => {
    expect(formatRelativeTime(secondsAgo(-seconds), { now })).toBe(expected);
  });

  it('accepts ISO strings as the server sends them', () => {
    expect(formatRelativeTime('2024-06-15T10:00:00.000Z', { now })).toBe('2 hours ago');
  });

  it('translates "a few seconds ago" and formats units in the locale', () => {
    const translate = (line: string) =>
      line === 'a few seconds ago' ? 'il y a quelques secondes' : line;
    expect(formatRelativeTime(secondsAgo(5), { now, translate })).toBe('il y a quelques secondes');
    expect(formatRelativeTime(secondsAgo(2 * DAY), { now, locale: 'fr' })).toBe('il y a 2 jours');
  });
});

describe('relativeTimeParts', () => {
  it('gives a signed whole value in the largest fitting unit', () => {
    expect(relativeTimeParts(secondsAgo(90 * MINUTE), now)).toEqual({
      kind: 'unit',
      unit: 'hour',
      value: -1,
    });
    expect(relativeTimeParts(secondsAgo(-14 * DAY), now)).toEqual({
      kind: 'unit',
      unit: 'week',
      value: 2,
    });
    expect(relativeTimeParts(secondsAgo(-59), now)).toEqual({ kind: 'now' });
  });
});
