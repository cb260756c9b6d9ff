import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artist } from '@backbeat/common';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { openBrowser } from './helpers/client.ts';
import { createAlbumsArtistsQueries } from '../src/modules/catalog/albums-artists-repository.ts';
import { createArtist, createGenre } from './helpers/catalog.ts';
import { plansOf, queryRecorder, sortsRows } from './helpers/query-plans.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function similarNames(artistId: number): Promise<string[]> {
  const response = await (await openBrowser(t.app)).get(`/api/v1/artists/${artistId}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { similar: Artist[] }).similar.map((a) => a.name);
}

describe('GET artists/{id}: similar artists', () => {
  it('lists those sharing the most genres, then the most popular, the newest first among equals', async () => {
    const [house, deep, disco] = [
      await createGenre(t.app, 'House'),
      await createGenre(t.app, 'Deep House'),
      await createGenre(t.app, 'Disco'),
    ];
    const subject = await createArtist(t.app, {
      name: 'Subject',
      genreIds: [house.id, deep.id],
      popularity: 50,
    });
    // Sharing one genre, however popular, comes after every artist sharing both.
    await createArtist(t.app, {
      name: 'One Genre',
      genreIds: [house.id, disco.id],
      popularity: 99,
    });
    await createArtist(t.app, { name: 'Elsewhere', genreIds: [disco.id], popularity: 98 });
    const both = [
      ['Both 70', 70],
      ['Both 60 older', 60],
      ['Both 60 newer', 60],
      ['Both 55', 55],
      ['Both 50', 50],
      ['Both 40', 40],
      ['Both 30', 30],
      ['Both 20 older', 20],
      ['Both 20 newer', 20],
      ['Both 10', 10],
    ] as const;
    for (const [name, popularity] of both) {
      await createArtist(t.app, { name, genreIds: [house.id, deep.id, disco.id], popularity });
    }
    // Enough share every genre: the eight most popular of them, popularity ties newest first.
    const eightMostPopular = [
      'Both 70',
      'Both 60 newer',
      'Both 60 older',
      'Both 55',
      'Both 50',
      'Both 40',
      'Both 30',
      'Both 20 newer',
    ];
    expect(await similarNames(subject.id)).toEqual(eightMostPopular);

    // None shares all three of Rare's genres: those sharing two come first, the same order.
    const rare = await createGenre(t.app, 'Rare');
    const picky = await createArtist(t.app, {
      name: 'Picky',
      genreIds: [deep.id, disco.id, rare.id],
      popularity: 5,
    });
    expect(await similarNames(picky.id)).toEqual(eightMostPopular);

    const alone = await createArtist(t.app, { name: 'Alone', genreIds: [disco.id] });
    expect(await similarNames(alone.id)).toEqual([
      'One Genre',
      'Elsewhere',
      'Both 70',
      'Both 60 newer',
      'Both 60 older',
      'Both 55',
      'Both 50',
      'Both 40',
    ]);
    expect(await similarNames((await createArtist(t.app, { name: 'No Genre' })).id)).toEqual([]);
  });

  it('reads the most popular artists off an index in their order, sorting none', async () => {
    const genre = await createGenre(t.app, 'Plan Genre');
    const subject = await createArtist(t.app, { name: 'Plan Subject', genreIds: [genre.id] });
    const recorder = queryRecorder();
    const queries = createAlbumsArtistsQueries(
      t.database.db.withPlugin(recorder.plugin),
      t.database.dialect,
    );
    await queries.similarArtistIds(subject.id, 6);
    const [sharingAll] = await plansOf(t.database, recorder.seen);
    // Ties of popularity broken by id off an index. SQLite's index of popularity ends in the
    // rowid already; PostgreSQL's does not, and it read every artist of the top popularity
    // from the table to sort them by id until migration 0036's index.
    expect(sortsRows(sharingAll!)).toBe(false);
    if (t.database.dialect === 'postgres') expect(sharingAll).toMatch(/artists_by_popularity_idx/);
  });
});
