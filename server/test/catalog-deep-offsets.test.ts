import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogBrowseRepository } from '../src/modules/catalog/browse-repository.ts';
import type { AlbumListQuery } from '../src/modules/catalog/list-orders.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';
import { plansOf, queryRecorder, sortsRows } from './helpers/query-plans.ts';

/*
 * Issue 42: clients sync whole libraries by paging (search3 with an empty query, songOffset up
 * to a million; getAlbumList2 by name, newest, year or genre with growing offsets). Each page's
 * ids are read from an index that holds the order and the visibility columns, so a deep OFFSET
 * walks that index only and never sorts the table; the pages are the same as the plain
 * query's (the order and the visibility rule written out here).
 */

const ALBUMS = 240;
const TRACKS = 720;
let t: TestApp;
let ownerId: number;
let repository: ReturnType<typeof createCatalogBrowseRepository>;
const albums: {
  id: number;
  name: string;
  created: string;
  release: string;
  plays: number;
  public: boolean;
}[] = [];
const tracks: { id: number; public: boolean; owner: number | null; folder: number | null }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const writes = t.app.services.catalogWrites;
  ownerId = (await createUser(t.app)).id;
  for (let i = 0; i < ALBUMS; i++) {
    // Names that repeat and differ in case, days that repeat: the id breaks the ties.
    const name = `${i % 2 ? 'a' : 'A'}lbum ${String((i * 37) % 100).padStart(3, '0')}`;
    const created = new Date(Date.UTC(2024, 0, 1 + ((i * 11) % 50))).toISOString();
    const release = `${1980 + ((i * 7) % 40)}-0${1 + (i % 9)}-01`;
    const isPublic = i % 6 !== 4;
    const plays = (i * 13) % 9;
    const id = await writes.insertAlbum({
      name,
      release_date: release,
      image: null,
      type: 'album',
      description: null,
      owner_id: isPublic ? null : ownerId,
      is_public: isPublic ? 1 : 0,
      plays,
      popularity: 0,
      created_at: created,
      updated_at: created,
    });
    albums.push({ id, name, created, release, plays, public: isPublic });
  }
  for (let i = 0; i < TRACKS; i++) {
    const isPublic = i % 8 !== 5;
    const owner = isPublic ? null : ownerId;
    const id = await writes.insertTrack({
      name: `Track ${i}`,
      number: 1,
      duration: 1000,
      album_id: albums[i % ALBUMS]!.id,
      image: null,
      description: null,
      owner_id: owner,
      is_public: isPublic ? 1 : 0,
      audio_path: null,
      audio_mime: null,
      waveform: '[]',
      plays: 0,
      popularity: 0,
      created_at: albums[0]!.created,
      updated_at: albums[0]!.created,
    });
    tracks.push({ id, public: isPublic, owner, folder: i % 4 === 0 ? 3 : null });
  }
  await t.database.db
    .updateTable('tracks')
    .set({ library_folder_id: 3 })
    .where(
      'id',
      'in',
      tracks.filter((track) => track.folder === 3).map((track) => track.id),
    )
    .execute();
  // As after a scan on PostgreSQL: the planner knows the tables' sizes (SQLite keeps none).
  if (t.database.dialect === 'postgres') await sql`analyze`.execute(t.database.db);
  repository = createCatalogBrowseRepository(t.database.db, t.database.dialect);
});

afterAll(async () => {
  await t?.close();
});

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const visibleAlbums = (viewer: number) =>
  albums.filter((album) => album.public || (viewer === ownerId && !album.public));

/** The plain order of each list, written out. */
const ORDERS: Record<string, (viewer: number) => number[]> = {
  alphabeticalByName: (viewer) =>
    visibleAlbums(viewer)
      .sort((a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id)
      .map((album) => album.id),
  newest: (viewer) =>
    visibleAlbums(viewer)
      .sort((a, b) => byText(b.created, a.created) || b.id - a.id)
      .map((album) => album.id),
  frequent: (viewer) =>
    visibleAlbums(viewer)
      .sort((a, b) => b.plays - a.plays || a.id - b.id)
      .map((album) => album.id),
  byYear: (viewer) =>
    visibleAlbums(viewer)
      .filter((album) => album.release >= '1990' && album.release < '2006')
      .sort((a, b) => byText(a.release, b.release) || a.id - b.id)
      .map((album) => album.id),
};

const query = (order: string, offset: number, size: number): AlbumListQuery => ({
  order: order as AlbumListQuery['order'],
  size,
  offset,
  ...(order === 'byYear' ? { fromYear: 1990, toYear: 2005 } : {}),
});

describe('deep offsets', () => {
  it('album lists page as the plain order does, at every offset', async () => {
    for (const order of Object.keys(ORDERS)) {
      for (const viewer of [0, ownerId]) {
        const expected = ORDERS[order]!(viewer);
        for (const offset of [0, 1, 7, 50, 99, 150, expected.length - 3, expected.length + 5]) {
          const page = await repository.albumIds(query(order, offset, 10), viewer);
          expect(page, `${order} at ${offset}`).toEqual(expected.slice(offset, offset + 10));
        }
      }
    }
  });

  it('track pages (search3 with an empty query) page as the plain order does', async () => {
    for (const [viewer, folder] of [
      [0, undefined],
      [ownerId, undefined],
      [0, 3],
      [0, null],
    ] as const) {
      const expected = tracks
        .filter((track) => track.public || track.owner === viewer)
        .filter((track) => folder === undefined || track.folder === folder)
        .map((track) => track.id);
      for (const offset of [0, 3, 100, 333, expected.length - 2, expected.length + 1]) {
        const page = await repository.trackIdsPage(offset, 25, viewer, folder);
        expect(page).toEqual(expected.slice(offset, offset + 25));
      }
    }
  });

  it('reads each page from an index in the list order, never sorting the table', async () => {
    const recorder = queryRecorder();
    const recorded = createCatalogBrowseRepository(
      t.database.db.withPlugin(recorder.plugin),
      t.database.dialect,
    );
    for (const order of Object.keys(ORDERS)) {
      await recorded.albumIds(query(order, 120, 20), 0);
      await recorded.albumIds(query(order, 120, 20), ownerId);
    }
    await recorded.trackIdsPage(500, 50, 0);
    await recorded.trackIdsPage(500, 50, ownerId);
    const plans = await plansOf(t.database, recorder.seen);
    expect(plans).toHaveLength(2 * Object.keys(ORDERS).length + 2);
    expect(plans.filter(sortsRows)).toEqual([]);
    // The narrow index, not the table's wide rows (SQLite names what it reads first).
    if (t.database.dialect === 'sqlite') {
      expect(plans.filter((plan) => !/^(SCAN|SEARCH) \w+ USING COVERING INDEX/.test(plan))).toEqual(
        [],
      );
    }
  });
});
