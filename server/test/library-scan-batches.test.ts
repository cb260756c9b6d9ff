import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import type { Browser } from './helpers/client.ts';
import { libraryMp3, placeFile } from './helpers/library-audio.ts';
import { openLibrarySite, type LibrarySite } from './helpers/library-site.ts';

/*
 * Issue 42: at the end of a scan every album it touched is put in track order and listed
 * again. Done for all of them in one transaction, that held SQLite's only writer for seconds
 * after a large import, and a listener's like or play waited behind it (user writes p99
 * 371 ms during an import at a million tracks; goal 50). The scan now orders its albums a
 * few dozen at a time, each group its own write batch, so other writers get in between.
 */

const ALBUMS = 60;
let t: TestApp;
let admin: Browser;
let root: string;
let site: LibrarySite | undefined;

beforeAll(async () => {
  site = await openLibrarySite('scan-batches');
  ({ t, admin, root } = site);
  for (let i = 1; i <= ALBUMS; i++) {
    const tags = { title: `Song ${i}`, artist: 'Many Albums', album: `Album ${i}`, track: 1 };
    await placeFile(
      root,
      `Many Albums/Album ${i}/01.mp3`,
      await libraryMp3(tags, { seed: 5100 + i, seconds: 1 }),
    );
  }
});

afterAll(async () => {
  vi.restoreAllMocks();
  await site?.close();
});

describe('the end of a scan', () => {
  it('orders the albums it touched a few dozen at a time, all of them', async () => {
    const orderAlbums = vi.spyOn(t.app.services.libraryCatalog, 'orderAlbums');
    const response = await admin.post('/api/v1/admin/library-folders', { path: root });
    expect(response.statusCode, response.body).toBe(201);
    await t.app.services.jobs.idle();

    const groups = orderAlbums.mock.calls.map(([orders]) => orders.length);
    expect(groups.length).toBeGreaterThan(1);
    expect(Math.max(...groups)).toBeLessThanOrEqual(50);
    const ordered = new Set(
      orderAlbums.mock.calls.flatMap(([orders]) => orders.map((o) => o.albumId)),
    );
    expect(ordered.size).toBe(ALBUMS);

    // Every album was listed, its one track numbered 1.
    const albums = await t.database.db
      .selectFrom('albums')
      .innerJoin('tracks', 'tracks.album_id', 'albums.id')
      .select(['albums.name', 'albums.is_public', 'tracks.number'])
      .where('tracks.library_folder_id', 'is not', null)
      .execute();
    expect(albums).toHaveLength(ALBUMS);
    expect(albums.every((row) => Number(row.is_public) === 1 && row.number === 1)).toBe(true);
  });
});
