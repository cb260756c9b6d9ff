/** Letters that Unicode decomposition leaves alone but a listener types without marks. */
const FOLDED: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * Case and accent folding shared by the index and the query, so "Beyonce" finds "Beyoncé"
 * on both SQLite and PostgreSQL without database extensions.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (char) => FOLDED[char] ?? char);
}

/**
 * The words of a search, folded; only letters and digits survive, so each term is safe to
 * put in an FTS5 or tsquery expression as it is.
 */
export function searchTerms(query: string): string[] {
  return (foldSearchText(query).match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((term) => term.slice(0, MAX_TERM_LENGTH))
    .slice(0, MAX_TERMS);
}
