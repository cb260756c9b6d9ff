import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** What stands in for a call's numbers while its query is compiled: far from ids and sizes. */
const STAND_IN = 1_987_654_321;

interface Shape<Row> {
  query: CompiledQuery<Row>;
  /** For each bound parameter, the call's number it takes, or null for a fixed value. */
  slots: (number | null)[];
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
  const shapes = new Map<string, Shape<Row> | null>();
  return async (...args) => {
    const key = args.map((value) => (value === 0 ? '0' : 'n')).join('');
    let shape = shapes.get(key);
    if (shape === undefined) {
      shape = compileShape(build, args);
      shapes.set(key, shape);
    }
    if (!shape) return (await db.executeQuery(build(...args).compile())).rows;
    const { query, slots } = shape;
    const parameters = query.parameters.map((value, index) => {
      const slot = slots[index];
      return slot === null || slot === undefined ? value : args[slot];
    });
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

function compileShape<Args extends number[], Row>(
  build: (...args: Args) => Compilable<Row>,
  args: Args,
): Shape<Row> | null {
  const standIns = args.map((value, index) => (value === 0 ? 0 : STAND_IN + index)) as Args;
  const query = build(...standIns).compile();
  const slots = query.parameters.map((value) =>
    typeof value === 'number' && value >= STAND_IN && value < STAND_IN + args.length
      ? value - STAND_IN
      : null,
  );
  const everyFound = standIns.every((value, index) => value === 0 || slots.includes(index));
  return everyFound && !query.sql.includes(String(STAND_IN)) ? { query, slots } : null;
}
