import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite } from '../src/db/sqlite-driver.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';

/*
 * A write batch (the library scan's): a stretch of writes in one SQLite transaction. Kysely
 * transactions inside it keep their all-or-nothing, and it all lands when the batch ends.
 */
let directory: string;
let database: DatabaseHandle;
const file = () => join(directory, 'batch.sqlite');

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'backbeat-batch-'));
  database = openDatabase({ driver: 'sqlite', file: file() });
  await sql`create table notes (id integer primary key, text text not null)`.execute(database.db);
});
afterAll(async () => {
  await database.destroy();
  await rm(directory, { recursive: true, force: true });
});

const insert = (text: string, db = database.db) =>
  sql`insert into notes (text) values (${text})`.execute(db);
/** What another process reading the file sees (committed rows only). */
function committed(): string[] {
  const reader = new SQLite(file(), { readonly: true });
  try {
    return (reader.prepare('select text from notes order by id').all() as { text: string }[]).map(
      (row) => row.text,
    );
  } finally {
    reader.close();
  }
}

describe('a write batch', () => {
  it('commits its writes together when it ends, not before', async () => {
    let seenInside: string[] = [];
    await database.batch!(async () => {
      await insert('one');
      await insert('two');
      seenInside = committed();
    });
    expect(seenInside).toEqual([]);
    expect(committed()).toEqual(['one', 'two']);
  });

  it('keeps a transaction inside it all-or-nothing', async () => {
    await database.batch!(async () => {
      await insert('kept');
      await expect(
        database.db.transaction().execute(async (trx) => {
          await insert('undone', trx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await database.db.transaction().execute((trx) => insert('done', trx));
      await insert('after');
    });
    expect(committed()).toEqual(['one', 'two', 'kept', 'done', 'after']);
  });

  it('commits what was written before a failure, and the next batch works', async () => {
    await expect(
      database.batch!(async () => {
        await insert('before failing');
        throw new Error('scan stopped');
      }),
    ).rejects.toThrow('scan stopped');
    await database.batch!(() => insert('next'));
    expect(committed().slice(-2)).toEqual(['before failing', 'next']);
  });
});
