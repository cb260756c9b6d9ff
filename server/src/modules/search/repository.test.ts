import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest, migrateUpTo } from '../../db/migrations/index.ts';
import { boostOf, searchDocument } from './document.ts';
import { createSearchIndexRepository, rankedRowidOf } from './repository.ts';

// SQLite's index keeps each document's id and boost in its rowid (issue 22); these check what
// a search reads back from it, on a fresh database and on one an older version indexed.
let handle: DatabaseHandle | undefined;
let directory: string | undefined;

afterEach(async () => {
  await handle?.destroy();
  if (directory) rmSync(directory, { recursive: true, force: true });
  handle = directory = undefined;
});

function open(): DatabaseHandle {
  directory = mkdtempSync(join(tmpdir(), 'backbeat-search-index-'));
  handle = openDatabase({ driver: 'sqlite', file: join(directory, 'database.sqlite') });
  return handle;
}

const page = { limit: 10, offset: 0 };

describe('SQLite search index rowids', () => {
  it('gives back ids up to the largest the layout holds, ranked by popularity', async () => {
    const { db } = open();
    await migrateToLatest(db);
    const index = createSearchIndexRepository(db, 'sqlite');
    await index.upsert([
      searchDocument('track', 7, 'Midnight Drive', '', 1000),
      searchDocument('track', 999_999_999, 'Midnight Drive', '', 1001),
      searchDocument('track', 12, 'Midnight Drive', '', 3),
      searchDocument('album', 8, 'Midnight Drive', '', 5000),
    ]);
    // Popularity 1000 and 1001 differ in the fourth decimal of their boost: still apart.
    expect(await index.query('track', ['midn'], page)).toEqual([999_999_999, 7, 12]);
    expect(await index.query('album', ['midn'], page)).toEqual([8]);
  });

  it('gives every match by field, past the candidates a ranked query reads, most popular first', async () => {
    const { db } = open();
    await migrateToLatest(db);
    const index = createSearchIndexRepository(db, 'sqlite');
    const many = Array.from({ length: 1200 }, (_, i) =>
      searchDocument('track', i + 1, `Vesper ${i + 1}`, 'Orbis Tamber Quell Sessions', i),
    );
    await index.upsert([...many, searchDocument('track', 5000, 'Quell', 'Vesper Lantern', 0)]);
    const all = await index.allMatches('track', [{ field: 'either', terms: ['vesp'] }]);
    expect(all).toHaveLength(1201);
    expect(all.slice(0, 3)).toEqual([1200, 1199, 1198]);
    expect(await index.allMatches('track', [{ field: 'name', terms: ['quell'] }])).toEqual([5000]);
    expect(
      await index.allMatches('track', [
        { field: 'extra', terms: ['quell'] },
        { field: 'name', terms: ['vesper', '12'] },
      ]),
    ).toEqual([1200, 129, 128, 127, 126, 125, 124, 123, 122, 121, 120, 12]);
  });

  it('refuses an id the layout cannot hold instead of mixing it up with another', () => {
    expect(() => rankedRowidOf('track', 1_000_000_000, 0.5)).toThrow(RangeError);
    expect(rankedRowidOf('track', 5, boostOf(10))).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('moves an index built by an older version into the layout, keeping what it finds', async () => {
    const { db } = open();
    await migrateUpTo(db, '0020_library_access');
    // 0008's layout: kind × 10^13, boost bucket (1/600) × 10^10, id.
    const old = (kind: number, id: number, boost: number) =>
      kind * 10_000_000_000_000 + (999 - Math.round(boost * 600)) * 10_000_000_000 + id;
    const rows = [
      { kind: 'track', number: 3, id: 41, name: 'golden hour', popularity: 10 },
      { kind: 'track', number: 3, id: 42, name: 'golden gate', popularity: 90 },
      { kind: 'artist', number: 1, id: 5, name: 'golden bells', popularity: 40 },
    ];
    for (const row of rows) {
      const boost = boostOf(row.popularity);
      const rowid = old(row.number, row.id, boost);
      await sql`INSERT INTO search_index (rowid, kind, ref_id, boost, name, extra)
        VALUES (${rowid}, ${row.kind}, ${row.id}, ${boost}, ${row.name}, '')`.execute(db);
      await sql`INSERT INTO search_index_keys (kind, ref_id, row_id)
        VALUES (${row.kind}, ${row.id}, ${rowid})`.execute(db);
    }

    expect(await migrateToLatest(db)).toContain('0021_search_ids_in_rowid');
    const index = createSearchIndexRepository(db, 'sqlite');
    expect(await index.query('track', ['gold'], page)).toEqual([42, 41]);
    expect(await index.query('artist', ['gold'], page)).toEqual([5]);
    // The key table follows, so a later update or removal finds each document.
    await index.remove('track', [42]);
    expect(await index.query('track', ['gold'], page)).toEqual([41]);
  });
});
