export interface NumberSymbols {
  decimal: string;
  group: string;
  minus: string;
  /** The locale's digits 0-9 (Arabic-Indic digits for "ar-EG", for instance). */
  digits: string[];
}

const symbolsCache = new Map<string, NumberSymbols>();

/** The separators, minus sign and digits a locale writes numbers with (Intl). */
export function numberSymbols(locale: string): NumberSymbols {
  let symbols = symbolsCache.get(locale);
  if (symbols) return symbols;
  const format = new Intl.NumberFormat(locale, { useGrouping: true });
  const parts = format.formatToParts(-12345.6);
  const part = (type: string, fallback: string) =>
    parts.find((p) => p.type === type)?.value ?? fallback;
  const digitFormat = new Intl.NumberFormat(locale, { useGrouping: false });
  symbols = {
    decimal: part('decimal', '.'),
    group: part('group', ','),
    minus: part('minusSign', '-'),
    digits: Array.from({ length: 10 }, (_, d) => digitFormat.format(d)),
  };
  symbolsCache.set(locale, symbols);
  return symbols;
}

/** Narrow no-break spaces and no-break spaces are both typed as spaces. */
const normaliseSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

function toCanonical(text: string, locale: string): string | null {
  const { decimal, group, minus, digits } = numberSymbols(locale);
  const groupChar = normaliseSpaces(group);
  let result = '';
  let seenDecimal = false;
  let seenDigit = false;
  const chars = [...normaliseSpaces(text.trim())];
  for (const [index, char] of chars.entries()) {
    const digit = digits.indexOf(char);
    if (digit >= 0 || /[0-9]/.test(char)) {
      result += digit >= 0 ? String(digit) : char;
      seenDigit = true;
    } else if ((char === minus || char === '-') && index === 0) {
      result += '-';
    } else if (char === decimal && !seenDecimal) {
      result += '.';
      seenDecimal = true;
    } else if (char === groupChar && seenDigit && !seenDecimal) {
      // A group separator belongs between digits of the whole part only.
      if (chars[index - 1] === groupChar) return null;
    } else {
      return null;
    }
  }
  return result;
}

/**
 * Spec §5: "Number parsing accepts only valid partial numbers for the locale": what a person
 * may have typed so far on the way to a number ("", "-", "1,", "1.234,5" in German), and
 * nothing else ("1.2.3", "12a", "1,,000").
 */
export function isPartialNumber(text: string, locale: string): boolean {
  return toCanonical(text, locale) !== null;
}

/** The number a finished input means in the locale, or null when it is not one. */
export function parseLocaleNumber(text: string, locale: string): number | null {
  const canonical = toCanonical(text, locale);
  if (canonical === null || !/^-?(\d+\.?\d*|\.\d+)$/.test(canonical)) return null;
  return Number(canonical);
}
