/*
 * One of two starts migrating the same database at once (migration-kill.test.ts). Arguments:
 * the database (JSON of Config['database']) and a role. `hold:<name>` pauses inside the
 * transaction of migration <name>, right after its first statement naming it, prints
 * `holding` and goes on when a line arrives on stdin. `announce` prints each query (and the
 * values it binds) before running it. `pause-before-create:<file>` stops the whole process
 * right before it creates the migration table (after finding none), prints `paused`, and goes
 * on once <file> exists. Each prints `applied <count>` when done.
 */
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Config } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrations/index.ts';
import { afterEachQuery } from './query-counter.ts';

const [configJson, role] = process.argv.slice(2);
const holdAt = role!.startsWith('hold:') ? role!.slice('hold:'.length) : undefined;
const releasedBy = role!.startsWith('pause-before-create:')
  ? role!.slice('pause-before-create:'.length)
  : undefined;
/** Blocks the process (Kysely hears of a query synchronously, before compiling it). */
function pauseUntil(file: string) {
  process.stdout.write('paused\n');
  const clock = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(file)) Atomics.wait(clock, 0, 0, 20);
}
let held = false;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

const handle = openDatabase(JSON.parse(configJson!) as Config['database']);
const db = handle.db.withPlugin(
  afterEachQuery(
    async (_count, _query, values) => {
      if (held || !holdAt || !values.includes(holdAt)) return;
      held = true;
      process.stdout.write('holding\n');
      await lines.next();
    },
    (_count, query, values) => {
      if (role === 'announce') process.stdout.write(`${JSON.stringify([query, ...values])}\n`);
      if (releasedBy && query.startsWith('create table if not exists')) pauseUntil(releasedBy);
    },
  ),
);
const applied = await migrateToLatest(db);
process.stdout.write(`applied ${applied.length}\n`);
await handle.destroy();
process.stdin.destroy();
