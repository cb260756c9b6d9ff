import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Dialect } from './database.ts';
import type { Database } from './schema.ts';

/** What stands in for a call's numbers while its query is compiled: far from ids and sizes. */
const STAND_IN = 1_987_654_321;
/** The one id of the id list that stands in for a call's ids (below the numbers' stand-ins). */
const STAND_IN_ID = STAND_IN - 1;

/** For each bound parameter: the call's number it takes, its id list, or null (a fixed value). */
type Slot = number | 'ids' | null;

interface Shape<Row> {
  query: CompiledQuery<Row>;
  slots: Slot[];
}

/**
 * A read whose varying bound values are a few numbers (an id, the viewer, a page), built and
 * compiled by Kysely once per shape and then run with each call's numbers (issue 22). Built and
 * compiled on every request, the artist page's reads kept Kysely's query compiler busy, and
 * among what V8 optimises while a server warms up.
 *
 * `build`'s SQL may depend on which of its numbers are 0 (nobody logged in, the first page)
 * and on nothing else: each pattern of zeros is one shape, compiled once with every other
 * number replaced by a stand-in that is then found among the parameters. Where a stand-in
 * cannot be found, or shows in the SQL text itself, the read is built on every call instead.
 * (`compiledByIds` in id-list.ts does the same for a read bound to one id list.)
 */
export function compiledByNumbers<Args extends number[], Row>(
  db: Kysely<Database>,
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const read = compiledRead(db, null, (_ids, args: Args) => build(...args), true);
  return (...args) => read(null, args);
}

/**
 * As `compiledByNumbers`, for a read bound to one id list (`inIds` in id-list.ts) and a few
 * numbers: a list of cards as a logged-in viewer may see them. Built on every call, the
 * artist rows for a viewer (eight artists and their genres, 10,000 calls in turn on the 100k
 * catalog) took 83-99 µs a call; compiled once, 60-64 µs.
 */
export function compiledByIdsAndNumbers<Args extends number[], Row>(
  db: Kysely<Database>,
  dialect: Dialect,
  build: (ids: readonly number[], ...args: Args) => Compilable<Row>,
  /** Whether other bound values may be kept as first compiled (constants of the query). */
  options: { fixedValues: boolean } = { fixedValues: true },
): (ids: readonly number[], ...args: Args) => Promise<Row[]> {
  const read = compiledRead(
    db,
    dialect,
    (ids, args: Args) => build(ids ?? [], ...args),
    options.fixedValues,
  );
  return (ids, ...args) => read(ids, args);
}

/** Both of the above: `dialect` is given where the read binds an id list. */
function compiledRead<Args extends number[], Row>(
  db: Kysely<Database>,
  dialect: Dialect | null,
  build: (ids: readonly number[] | null, args: Args) => Compilable<Row>,
  fixedValues: boolean,
) {
  const shapes = new Map<string, Shape<Row> | null>();
  return async (ids: readonly number[] | null, args: Args): Promise<Row[]> => {
    const key = args.map((value) => (value === 0 ? '0' : 'n')).join('');
    let shape = shapes.get(key);
    if (shape === undefined) {
      shape = compileShape(build, dialect !== null, args, fixedValues);
      shapes.set(key, shape);
    }
    if (!shape) return (await db.executeQuery(build(ids, args).compile())).rows;
    const { query, slots } = shape;
    const parameters = query.parameters.map((value, index) => {
      const slot = slots[index];
      if (slot === 'ids') return idsParameter(dialect!, ids ?? []);
      return slot === null || slot === undefined ? value : args[slot];
    });
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/** How `inIds` binds a list: a JSON array for SQLite's json_each, an array for PostgreSQL. */
const idsParameter = (dialect: Dialect, ids: readonly number[]) =>
  dialect === 'postgres' ? [...ids] : JSON.stringify(ids);

function compileShape<Args extends number[], Row>(
  build: (ids: readonly number[] | null, args: Args) => Compilable<Row>,
  withIds: boolean,
  args: Args,
  fixedValues: boolean,
): Shape<Row> | null {
  const standIns = args.map((value, index) => (value === 0 ? 0 : STAND_IN + index)) as Args;
  const query = build(withIds ? [STAND_IN_ID] : null, standIns).compile();
  const standInIds = JSON.stringify([STAND_IN_ID]);
  const slots = query.parameters.map((value): Slot => {
    if (
      value === standInIds ||
      (Array.isArray(value) && value.length === 1 && value[0] === STAND_IN_ID)
    ) {
      return 'ids';
    }
    return typeof value === 'number' && value >= STAND_IN && value < STAND_IN + args.length
      ? value - STAND_IN
      : null;
  });
  const everyFound =
    standIns.every((value, index) => value === 0 || slots.includes(index)) &&
    (!withIds || slots.filter((slot) => slot === 'ids').length === 1) &&
    (fixedValues || !slots.includes(null));
  const inText = [STAND_IN, STAND_IN_ID].some((value) => query.sql.includes(String(value)));
  return everyFound && !inText ? { query, slots } : null;
}
