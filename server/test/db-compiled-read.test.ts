import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledByIdsAndNumbers, compiledByNumbers } from '../src/db/compiled-read.ts';
import { compiledByIds, inIds } from '../src/db/id-list.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';

/*
 * A read compiled once per shape (which of its numbers are 0) and run with each call's numbers
 * gives what building it on every call gives, and builds it no more than once per shape.
 */
let directory: string;
let database: DatabaseHandle;
// The test's own table, outside the app's schema.
let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'backbeat-compiled-read-'));
  database = openDatabase({ driver: 'sqlite', file: join(directory, 'read.sqlite') });
  db = database.db;
  await sql`create table songs (id integer primary key, owner_id integer not null, is_public integer not null)`.execute(
    db,
  );
  for (let id = 1; id <= 12; id++) {
    await sql`insert into songs (id, owner_id, is_public) values (${id}, ${id % 3}, ${id % 2})`.execute(
      db,
    );
  }
});
afterAll(async () => {
  await database.destroy();
  await rm(directory, { recursive: true, force: true });
});

/** Songs from `from` on that the viewer sees (public, or their own when logged in), paged. */
const songsFor = (from: number, viewerId: number, limit: number, offset: number) => {
  let query = db.selectFrom('songs').select('id').where('id', '>=', from);
  query = viewerId
    ? query.where((eb) => eb.or([eb('is_public', '=', 1), eb('owner_id', '=', viewerId)]))
    : query.where('is_public', '=', 1);
  return query.orderBy('id').limit(limit).offset(offset);
};
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe('compiledByNumbers', () => {
  it('answers as the query built for each call, and builds each shape once', async () => {
    const build = vi.fn(songsFor);
    const read = compiledByNumbers(db, build);
    const calls: [number, number, number, number][] = [
      [1, 0, 5, 0],
      [3, 0, 2, 1],
      [1, 1, 4, 0],
      [2, 2, 3, 2],
      [5, 1, 10, 0],
      [1, 0, 3, 2],
    ];
    for (const call of calls) {
      expect(ids(await read(...call))).toEqual(ids(await songsFor(...call).execute()));
    }
    // Four patterns of zeros (viewer, offset): [_,0,_,0], [_,0,_,n], [_,n,_,0], [_,n,_,n].
    expect(build).toHaveBeenCalledTimes(4);
  });

  it('builds a read on every call when a number is written into its SQL', async () => {
    const build = vi.fn((limit: number) =>
      db.selectFrom('songs').select('id').orderBy('id').limit(sql.lit(limit)),
    );
    const read = compiledByNumbers(db, build);
    expect(ids(await read(2))).toEqual([1, 2]);
    expect(ids(await read(3))).toEqual([1, 2, 3]);
    // Once for the shape it could not keep, then once for each call.
    expect(build).toHaveBeenCalledTimes(3);
  });
});

/** The songs among `wanted` that the viewer sees (public, or their own when logged in). */
const songsAmong = (wanted: readonly number[], viewerId: number) => {
  const query = db
    .selectFrom('songs')
    .select('id')
    .where(inIds('sqlite', 'id', wanted));
  return (
    viewerId
      ? query.where((eb) => eb.or([eb('is_public', '=', 1), eb('owner_id', '=', viewerId)]))
      : query.where('is_public', '=', 1)
  ).orderBy('id');
};

describe('compiledByIdsAndNumbers', () => {
  it('answers as the query built for each call, for any id list, and builds each shape once', async () => {
    const build = vi.fn(songsAmong);
    const read = compiledByIdsAndNumbers(db, 'sqlite', build);
    const calls: [number[], number][] = [
      [[1, 2, 3, 4], 0],
      [[5, 6], 1],
      [[2, 4, 6, 8, 10, 12], 2],
      [[], 2],
      [[7, 9, 11], 0],
      [[3, 6, 9, 12], 1],
    ];
    for (const [wanted, viewer] of calls) {
      expect(ids(await read(wanted, viewer))).toEqual(
        ids(await songsAmong(wanted, viewer).execute()),
      );
    }
    // Two shapes: nobody, and a viewer.
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('by ids alone, builds on every call a read that binds anything besides its ids', async () => {
    const build = vi.fn((wanted: readonly number[]) =>
      db
        .selectFrom('songs')
        .select('id')
        .where(inIds('sqlite', 'id', wanted))
        .where('is_public', '=', 1),
    );
    const read = compiledByIds(db, 'sqlite', build);
    expect(ids(await read([1, 2, 3]))).toEqual([1, 3]);
    expect(ids(await read([5, 6, 7]))).toEqual([5, 7]);
    // Once for the shape it could not keep, then once for each call.
    expect(build).toHaveBeenCalledTimes(3);
  });
});
