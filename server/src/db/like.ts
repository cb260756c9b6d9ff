import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * LIKE patterns built from user input. `%` and `_` typed by a user are wildcards to the
 * database, so "%" alone would list every row: every LIKE in the server goes through these
 * helpers, which escape them (and the escape character itself) and name the escape character
 * explicitly, as SQLite has none by default.
 */
const ESCAPE = '\\';

/** `text` with `%`, `_` and `\` escaped, to place inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `${ESCAPE}${character}`);
}

/** `value LIKE pattern ESCAPE '\'`, where `pattern` was built with `escapeLike`. */
export function like(value: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  // The escape character is written into the SQL, the pattern is a bound parameter.
  return sql<SqlBool>`${value} like ${pattern} escape '\\'`;
}

/** True when `value` starts with `text`, taken literally. */
export function startsWith(value: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return like(value, `${escapeLike(text)}%`);
}

/** True when a word of `value` (after a space) starts with `text`, taken literally. */
export function hasWordStartingWith(value: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return like(value, `% ${escapeLike(text)}%`);
}
