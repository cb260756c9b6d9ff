import { sql, type RawBuilder } from 'kysely';

/**
 * The sort key of a list's row: the values of its order's columns, the id last (issue 42).
 * A page that starts after a key reads `where key > last` off the list's index, at the same
 * cost however deep it is, where `OFFSET n` walks n index entries first.
 */
export type SortKey = readonly (string | number)[];

/** A list's order: its columns with their directions, the last one unique (the id). */
export type KeyedOrder = readonly (readonly [column: RawBuilder<unknown>, 'asc' | 'desc'])[];

/** One page of ids, and the sort key of its last row (null: empty, or an order with none). */
export interface KeyedPage {
  ids: number[];
  last: SortKey | null;
}

/**
 * SQL: the row comes after `after` in `order`. Written as `c1 >= v1 and (c1 > v1 or …)` so
 * that the first column bounds the index range on SQLite and PostgreSQL alike (a top-level
 * OR, or a row value over mixed directions, would not).
 */
export function afterKey(order: KeyedOrder, after: SortKey): RawBuilder<boolean> {
  const [first, ...rest] = order;
  const value = after[0];
  if (!first || value === undefined || after.length !== order.length) {
    throw new Error(`A sort key of ${order.length} values was expected`);
  }
  const [column, direction] = first;
  const beyond = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  if (!rest.length) return sql<boolean>`${column} ${beyond} ${value}`;
  const reached = direction === 'asc' ? sql.raw('>=') : sql.raw('<=');
  return sql<boolean>`(${column} ${reached} ${value} and (${column} ${beyond} ${value} or ${afterKey(rest, after.slice(1))}))`;
}
