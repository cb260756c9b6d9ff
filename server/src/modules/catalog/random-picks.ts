import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

/*
 * Random rows without `ORDER BY random()` (issue 42): sorting a whole table by random() costs
 * O(n log n) per request, seconds at a million tracks. Instead ids are drawn at random in the
 * table's id range and the rows that exist and pass the filters are read by primary key. Each
 * existing row is as likely as any other to be drawn (an id is hit exactly, never "the next id
 * after a gap"), so the picks stay uniform. When few ids hit (a narrow filter, a sparse id
 * range), the filtered set is small and the plain query finishes the answer.
 */

/** Ids drawn in the first round per id still wanted; each later round draws 4x more. */
const FIRST_ROUND_FACTOR = 2;
const ROUNDS = 3;
/** At most this many ids are looked up in one round. */
const MOST_PER_ROUND = 4000;

export interface RandomSource {
  /** The smallest and largest id of the table (null when it is empty). */
  range(): Promise<{ low: number; high: number } | null>;
  /** Which of these ids exist and pass the filters (any order). */
  passing(ids: readonly number[]): Promise<number[]>;
  /** The plain query: up to `size` random ids of the filtered set (`ORDER BY random()`). */
  plain(size: number): Promise<number[]>;
}

/** Up to `count` distinct ids of [low, high] not in `tried`, in random order. */
function draw(low: number, high: number, count: number, tried: Set<number>): number[] {
  const span = high - low + 1;
  const left = span - tried.size;
  if (left <= 0) return [];
  if (left <= count * 2) {
    // Nearly the whole range: every id not tried yet, shuffled.
    const all: number[] = [];
    for (let id = low; id <= high; id++) if (!tried.has(id)) all.push(id);
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    return all.slice(0, count);
  }
  const drawn: number[] = [];
  while (drawn.length < count) {
    const id = low + Math.floor(Math.random() * span);
    if (tried.has(id)) continue;
    tried.add(id);
    drawn.push(id);
  }
  return drawn;
}

/**
 * `size` distinct random ids of the filtered set (fewer only when fewer exist), in random order.
 */
export async function randomIds(source: RandomSource, size: number): Promise<number[]> {
  if (size <= 0) return [];
  const range = await source.range();
  if (!range) return [];
  const picked: number[] = [];
  const seen = new Set<number>();
  const tried = new Set<number>();
  let exhausted = false;
  for (let round = 0; round < ROUNDS && picked.length < size && !exhausted; round++) {
    const wanted = (size - picked.length) * FIRST_ROUND_FACTOR * 4 ** round;
    const candidates = draw(range.low, range.high, Math.min(MOST_PER_ROUND, wanted), tried);
    for (const id of candidates) tried.add(id);
    exhausted = tried.size >= range.high - range.low + 1;
    if (!candidates.length) break;
    const hits = new Set(await source.passing(candidates));
    // In the order drawn, so the answer's order is random too.
    for (const id of candidates) {
      if (picked.length >= size) break;
      if (hits.has(id) && !seen.has(id)) {
        seen.add(id);
        picked.push(id);
      }
    }
  }
  // Every id was tried: the filtered set is what was found.
  if (picked.length >= size || exhausted) return picked;
  // Few hits: the filtered set is small next to the id range, so sorting it is cheap.
  for (const id of await source.plain(size)) {
    if (picked.length >= size) break;
    if (!seen.has(id)) {
      seen.add(id);
      picked.push(id);
    }
  }
  return picked;
}

/** A select of one catalog table's ids with the caller's filters, as Kysely builds it. */
export interface FilteredIds {
  execute(): Promise<{ id: number }[]>;
  orderBy(order: RawBuilder<unknown>): { limit(limit: number): FilteredIds };
}

/**
 * The random source of a filtered select of `table`'s ids: `filtered(ids)` is the select kept
 * to those ids (read by primary key), `filtered()` the whole filtered set.
 */
export function selectSource(
  db: Db,
  table: 'tracks' | 'albums',
  filtered: (ids?: readonly number[]) => FilteredIds,
): RandomSource {
  const ids = async (select: FilteredIds) => (await select.execute()).map((row) => row.id);
  return {
    async range() {
      // Each from one end of the primary key. As one query, `select min(id), max(id)`, SQLite
      // scans a whole index instead (its min/max shortcut takes a single aggregate): 41 ms of
      // every random pick at a million tracks.
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom(table as 'tracks')
            .select((inner) => inner.fn.min('id').as('low'))
            .as('low'),
          eb
            .selectFrom(table as 'tracks')
            .select((inner) => inner.fn.max('id').as('high'))
            .as('high'),
        ])
        .executeTakeFirst();
      return row?.low == null || row.high == null
        ? null
        : { low: Number(row.low), high: Number(row.high) };
    },
    passing: (candidates) => ids(filtered(candidates)),
    plain: (size) =>
      ids(
        filtered()
          .orderBy(sql`random()`)
          .limit(size),
      ),
  };
}
