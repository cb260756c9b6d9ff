/*
 * A start that dies mid-migration: runs the migrations on the database its first argument
 * names (JSON of Config['database']) and SIGKILLs itself right after query number `killAfter`
 * (second argument) has run, as a crash or an OOM kill would. Used by migration-kill.test.ts.
 */
import type { Config } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrations/index.ts';
import { afterEachQuery } from './query-counter.ts';

const [configJson, killAfterText] = process.argv.slice(2);
const killAfter = Number(killAfterText);
const handle = openDatabase(JSON.parse(configJson!) as Config['database']);
const db = handle.db.withPlugin(
  afterEachQuery((count) => {
    if (count === killAfter) process.kill(process.pid, 'SIGKILL');
  }),
);
await migrateToLatest(db);
await handle.destroy();
