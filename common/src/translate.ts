export type Replacements = Record<string, string | number | null | undefined>;

/**
 * Looks a line up in the locale's dictionary (falling back to the line itself) and fills
 * `:placeholders`, longest names first so `:name` never eats `:names`.
 */
export function translate(
  lines: Record<string, string>,
  line: string,
  replacements?: Replacements,
): string {
  let text = lines[line] ?? lines[line.toLowerCase()] ?? line;
  if (!replacements) return text;
  const keys = Object.keys(replacements).sort((a, b) => b.length - a.length);
  for (const key of keys) {
    text = text.replaceAll(`:${key}`, String(replacements[key] ?? ''));
  }
  return text;
}

/**
 * A line with a form per count, `singular|plural` (Laravel's `trans_choice`): the
 * translation picks its form by the locale's plural rules, and `:count` is filled with the
 * count, formatted for the locale. "1 track", "2 tracks", never "1 tracks".
 */
export function translateChoice(
  lines: Record<string, string>,
  line: string,
  count: number,
  replacements: Replacements = {},
  locale = 'en',
): string {
  const forms = (lines[line] ?? lines[line.toLowerCase()] ?? line).split('|');
  const form = forms.length > 1 && pluralCategory(locale, count) !== 'one' ? forms[1]! : forms[0]!;
  return translate({}, form, { count: formatCount(locale, count), ...replacements });
}

function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  try {
    return new Intl.PluralRules(locale).select(count);
  } catch {
    return new Intl.PluralRules('en').select(count);
  }
}

function formatCount(locale: string, count: number): string {
  try {
    return count.toLocaleString(locale);
  } catch {
    return count.toLocaleString('en');
  }
}
