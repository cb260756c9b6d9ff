import { describe, expect, it } from 'vitest';
import { isPartialNumber, parseLocaleNumber } from './number-parser.ts';

describe('locale-aware number parsing (spec §5)', () => {
  it('reads grouping and decimals the way each locale writes them', () => {
    expect(parseLocaleNumber('1,234.5', 'en')).toBe(1234.5);
    expect(parseLocaleNumber('1.234,5', 'de')).toBe(1234.5);
    expect(parseLocaleNumber('1 234,5', 'fr')).toBe(1234.5);
    expect(parseLocaleNumber('-0,25', 'de')).toBe(-0.25);
    expect(parseLocaleNumber('١٢٣', 'ar-EG')).toBe(123);
  });

  it('accepts what a person may have typed so far on the way to a number', () => {
    for (const text of ['', '-', '1', '1,', '1,234', '1,234.', '.5']) {
      expect(isPartialNumber(text, 'en'), text).toBe(true);
    }
    for (const text of ['1.', '1.234,', '-0,'])
      expect(isPartialNumber(text, 'de'), text).toBe(true);
  });

  it('refuses what cannot become a number in the locale', () => {
    for (const text of ['1.2.3', '12a', '1,,000', '--1', '1-', ',5', '1.5,0']) {
      expect(isPartialNumber(text, 'en'), text).toBe(false);
    }
    // In German the comma is the decimal sign: a second one is wrong.
    expect(isPartialNumber('1,2,3', 'de')).toBe(false);
  });

  it('answers null for an unfinished or empty input', () => {
    expect(parseLocaleNumber('', 'en')).toBeNull();
    expect(parseLocaleNumber('-', 'en')).toBeNull();
    expect(parseLocaleNumber('abc', 'en')).toBeNull();
  });
});
