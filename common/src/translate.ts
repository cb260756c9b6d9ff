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
