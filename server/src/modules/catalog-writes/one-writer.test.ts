import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The catalog has one write model (issue 37): only catalog-writes/ inserts, updates or deletes
 * the rows of artists, albums, tracks, their links and lyrics. Adding a column to tracks then
 * touches the schema, that module, its contract and its presenter, nothing else.
 */

const SRC = new URL('../../', import.meta.url).pathname;
const OWNER = 'modules/catalog-writes/';
/** Frozen history writes what it likes. */
const EXEMPT = ['db/migrations/'];
const CATALOG_TABLES = [
  'artists',
  'albums',
  'tracks',
  'track_artists',
  'album_artists',
  'track_genres',
  'album_genres',
  'artist_genres',
  'track_tags',
  'album_tags',
  'lyrics',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A write statement naming a catalog table, directly or through a cast (`table as 'tracks'`). */
const WRITE = new RegExp(
  String.raw`\.(insertInto|updateTable|deleteFrom)\(\s*[^)]*?'(${CATALOG_TABLES.join('|')})'`,
  'g',
);

/** Every write of a catalog table outside the owner, as `file: statement`. */
function writesOutsideOwner(): string[] {
  return sourceFiles(SRC).flatMap((path) => {
    const file = relative(SRC, path);
    if (file.startsWith(OWNER) || EXEMPT.some((prefix) => file.startsWith(prefix))) return [];
    return [...readFileSync(path, 'utf8').matchAll(WRITE)].map(
      (match) => `${file}: ${match[1]}('${match[2]}')`,
    );
  });
}

/**
 * Admin resources over a catalog table (`defineResource(…, { table: 'lyrics' … })`) whose
 * rows the generic resource repository would write (`toInsert`/`toUpdate`, or no `delete`
 * hook), as `file: table`. The statements above cannot see those: the table is a value.
 */
function resourcesWritingGenerically(): string[] {
  const TABLE = new RegExp(String.raw`table:\s*'(${CATALOG_TABLES.join('|')})'`);
  return sourceFiles(SRC).flatMap((path) => {
    const file = relative(SRC, path);
    if (file.startsWith('resources/')) return [];
    const parts = readFileSync(path, 'utf8').split('defineResource(').slice(1);
    return parts.flatMap((part) => {
      const table = TABLE.exec(part)?.[1];
      if (!table) return [];
      const generic = /\btoInsert\b|\btoUpdate\b/.test(part) || !/\bdelete[:(]/.test(part);
      return generic ? [`${file}: ${table}`] : [];
    });
  });
}

describe('the catalog write model', () => {
  it('is the only code that writes artists, albums, tracks, their links and lyrics', () => {
    expect(writesOutsideOwner()).toEqual([]);
  });

  it('is also what admin resources over those tables write through', () => {
    expect(resourcesWritingGenerically()).toEqual([]);
  });

  it('writes them itself (the rule above reads the statements it means)', () => {
    const owned = sourceFiles(join(SRC, OWNER))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const written = new Set([...owned.matchAll(WRITE)].map((match) => match[2]));
    for (const table of ['artists', 'albums', 'tracks', 'lyrics']) {
      expect(written).toContain(table);
    }
  });
});
