import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { createFileEntriesRepository } from '../src/modules/file-entries/repository.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

/*
 * Two instances on one database (scale-out) finishing uploads of one user at the same time:
 * the quota check and the insert are one transaction (issue 35, item 5), and on SQLite a
 * second connection's write in between made the insert fail (a 500 in the scale-out test).
 */
let directory: string;
let database: TestDatabase;
let handles: DatabaseHandle[];
let userId: number;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'backbeat-two-connections-'));
  database = await createTestDatabase(directory);
  handles = [database.open(), database.open()];
  await migrateToLatest(handles[0]!.db);
  const now = new Date().toISOString();
  ({ id: userId } = await handles[0]!.db
    .insertInto('users')
    .values({
      email: 'u@backbeat.test',
      password: null,
      name: 'U',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(async () => {
  for (const handle of handles) await handle.destroy();
  await database.drop();
  await rm(directory, { recursive: true, force: true });
});

describe('file entries made through two connections at once', () => {
  it('keeps every entry that fits, and only those, with no error', async () => {
    const repositories = handles.map((h) => createFileEntriesRepository(h.db, h.dialect));
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        repositories[i % 2]!.insertIfFits(
          {
            name: `take-${i}.mp3`,
            path: `uploads/take-${i}`,
            disk: 'local',
            file_size: 100,
            mime: 'audio/mpeg',
            extension: 'mp3',
            user_id: userId,
            parent_id: null,
            media_status: null,
          },
          (used) => used + 100 <= 2000,
        ),
      ),
    );
    expect(results.filter((row) => row !== null)).toHaveLength(20);
    expect(await repositories[0]!.usedSpace(userId)).toBe(2000);
  });
});
