/**
 * One more app instance in a process of its own, for tests that must kill an instance for
 * real (SIGKILL: no close, no unlock). It reads the config of the instance under test from
 * BACKBEAT_TEST_CONFIG, listens on a free port and prints `listening <url>`.
 */
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';

const config = JSON.parse(process.env.BACKBEAT_TEST_CONFIG ?? '') as Config;
const database = openDatabase(config.database);
const app = await buildApp({ config, database, logger: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${url}\n`);
